/* look25.c -- research harness (session 4, 2026-11-23): cheap lookahead at every node of a
 * plain DPLL search (no clause learning, chronological backtracking) for 25x25 Sudoku
 * (5x5 boxes), with randomisation and restarts.  Findings: README.md, "Session 4".  In
 * short: 0.8-1.3 us per probe, 0.2 ms per node; deterministic (-V0 -z0) line 9 in 6,182
 * nodes / 1.2 s, 17 of 18 lines in 30 s, line 10 in 337,966 nodes / 65 s; randomised
 * restarts are worse (the search is nearly orientation-invariant, and randomised choices
 * only lengthen the median); 1 s for every line is not met.
 *
 * State: one 32-bit candidate mask per cell (625 words) plus, with the default -S1, one
 * 25-bit place mask per (unit, value) (1875 words).  Settling = naked singles + hidden
 * singles to the fixpoint.  -S1: removing value v from a cell clears its bit in the place
 * masks of the cell's 3 units; an empty place mask fails, a single place is a hidden single;
 * a solved cell removes its value only from the places still holding it.  -S0: the plain
 * version (64 peers per solved cell, rescans of dirty units).  Both reach the same fixpoint,
 * hence the same decisions (checked: identical node and probe counts); -l (locked
 * candidates, -S0 only) changes the fixpoint.
 * Probes run in place on the node's state with a first-touch trail and are undone; the
 * trail doubles as the child's "diff" (cell, new mask), so a join only looks at the cells
 * changed by BOTH children: S[c] &= A[c] | B[c].
 *
 * Lookahead at every node (B's rules, made incremental): the two-literal groups are the
 * bivalue cells (key = cell) and the values with exactly 2 places in a unit (key = 625 +
 * unit*25 + value; units: rows, columns, boxes).  Both literals of a group are probed
 * (results cached per literal until the state changes: a literal often sits in 2-4
 * groups).  One literal failing forces the other (its child state is applied directly);
 * both failing fails the node; otherwise the join is applied and settled.  The keys are
 * scanned circularly from 0 and the scan stops after one full circle without a change,
 * so every group is probed at the final state exactly once more (no second full pass as
 * in probe25.c).  Score = (e0+1)(e1+1)*1024 + e0 + e1 (e = candidate bits removed by the
 * probe); best = highest score, ties to the lowest key (or to a random per-run key
 * priority with -z).  Branch on the best group, children ordered by -O (default 2:
 * fewest eliminations first); no group left: fewest-candidates cell, values ascending.
 * A node = one child tried (assign + settle + lookahead).
 *
 * Randomisation (-V, -z) with seed s: a random symmetric variant of the puzzle (digits
 * permuted, bands, rows in bands, stacks, columns in stacks, transpose) -- the answer is
 * mapped back and verified against the ORIGINAL givens -- and/or random tie-break keys.
 * Seed 0 is always the puzzle as given with key-order ties.
 *
 * usage: look25 [options] file [line ...]         (lines 1-based; default all)
 *   -O0/1/2   child order: group order / most eliminations first / fewest first (default 2)
 *   -l        locked candidates inside settle
 *   -V        random symmetric variant per seed (default on; -V0 off)
 *   -z        random tie-break priorities per seed (default on; -z0 off)
 *   -s S      first seed (default 0)
 *   -n K      node cap of one run (restart cutoff unit, default 0 = unlimited)
 *   -L        Luby restarts: cutoff of run i = K * luby(i) (default: fixed cutoff K)
 *   -g F      geometric restarts: cutoff of run i = K * F^i
 *   -t SECS   CPU cap per line (default 60)
 *   -D K      run-length distribution mode: K independent runs (seeds s..s+K-1) per line,
 *             each capped by -n / -t, printed one per line, then quartiles
 *   -H X      heuristic equivalence (seed != 0): branch on a group drawn uniformly among
 *             those with score >= (1-X) * best score
 *   -F P      (seed != 0) swap the two children with probability P
 *   -T D      randomise (-H, -F) only at search depth < D (the root lookahead is depth 0)
 *   -P1       single-pass lookahead: one circle over the keys, scores of groups probed
 *             before a later change are kept (stale), as in cdcl25_look.c -D (cheaper)
 *   -I0       no revalidation of cached probes after a change (a cached child stays exact if
 *             every cell changed since lies in its diff, inside its new mask; same decisions;
 *             it rescues only ~1% of the lookups, no measurable gain)
 *   -W FILE   oracle walk along the solutions in FILE (line i = solution of puzzle line i):
 *             per level, is the -O order right, and the refuted wrong subtree (cap -n nodes);
 *             the walk and its refutations use the plain settle (-S0)
 *   -w        (with -W) no refutations; print per level "F line depth right e0 e1 la0 la1 g0 g1
 *             s0 s1 ok0 ok1": e of both literals, bits removed by each child's own full
 *             lookahead, its groups, its best product score (to test child-order rules)
 *   -X FILE   (with -W) write each refuted wrong child, settled, as a puzzle line (its solved
 *             cells as givens) to FILE, to measure what other solvers need to refute it
 *   -Y FILE   (with -W) write the solution-path state after each level (solved cells) to FILE
 *   -K3       also probe 3-literal groups (cells with 3 candidates, values with 3 places in a
 *             unit): failed literals and the 3-way join, not scored for branching
 *   -S0       plain settle (scan dirty units, 64 peers per solved cell); default -S1: place
 *             masks per (unit, value), same fixpoint and decisions, cheaper (-l forces -S0)
 *   -v        verbose (per run)
 * Seeds of restart i: s + i (deterministic: same options give the same decisions).
 *
 * build: gcc -O2 -march=native -o /tmp/look25 benchmarks/research/25x25/look25.c
 * run (from the repository root):
 *        /tmp/look25 -V0 -z0 -t 30 ../shared/data/gecode_25x25.txt          # deterministic
 *        /tmp/look25 -H 0.3 -n 500 -L -t 20 ../shared/data/gecode_25x25.txt  # Luby restarts
 *        /tmp/look25 -D 20 -s 101 -H 0.3 -n 20000 -t 20 ../shared/data/gecode_25x25.txt 9
 *                                                              # run-length distribution
 *        /tmp/look25 -W SOLFILE -n 50000 -t 30 ../shared/data/gecode_25x25.txt 10  # oracle
 * CPU time is getrusage(RUSAGE_SELF) user+sys.  Every solution is verified (rows, columns,
 * boxes are permutations, givens kept); a failed check prints BAD and exits 2.
 */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <sys/resource.h>

#define N 25
#define B 5
#define NC 625
#define NU 75
#define NP 64
#define NK (NC + NU * N)
#define FULL ((1u << N) - 1)
typedef uint32_t u32;
typedef unsigned long long u64;

static int ucell[NU][N], cunit[NC][3], peers[NC][NP], cpos[NC][3];
static int opt_O = 2, opt_l = 0, opt_V = 1, opt_z = 1, opt_luby = 0, opt_D = 0, opt_v = 0;
static double opt_g = 0, time_cap = 60;
static const char *opt_W = 0;
static int opt_WF = 0;
static FILE *xfp, *yfp;
static long long opt_n = 0, opt_s = 0;

static inline int pc(u32 x) { return __builtin_popcount(x); }
static double cpu(void) {
    struct rusage r; getrusage(RUSAGE_SELF, &r);
    return r.ru_utime.tv_sec + r.ru_utime.tv_usec * 1e-6 + r.ru_stime.tv_sec + r.ru_stime.tv_usec * 1e-6;
}

static void build(void) {
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++) {
            int cell = r * N + c, b = (r / B) * B + c / B, bi = (r % B) * B + c % B;
            ucell[r][c] = cell; ucell[N + c][r] = cell; ucell[2 * N + b][bi] = cell;
            cunit[cell][0] = r; cunit[cell][1] = N + c; cunit[cell][2] = 2 * N + b;
            cpos[cell][0] = c; cpos[cell][1] = r; cpos[cell][2] = bi;
        }
    for (int c = 0; c < NC; c++) {
        int k = 0;
        for (int p = 0; p < NC; p++)
            if (p != c && (cunit[p][0] == cunit[c][0] || cunit[p][1] == cunit[c][1] || cunit[p][2] == cunit[c][2]))
                peers[c][k++] = p;
        if (k != NP) { fprintf(stderr, "peers\n"); exit(1); }
    }
}

/* ---------------- settle with a first-touch trail ---------------- */
static u32 *S;                       /* current state */
static int tcell[NC]; static u32 told[NC]; static int tn;
static unsigned tmark[NC], epoch = 1;
static int q[2 * NC], qn;
static unsigned char udirty[NU]; static int ulist[NU], un;
static long long elim;

static int pln;
static inline void newepoch(void) { epoch++; tn = 0; pln = 0; }
static inline void setc(int c, u32 m) {
    if (tmark[c] != epoch) { tmark[c] = epoch; tcell[tn] = c; told[tn++] = S[c]; }
    S[c] = m;
    for (int k = 0; k < 3; k++) { int u = cunit[c][k]; if (!udirty[u]) { udirty[u] = 1; ulist[un++] = u; } }
}

/* locked candidates on unit u (box: pointing; row/col: claiming). -1 fail, else changes */
static int locked_unit(int u) {
    int ch = 0;
    if (u >= 2 * N) { /* box: value confined to one row (col) segment -> remove from rest of row (col) */
        int b = u - 2 * N, r0 = (b / B) * B, c0 = (b % B) * B;
        u32 rs[B], cs[B];
        for (int i = 0; i < B; i++) { rs[i] = 0; cs[i] = 0; }
        for (int i = 0; i < B; i++) for (int j = 0; j < B; j++) { u32 m = S[(r0 + i) * N + c0 + j]; if (m & (m - 1)) { rs[i] |= m; cs[j] |= m; } }
        for (int i = 0; i < B; i++) {
            u32 o = 0, oc = 0;
            for (int j = 0; j < B; j++) if (j != i) { o |= rs[j]; oc |= cs[j]; }
            u32 only = rs[i] & ~o, onlyc = cs[i] & ~oc;
            if (only) for (int c = 0; c < N; c++) if (c < c0 || c >= c0 + B) {
                int cell = (r0 + i) * N + c; u32 m = S[cell];
                if ((m & only) && (m & (m - 1))) { u32 x = m & ~only; if (!x) return -1; elim += pc(m & only); setc(cell, x); ch++; if (!(x & (x - 1))) q[qn++] = cell; }
            }
            if (onlyc) for (int r = 0; r < N; r++) if (r < r0 || r >= r0 + B) {
                int cell = r * N + c0 + i; u32 m = S[cell];
                if ((m & onlyc) && (m & (m - 1))) { u32 x = m & ~onlyc; if (!x) return -1; elim += pc(m & onlyc); setc(cell, x); ch++; if (!(x & (x - 1))) q[qn++] = cell; }
            }
        }
    } else { /* line: value confined to one box segment -> remove from rest of box */
        int row = u < N; int l = row ? u : u - N;
        u32 sg[B];
        for (int s = 0; s < B; s++) { sg[s] = 0; for (int j = 0; j < B; j++) { u32 m = S[ucell[u][s * B + j]]; if (m & (m - 1)) sg[s] |= m; } }
        for (int s = 0; s < B; s++) {
            u32 o = 0; for (int t = 0; t < B; t++) if (t != s) o |= sg[t];
            u32 only = sg[s] & ~o;
            if (!only) continue;
            int b = row ? (l / B) * B + s : s * B + l / B, r0 = (b / B) * B, c0 = (b % B) * B;
            for (int i = 0; i < B; i++) for (int j = 0; j < B; j++) {
                if (row ? (r0 + i == l) : (c0 + j == l)) continue;
                int cell = (r0 + i) * N + c0 + j; u32 m = S[cell];
                if ((m & only) && (m & (m - 1))) { u32 x = m & ~only; if (!x) return -1; elim += pc(m & only); setc(cell, x); ch++; if (!(x & (x - 1))) q[qn++] = cell; }
            }
        }
    }
    return ch;
}

static unsigned char ldirty[NU]; static int llist[NU], ln;
static int settle(void) {
    for (;;) {
        while (qn) {
            int c = q[--qn]; u32 b = S[c]; const int *pp = peers[c];
            for (int i = 0; i < NP; i++) {
                int p = pp[i]; u32 m = S[p];
                if (m & b) {
                    m ^= b;
                    if (!m) goto fail;
                    setc(p, m); elim++;
                    if (!(m & (m - 1))) q[qn++] = p;
                }
            }
        }
        if (un) {
            int u = ulist[--un]; udirty[u] = 0;
            if (opt_l && !ldirty[u]) { ldirty[u] = 1; llist[ln++] = u; }
            const int *uc = ucell[u];
            u32 once = 0, twice = 0;
            for (int k = 0; k < N; k++) { u32 m = S[uc[k]]; twice |= once & m; once |= m; }
            if (once != FULL) goto fail;
            u32 hidden = once & ~twice;
            if (hidden)
                for (int k = 0; k < N; k++) {
                    u32 m = S[uc[k]], h = m & hidden;
                    if (h && (m & (m - 1))) {
                        if (h & (h - 1)) goto fail;
                        elim += pc(m) - 1; setc(uc[k], h); q[qn++] = uc[k];
                    }
                }
            continue;
        }
        if (ln) {
            int u = llist[--ln]; ldirty[u] = 0;
            if (locked_unit(u) < 0) goto fail;
            continue;
        }
        return 1;
    }
fail:
    while (un) udirty[ulist[--un]] = 0;
    while (ln) ldirty[llist[--ln]] = 0;
    qn = 0;
    return 0;
}

/* ---------------- fast settle (-S1, default): place masks per (unit, value) ----------------
   PL[u*N+v] = positions in unit u whose cell still has v.  Removing bit v from a cell clears
   it in its 3 units' place masks; a place mask with 0 bits fails, with 1 bit is a hidden
   single.  A solved cell removes its value only from the cells still holding it (the places),
   not from all 64 peers.  Same fixpoint as settle() (so the same decisions), less work. */
static int opt_fast = 1;
static u32 *PL;

static unsigned plmark[NU * N]; static int plidx[NU * N]; static u32 plold[NU * N];
static int hq[4 * NU * N], hqn;
static inline void pl_clear(int i, int pos) {
    if (plmark[i] != epoch) { plmark[i] = epoch; plidx[pln] = i; plold[pln++] = PL[i]; }
    u32 x = PL[i] & ~(1u << pos); PL[i] = x;
    if (!(x & (x - 1))) hq[hqn++] = i;
}
static inline void remove_bits(int c, u32 rem) {   /* rem a non-empty strict subset of S[c] */
    if (tmark[c] != epoch) { tmark[c] = epoch; tcell[tn] = c; told[tn++] = S[c]; }
    u32 m = S[c] & ~rem; S[c] = m;
    elim += pc(rem);
    while (rem) {
        int v = __builtin_ctz(rem); rem &= rem - 1;
        for (int k = 0; k < 3; k++) pl_clear(cunit[c][k] * N + v, cpos[c][k]);
    }
    if (!(m & (m - 1))) q[qn++] = c;
}
static int settle_fast(void) {
    for (;;) {
        while (qn) {
            int c = q[--qn]; u32 b = S[c]; int v = __builtin_ctz(b);
            for (int k = 0; k < 3; k++) {
                int u = cunit[c][k];
                u32 places = PL[u * N + v] & ~(1u << cpos[c][k]);
                while (places) {
                    int p = __builtin_ctz(places); places &= places - 1;
                    int x = ucell[u][p]; u32 mx = S[x];
                    if (!(mx & b)) continue;
                    if (mx == b) goto fail;
                    remove_bits(x, b);
                }
            }
        }
        if (hqn) {
            int i = hq[--hqn]; u32 x = PL[i];
            if (!x) goto fail;
            int u = i / N, v = i % N, cell = ucell[u][__builtin_ctz(x)];
            u32 m = S[cell];
            if (m != (1u << v)) remove_bits(cell, m & ~(1u << v));
            continue;
        }
        return 1;
    }
fail:
    qn = 0; hqn = 0;
    return 0;
}
static void pl_build(void) {
    hqn = 0;
    for (int u = 0; u < NU; u++) for (int v = 0; v < N; v++) {
        u32 x = 0;
        for (int k = 0; k < N; k++) if ((S[ucell[u][k]] >> v) & 1) x |= 1u << k;
        PL[u * N + v] = x;
        if (!(x & (x - 1))) hq[hqn++] = u * N + v;
    }
}
/* both paths: restrict cell c to x (a non-empty subset of S[c]); settle later */
static inline void restrict_cell(int c, u32 x) {
    if (x == S[c]) return;
    if (opt_fast) { remove_bits(c, S[c] & ~x); return; }
    elim += pc(S[c] & ~x);
    setc(c, x); if (!(x & (x - 1))) q[qn++] = c;
}
static inline int SETTLE(void) { return opt_fast ? settle_fast() : settle(); }
static inline void undo_probe(void) {
    for (int i = 0; i < tn; i++) S[tcell[i]] = told[i];
    if (opt_fast) for (int i = 0; i < pln; i++) PL[plidx[i]] = plold[i];
}

/* ---------------- probing with a per-literal cache ---------------- */
#define POOL (1 << 21)
static int pcell[POOL]; static u32 pmask[POOL]; static int pn;
typedef struct { unsigned gen; int ok, off, n, logpos; long long e, bits; } litres;
static litres cache[NC * N];
static unsigned cgen = 1;            /* pool generation: cache entries of older generations are void */
static unsigned sver = 1;            /* state version (unit cache) */
#define LOGMAX (1 << 16)
static int clog_[LOGMAX], nclog;     /* cells changed at node level since the node started */
static long long nbits;              /* candidate bits of the node state */
static int opt_I = 1, opt_P1 = 0;
static long long probes, cachehits, revalid, nodes, joins_changed, la_calls, la_changes, la_groups, la_final;
static unsigned jstamp[NC], jgen = 1; static u32 jmask[NC];

static long long ptn_sum, pel_sum;
static long long countbits(void) { long long t = 0; for (int c = 0; c < NC; c++) t += pc(S[c]); return t; }
static void node_reset(void) { cgen++; pn = 0; nclog = 0; sver++; nbits = countbits(); }
static inline void logcell(int c) { if (nclog < LOGMAX) clog_[nclog++] = c; else { cgen++; pn = 0; nclog = 0; } }
static void state_changed(void) { sver++; nbits = countbits(); }

/* a probe result of an earlier state S0 stays exact at S <= S0 iff every cell changed since
   was changed by the probe too, to a subset of its new mask */
static int still_valid(const litres *L) {
    if (!L->ok) return 1;                 /* failure is monotone */
    jgen++;
    for (int i = 0; i < L->n; i++) { int c = pcell[L->off + i]; jstamp[c] = jgen; jmask[c] = pmask[L->off + i]; }
    for (int j = L->logpos; j < nclog; j++) {
        int c = clog_[j];
        if (jstamp[c] != jgen || (jmask[c] & ~S[c])) return 0;
    }
    return 1;
}

static const litres *probe_lit(int c, int v) {
    litres *L = &cache[c * N + v];
    if (L->gen == cgen) {
        if (L->logpos == nclog) { cachehits++; return L; }
        if (opt_I && L->logpos <= nclog && still_valid(L)) {
            revalid++;
            L->e -= L->bits - nbits; L->bits = nbits; L->logpos = nclog;
            return L;
        }
    }
    probes++;
    newepoch();
    elim = 0;
    restrict_cell(c, 1u << v);
    int ok = SETTLE();
    ptn_sum += tn; pel_sum += elim;
    L->gen = cgen; L->ok = ok; L->e = elim; L->off = pn; L->n = 0; L->logpos = nclog; L->bits = nbits;
    if (ok) {
        for (int i = 0; i < tn; i++) { pcell[pn + i] = tcell[i]; pmask[pn + i] = S[tcell[i]]; }
        L->n = tn; pn += tn;
    }
    undo_probe();
    return L;
}

/* -1 fail, 1 state changed, 0 unchanged (score, e0, e1 set) */
static int do_group(int ca, int va, int cb, int vb, long long *score, long long *ea, long long *eb) {
    if (pn > POOL - 2 * NC) { cgen++; pn = 0; }
    const litres *A = probe_lit(ca, va), *Bl = probe_lit(cb, vb);
    if (!A->ok && !Bl->ok) return -1;
    if (!A->ok || !Bl->ok) {
        const litres *K = A->ok ? A : Bl;
        if (opt_fast) newepoch();
        for (int i = 0; i < K->n; i++) { int c = pcell[K->off + i]; if (S[c] != pmask[K->off + i]) { if (opt_fast) restrict_cell(c, pmask[K->off + i]); else S[c] = pmask[K->off + i]; logcell(c); } }
        if (opt_fast && !settle_fast()) return -1;
        state_changed(); return 1;
    }
    jgen++;
    for (int i = 0; i < A->n; i++) { int c = pcell[A->off + i]; jstamp[c] = jgen; jmask[c] = pmask[A->off + i]; }
    newepoch();
    elim = 0;
    int ch = 0;
    for (int i = 0; i < Bl->n; i++) {
        int c = pcell[Bl->off + i];
        if (jstamp[c] != jgen) continue;
        u32 x = jmask[c] | pmask[Bl->off + i];
        if (x != S[c]) { ch = 1; restrict_cell(c, x); }
    }
    if (ch) {
        joins_changed++;
        int ok = SETTLE();
        if (!ok) return -1;
        for (int i = 0; i < tn; i++) logcell(tcell[i]);
        state_changed();
        return 1;
    }
    while (un) udirty[ulist[--un]] = 0;
    *ea = A->e; *eb = Bl->e;
    *score = (A->e + 1) * (Bl->e + 1) * 1024 + A->e + Bl->e;
    return 0;
}

/* 3-literal groups (-K3): failed literals and the 3-way join only, never scored */
static unsigned jstamp2[NC];
static int opt_K3 = 0;
static long long g3_changes;
static int do_group3(const int *cc, const int *vv) {
    if (pn > POOL - 3 * NC) { cgen++; pn = 0; }
    const litres *L[3]; int nok = 0;
    for (int i = 0; i < 3; i++) { L[i] = probe_lit(cc[i], vv[i]); nok += L[i]->ok; }
    if (nok == 0) return -1;
    if (nok == 1) {
        const litres *K = L[0]->ok ? L[0] : L[1]->ok ? L[1] : L[2];
        if (opt_fast) newepoch();
        for (int i = 0; i < K->n; i++) { int c = pcell[K->off + i]; if (S[c] != pmask[K->off + i]) { if (opt_fast) restrict_cell(c, pmask[K->off + i]); else S[c] = pmask[K->off + i]; logcell(c); } }
        if (opt_fast && !settle_fast()) return -1;
        state_changed(); g3_changes++; return 1;
    }
    newepoch();
    int ch = 0;
    if (nok == 2) {
        for (int i = 0; i < 3; i++) if (!L[i]->ok) {
            u32 m = S[cc[i]] & ~(1u << vv[i]);
            if (!m) return -1;
            restrict_cell(cc[i], m);
        }
        ch = 1;
    } else {
        jgen++;
        for (int i = 0; i < L[0]->n; i++) { int c = pcell[L[0]->off + i]; jstamp[c] = jgen; jmask[c] = pmask[L[0]->off + i]; }
        for (int i = 0; i < L[1]->n; i++) { int c = pcell[L[1]->off + i]; if (jstamp[c] == jgen) { jstamp2[c] = jgen; jmask[c] |= pmask[L[1]->off + i]; } }
        for (int i = 0; i < L[2]->n; i++) {
            int c = pcell[L[2]->off + i];
            if (jstamp[c] != jgen || jstamp2[c] != jgen) continue;
            u32 x = jmask[c] | pmask[L[2]->off + i];
            if (x != S[c]) { ch = 1; restrict_cell(c, x); }
        }
    }
    if (!ch) { while (un) udirty[ulist[--un]] = 0; return 0; }
    if (!SETTLE()) return -1;
    for (int i = 0; i < tn; i++) logcell(tcell[i]);
    state_changed(); g3_changes++;
    return 1;
}

/* unit ex2 cache */
static unsigned ugen[NU]; static u32 uex2[NU], uex3[NU];
static u64 prio[NK];
static u64 rng; static int rnd_on;
static u64 rnd(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng; }   /* tie-break priority (higher wins); default -key */

typedef struct { int have; int cell[2], val[2]; long long e[2]; } choice;
typedef struct { long long score; int cell[2], val[2]; long long e[2]; } cand_t;
static cand_t cands[NK]; static int ncands;
static double opt_H = 0, opt_F = 0;
static int opt_T = 1 << 20, cur_depth;   /* randomise only at depth < T */

/* lookahead to the fixpoint; 0 = node fails; fills ch */
static int lookahead(choice *chc) {
    long long bestscore = -1; u64 bestp = 0; int bestk = -1;
    int bc[2] = {0}, bv[2] = {0}; long long be[2] = {0};
    int k = 0, since = 0;
    ncands = 0;
    int steps = 0;
    while (since < NK && !(opt_P1 && steps >= NK)) {
        int ca, va, cb, vb, isg = 0;
        steps++;
        if (k < NC) {
            u32 m = S[k];
            if (pc(m) == 2) { ca = cb = k; va = __builtin_ctz(m); vb = 31 - __builtin_clz(m); isg = 1; }
            else if (opt_K3 && pc(m) == 3) {
                int c3[3], v3[3];
                for (int j = 0; j < 3; j++) { c3[j] = k; v3[j] = __builtin_ctz(m); m &= m - 1; }
                int r = do_group3(c3, v3);
                if (r < 0) return 0;
                if (r > 0) { since = 0; la_changes++; if (!opt_P1) { bestk = -1; bestscore = -1; ncands = 0; } }
            }
        } else {
            int u = (k - NC) / N, v = (k - NC) % N;
            if (v == 0 || ugen[u] != sver) {
                u32 once = 0, twice = 0, three = 0, four = 0;
                for (int i = 0; i < N; i++) { u32 m = S[ucell[u][i]]; if (!(m & (m - 1))) m = 0; four |= three & m; three |= twice & m; twice |= once & m; once |= m; }
                uex2[u] = twice & ~three; uex3[u] = three & ~four; ugen[u] = sver;
            }
            if (opt_K3 && (uex3[u] >> v) & 1) {
                int c3[3], v3[3], n = 0;
                for (int i = 0; i < N && n < 3; i++) { int c = ucell[u][i]; u32 m = S[c]; if ((m >> v) & 1 && (m & (m - 1))) { c3[n] = c; v3[n++] = v; } }
                if (n == 3) {
                    int r = do_group3(c3, v3);
                    if (r < 0) return 0;
                    if (r > 0) { since = 0; la_changes++; if (!opt_P1) { bestk = -1; bestscore = -1; ncands = 0; } }
                }
            }
            if ((uex2[u] >> v) & 1) {
                int n = 0;
                for (int i = 0; i < N; i++) { int c = ucell[u][i]; u32 m = S[c]; if ((m >> v) & 1 && (m & (m - 1))) { if (n == 0) ca = c; else cb = c; n++; } }
                if (n == 2) { va = vb = v; isg = 1; }
            }
        }
        if (isg) {
            long long sc, e0, e1;
            int r = do_group(ca, va, cb, vb, &sc, &e0, &e1);
            if (r < 0) return 0;
            la_groups++;
            if (r > 0) { since = 0; la_changes++; if (!opt_P1) { bestk = -1; bestscore = -1; ncands = 0; } }
            else {
                { cand_t *x = &cands[ncands++]; x->score = sc; x->cell[0] = ca; x->val[0] = va; x->cell[1] = cb; x->val[1] = vb; x->e[0] = e0; x->e[1] = e1; }
            }
            if (r == 0 && (sc > bestscore || (sc == bestscore && prio[k] > bestp))) {
                bestscore = sc; bestp = prio[k]; bestk = k;
                bc[0] = ca; bv[0] = va; bc[1] = cb; bv[1] = vb; be[0] = e0; be[1] = e1;
            }
        }
        since++;
        if (++k == NK) k = 0;
    }
    la_calls++; la_final += ncands;
    chc->have = bestk >= 0;
    if (chc->have) for (int i = 0; i < 2; i++) { chc->cell[i] = bc[i]; chc->val[i] = bv[i]; chc->e[i] = be[i]; }
    if (chc->have && opt_H > 0 && rnd_on && cur_depth < opt_T) { /* heuristic equivalence: uniform among scores >= (1-H) best */
        double thr = bestscore * (1 - opt_H); int m = 0;
        for (int j = 0; j < ncands; j++) if (cands[j].score >= thr) m++;
        int pick = rnd() % m;
        for (int j = 0; j < ncands; j++) if (cands[j].score >= thr && pick-- == 0) {
            for (int i = 0; i < 2; i++) { chc->cell[i] = cands[j].cell[i]; chc->val[i] = cands[j].val[i]; chc->e[i] = cands[j].e[i]; }
            break;
        }
    }
    return 1;
}

/* ---------------- search ---------------- */
typedef struct { int n, pos; int cell[N], val[N]; } frame;
static u32 stack[NC + 2][NC], plstack[NC + 2][NU * N];
static frame fr[NC + 2];

/* returns 1 solved (sol filled), 0 unsat, -1 cap */
static int search(const u32 *init, long long cap, double tdead, u32 *sol) {
    int depth = 0;
    memcpy(stack[0], init, sizeof(u32) * NC);
    S = stack[0]; PL = plstack[0];
    node_reset(); newepoch(); qn = 0;
    for (int c = 0; c < NC; c++) if (!(S[c] & (S[c] - 1))) q[qn++] = c;
    for (int u = 0; u < NU; u++) if (!udirty[u]) { udirty[u] = 1; ulist[un++] = u; }
    choice ch;
    if (opt_fast) { pl_build(); while (un) udirty[ulist[--un]] = 0; }
    if (!SETTLE()) return 0;
    node_reset(); cur_depth = 0;
    if (!lookahead(&ch)) return 0;
    long long n0 = nodes;
    for (;;) {
        u32 *st = stack[depth];
        frame *f = &fr[depth];
        int best = -1, bestk = 99, solved = 1;
        for (int c = 0; c < NC; c++) {
            int k = pc(st[c]);
            if (k > 1) { solved = 0; if (k < bestk) { bestk = k; best = c; } }
        }
        if (solved) { memcpy(sol, st, sizeof(u32) * NC); return 1; }
        f->pos = 0; f->n = 0;
        if (ch.have) {
            int o0 = 0;
            if (opt_O == 1) o0 = ch.e[1] > ch.e[0];
            else if (opt_O == 2) o0 = ch.e[1] < ch.e[0];
            if (opt_F > 0 && rnd_on && depth < opt_T && (rnd() >> 11) * (1.0 / 9007199254740992.0) < opt_F) o0 ^= 1;
            for (int i = 0; i < 2; i++) { f->cell[i] = ch.cell[o0 ^ i]; f->val[i] = ch.val[o0 ^ i]; }
            f->n = 2;
        } else {
            u32 m = st[best];
            while (m) { int v = __builtin_ctz(m); m &= m - 1; f->cell[f->n] = best; f->val[f->n++] = v; }
        }
        depth++;
        for (;;) {
            if (depth <= 0) return 0;
            frame *g = &fr[depth - 1];
            if (g->pos >= g->n) { depth--; continue; }
            if ((cap > 0 && nodes - n0 >= cap) || ((nodes & 15) == 0 && cpu() > tdead)) return -1;
            nodes++;
            S = stack[depth];
            memcpy(S, stack[depth - 1], sizeof(u32) * NC);
            if (opt_fast) { PL = plstack[depth]; memcpy(PL, plstack[depth - 1], sizeof(u32) * NU * N); }
            int c = g->cell[g->pos], v = g->val[g->pos]; g->pos++;
            newepoch();
            if (!((S[c] >> v) & 1)) continue;
            restrict_cell(c, 1u << v);
            int ok = SETTLE();
            if (ok) { node_reset(); cur_depth = depth; ok = lookahead(&ch); }
            if (ok) break;
        }
    }
}

/* ---------------- puzzle I/O, variants, verification ---------------- */
static int parse(const char *s, int *g) {
    for (int i = 0; i < NC; i++) {
        char ch = s[i]; int v = 0;
        if (ch >= '1' && ch <= '9') v = ch - '0';
        else if (ch >= 'A' && ch <= 'P') v = ch - 'A' + 10;
        else if (ch != '.' && ch != '0') return 0;
        g[i] = v;
    }
    return 1;
}
static int verify(const int *giv, const int *sol) {
    for (int c = 0; c < NC; c++) { if (sol[c] < 1 || sol[c] > N) return 0; if (giv[c] && giv[c] != sol[c]) return 0; }
    for (int u = 0; u < NU; u++) { u32 m = 0; for (int k = 0; k < N; k++) m |= 1u << (sol[ucell[u][k]] - 1); if (m != FULL) return 0; }
    return 1;
}
static void shuffle(int *a, int n) { for (int i = n - 1; i > 0; i--) { int j = rnd() % (i + 1); int t = a[i]; a[i] = a[j]; a[j] = t; } }
/* variant: original (r,c) -> (R[r], C[c]) (then transposed if T), digit d -> P[d] */
typedef struct { int R[N], C[N], P[N + 1], T; } variant;
static void make_variant(variant *vr, u64 seed) {
    for (int i = 0; i < N; i++) { vr->R[i] = i; vr->C[i] = i; vr->P[i + 1] = i + 1; }
    vr->P[0] = 0; vr->T = 0;
    if (seed == 0 || !opt_V) return;
    int bands[B], stacks[B], pd[N];
    for (int i = 0; i < B; i++) { bands[i] = i; stacks[i] = i; }
    shuffle(bands, B); shuffle(stacks, B);
    for (int b = 0; b < B; b++) {
        int rr[B], cc[B];
        for (int i = 0; i < B; i++) { rr[i] = i; cc[i] = i; }
        shuffle(rr, B); shuffle(cc, B);
        for (int i = 0; i < B; i++) { vr->R[b * B + i] = bands[b] * B + rr[i]; vr->C[b * B + i] = stacks[b] * B + cc[i]; }
    }
    for (int i = 0; i < N; i++) pd[i] = i + 1;
    shuffle(pd, N);
    for (int i = 0; i < N; i++) vr->P[i + 1] = pd[i];
    vr->T = rnd() & 1;
}
static int vcell(const variant *vr, int c) {
    int r = vr->R[c / N], cc = vr->C[c % N];
    return vr->T ? cc * N + r : r * N + cc;
}

static long long luby(long long i) { /* 1,1,2,1,1,2,4,... (i from 1) */
    for (int k = 1;; k++) {
        if (i == (1LL << k) - 1) return 1LL << (k - 1);
        if (i < (1LL << k) - 1) return luby(i - (1LL << (k - 1)) + 1);
    }
}

/* one run with seed: returns as search(); fills solution in original coordinates */
static int run_seed(const int *giv, u64 seed, long long cap, double tdead, int *out) {
    variant vr; u32 init[NC], sol[NC];
    rng = seed * 0x9E3779B97F4A7C15ULL + 0x1234567ULL; if (!rng) rng = 1;
    for (int i = 0; i < 8; i++) rnd();
    make_variant(&vr, seed);
    for (int k = 0; k < NK; k++) prio[k] = (seed && opt_z) ? rnd() : (u64)(NK - k);
    rnd_on = seed != 0;
    for (int c = 0; c < NC; c++) init[c] = FULL;
    for (int c = 0; c < NC; c++) if (giv[c]) init[vcell(&vr, c)] = 1u << (vr.P[giv[c]] - 1);
    int r = search(init, cap, tdead, sol);
    if (r == 1) {
        int inv[N + 1];
        for (int d = 1; d <= N; d++) inv[vr.P[d]] = d;
        for (int c = 0; c < NC; c++) out[c] = inv[__builtin_ctz(sol[vcell(&vr, c)]) + 1];
    }
    return r;
}

/* -W: oracle walk along a known solution (puzzle as given, seed 0 rules).  At every level:
   the chosen group, whether the -O child order tries the solution's literal first, and if
   not the size of the refuted wrong subtree (a full search from that child, capped by -n). */
static u32 W[NC];
static void oracle_walk(const int *giv, const int *sol, int line) {
    rnd_on = 0; opt_fast = 0;   /* the walk uses the plain settle() */
    for (int k = 0; k < NK; k++) prio[k] = (u64)(NK - k);
    for (int c = 0; c < NC; c++) W[c] = giv[c] ? 1u << (giv[c] - 1) : FULL;
    S = W; newepoch(); qn = 0;
    for (int c = 0; c < NC; c++) if (!(S[c] & (S[c] - 1))) q[qn++] = c;
    for (int u = 0; u < NU; u++) if (!udirty[u]) { udirty[u] = 1; ulist[un++] = u; }
    choice ch;
    if (!settle()) { printf("walk: root fails\n"); return; }
    node_reset(); cur_depth = 0;
    if (!lookahead(&ch)) { printf("walk: root lookahead fails\n"); return; }
    long long total = 0, wrong = 0, capped = 0; int levels = 0;
    for (int depth = 0;; depth++) {
        int solved = 1, best = -1, bestk = 99;
        for (int c = 0; c < NC; c++) { if (!((W[c] >> (sol[c] - 1)) & 1)) { printf("walk: solution lost at depth %d\n", depth); return; }
            int k = pc(W[c]); if (k > 1) { solved = 0; if (k < bestk) { bestk = k; best = c; } } }
        if (solved) break;
        levels++;
        int fc, fv, rc, rv; long long e0 = -1, e1 = -1;
        rc = -1; rv = -1;
        if (ch.have) {
            int o0 = 0;
            if (opt_O == 1) o0 = ch.e[1] > ch.e[0]; else if (opt_O == 2) o0 = ch.e[1] < ch.e[0];
            fc = ch.cell[o0]; fv = ch.val[o0]; e0 = ch.e[o0]; e1 = ch.e[o0 ^ 1];
            for (int i = 0; i < 2; i++) if (sol[ch.cell[i]] - 1 == ch.val[i]) { rc = ch.cell[i]; rv = ch.val[i]; }
        } else { fc = best; fv = __builtin_ctz(W[best]); rc = best; rv = sol[best] - 1; }
        if (opt_WF && ch.have) { /* features of both children: e, after the child's own lookahead */
            long long fe[2], fla[2], fg[2], fbs[2]; int fok[2];
            static u32 T[NC];
            for (int i = 0; i < 2; i++) {
                memcpy(T, W, sizeof T); S = T; newepoch(); qn = 0;
                setc(ch.cell[i], 1u << ch.val[i]); q[qn++] = ch.cell[i];
                long long b0 = 0; for (int c = 0; c < NC; c++) b0 += pc(W[c]);
                choice c2; fok[i] = settle();
                fe[i] = ch.e[i]; fla[i] = -1; fg[i] = -1; fbs[i] = -1;
                if (fok[i]) { node_reset(); fok[i] = lookahead(&c2); }
                if (fok[i]) { fla[i] = b0 - countbits(); fg[i] = ncands; fbs[i] = c2.have ? (c2.e[0] + 1) * (c2.e[1] + 1) : 0; }
            }
            S = W; node_reset();
            int right = sol[ch.cell[1]] - 1 == ch.val[1];
            printf("F %d %d %d %lld %lld %lld %lld %lld %lld %lld %lld %d %d\n", line, depth, right, fe[0], fe[1], fla[0], fla[1], fg[0], fg[1], fbs[0], fbs[1], fok[0], fok[1]);
            choice c3; lookahead(&c3); ch = c3;   /* same state, same choice (deterministic) */
        }
        long long sub = 0; int r = 0;
        if (opt_WF) goto follow;
        if (fc != rc || fv != rv) {
            u32 init[NC], solx[NC]; memcpy(init, W, sizeof init);
            init[fc] = 1u << fv;
            if (xfp) { /* the wrong child after settling, its solved cells as a puzzle line */
                static u32 T[NC]; memcpy(T, init, sizeof T); S = T; newepoch(); qn = 0;
                q[qn++] = fc; for (int k = 0; k < 3; k++) { int u = cunit[fc][k]; if (!udirty[u]) { udirty[u] = 1; ulist[un++] = u; } }
                int ok = settle(); char out[NC + 1];
                for (int c = 0; c < NC; c++) { int d = __builtin_ctz(T[c]) + 1; out[c] = (ok && !(T[c] & (T[c] - 1))) ? (d <= 9 ? '0' + d : 'A' + d - 10) : '.'; }
                out[NC] = 0;
                int ng = 0; for (int c = 0; c < NC; c++) ng += out[c] != '.';
                if (ok) { fprintf(xfp, "%s\n", out); fflush(xfp); printf("  X: line %d depth %d wrong child written (%d solved cells)\n", line, depth, ng); }
                S = W;
            }
            long long n0 = nodes;
            r = search(init, opt_n, cpu() + time_cap, solx);
            sub = nodes - n0 + 1; nodes = n0;
            wrong++; total += sub; if (r != 0) capped++;
            S = W;
        }
        printf("  depth %3d %s e(first)=%lld e(second)=%lld first %s%s sub=%lld%s\n", depth, ch.have ? (ch.cell[0] == ch.cell[1] ? "cell " : "place") : "fallb",
               e0, e1, (fc == rc && fv == rv) ? "right" : "WRONG", ch.have ? "" : "", sub, r == -1 ? " (capped)" : r == 1 ? " (SOLVED?)" : "");
        fflush(stdout);
    follow:
        /* follow the solution's literal */
        S = W; newepoch(); qn = 0;
        setc(rc, 1u << rv); q[qn++] = rc;
        if (!settle()) { printf("walk: settle fails on the solution\n"); return; }
        node_reset(); cur_depth = depth + 1;
        if (!lookahead(&ch)) { printf("walk: lookahead fails on the solution\n"); return; }
        if (yfp) { /* the solution-path state after this level's right decision, as a puzzle */
            char out[NC + 1];
            for (int c = 0; c < NC; c++) { int d = __builtin_ctz(W[c]) + 1; out[c] = !(W[c] & (W[c] - 1)) ? (d <= 9 ? '0' + d : 'A' + d - 10) : '.'; }
            out[NC] = 0; fprintf(yfp, "%s\n", out); fflush(yfp);
        }
    }
    printf("line %2d walk: levels %d, wrong-first %d, refuted nodes %lld (%lld capped), DFS nodes = levels + refuted = %lld\n",
           line, levels, (int)wrong, total, capped, levels + total);
}

static int cmpd(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return x < y ? -1 : x > y; }

int main(int argc, char **argv) {
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        char *a = argv[i];
        switch (a[1]) {
        case 'O': opt_O = atoi(a + 2); break;
        case 'l': opt_l = 1; opt_fast = 0; break;
        case 'S': opt_fast = atoi(a + 2); break;
        case 'V': opt_V = a[2] ? atoi(a + 2) : 1; break;
        case 'z': opt_z = a[2] ? atoi(a + 2) : 1; break;
        case 's': opt_s = atoll(argv[++i]); break;
        case 'n': opt_n = atoll(argv[++i]); break;
        case 'L': opt_luby = 1; break;
        case 'g': opt_g = atof(argv[++i]); break;
        case 't': time_cap = atof(argv[++i]); break;
        case 'D': opt_D = atoi(argv[++i]); break;
        case 'v': opt_v = 1; break;
        case 'K': opt_K3 = atoi(a + 2) >= 3; break;
        case 'W': opt_W = argv[++i]; break;
        case 'w': opt_WF = 1; break;
        case 'X': xfp = fopen(argv[++i], "w"); break;
        case 'Y': yfp = fopen(argv[++i], "w"); break;
        case 'P': opt_P1 = atoi(a + 2); break;
        case 'I': opt_I = a[2] ? atoi(a + 2) : 1; break;
        case 'H': opt_H = atof(argv[++i]); break;
        case 'T': opt_T = atoi(argv[++i]); break;
        case 'F': opt_F = atof(argv[++i]); break;
        default: fprintf(stderr, "unknown option %s\n", a); return 1;
        }
    }
    if (i >= argc) { fprintf(stderr, "usage: look25 [options] file [line ...]\n"); return 1; }
    build();
    FILE *fp = fopen(argv[i], "r");
    if (!fp) { perror(argv[i]); return 1; }
    static char lines[64][NC + 16]; int nl = 0; char buf[4096];
    while (nl < 64 && fgets(buf, sizeof buf, fp)) if (strlen(buf) >= NC) { memcpy(lines[nl], buf, NC); lines[nl][NC] = 0; nl++; }
    fclose(fp);
    int sel[64], ns = 0;
    for (int j = i + 1; j < argc; j++) sel[ns++] = atoi(argv[j]);
    if (!ns) for (int j = 1; j <= nl; j++) sel[ns++] = j;
    double tsum = 0, tmax = 0; int nsolved = 0;
    for (int li = 0; li < ns; li++) {
        int giv[NC], out[NC];
        if (sel[li] < 1 || sel[li] > nl || !parse(lines[sel[li] - 1], giv)) { fprintf(stderr, "bad line %d\n", sel[li]); continue; }
        if (opt_W) {
            FILE *fw = fopen(opt_W, "r"); char sb[4096]; int ln_ = 0, sol[NC], found = 0;
            while (fw && fgets(sb, sizeof sb, fw)) if (strlen(sb) >= NC && ++ln_ == sel[li]) { found = parse(sb, sol); break; }
            if (fw) fclose(fw);
            if (!found || !verify(giv, sol)) { printf("line %d: no valid solution in %s\n", sel[li], opt_W); continue; }
            oracle_walk(giv, sol, sel[li]);
            continue;
        }
        if (opt_D) {
            double ts[1000], ns_[1000]; int nok = 0;
            for (int k = 0; k < opt_D && k < 1000; k++) {
                ptn_sum = pel_sum = nodes = probes = cachehits = revalid = joins_changed = la_calls = la_changes = la_groups = la_final = 0;
                double t0 = cpu();
                int r = run_seed(giv, opt_s + k, opt_n, t0 + time_cap, out);
                double t = cpu() - t0;
                if (r == 1 && !verify(giv, out)) { printf("BAD line %d seed %lld\n", sel[li], opt_s + k); return 2; }
                printf("line %2d seed %3lld %s nodes=%lld probes=%lld hits=%lld reval=%lld cpu=%.3f us/probe=%.2f\n", sel[li], opt_s + k,
                       r == 1 ? "solved" : r == 0 ? "UNSAT" : "capped", nodes, probes, cachehits, revalid, t, probes ? t * 1e6 / probes : 0);
                if (opt_v) printf("   lookaheads=%lld changes/la=%.2f groups/la=%.1f final groups/la=%.1f probes/la=%.1f cells touched/probe=%.1f bits removed/probe=%.1f\n", la_calls, (double)la_changes / la_calls, (double)la_groups / la_calls, (double)la_final / la_calls, (double)probes / la_calls, (double)ptn_sum / probes, (double)pel_sum / probes);
                fflush(stdout);
                ts[k] = r == 1 ? t : 1e9; ns_[k] = r == 1 ? nodes : 1e18; nok += r == 1;
            }
            int K = opt_D;
            qsort(ts, K, sizeof(double), cmpd); qsort(ns_, K, sizeof(double), cmpd);
            char qs[8][32];
            double qv[8] = {ts[K / 4], ts[K / 2], ts[(3 * K) / 4], ts[K - 1], ns_[K / 4], ns_[K / 2], ns_[(3 * K) / 4], ns_[K - 1]};
            for (int j = 0; j < 8; j++) { if (qv[j] >= 1e9) strcpy(qs[j], ">cap"); else snprintf(qs[j], 32, j < 4 ? "%.3f" : "%.0f", qv[j]); }
            printf("line %2d dist: solved %d/%d  cpu q1/med/q3/max = %s/%s/%s/%s  nodes q1/med/q3/max = %s/%s/%s/%s\n",
                   sel[li], nok, K, qs[0], qs[1], qs[2], qs[3], qs[4], qs[5], qs[6], qs[7]);
            fflush(stdout);
            continue;
        }
        double t0 = cpu(), tdead = t0 + time_cap;
        long long tnodes = 0, tprobes = 0; int r = -1, runs = 0;
        for (long long run = 0; ; run++) {
            long long cap = opt_n;
            if (opt_n > 0 && opt_luby) cap = opt_n * luby(run + 1);
            else if (opt_n > 0 && opt_g > 0) { double x = opt_n; for (long long j = 0; j < run; j++) x *= opt_g; cap = (long long)x; }
            ptn_sum = pel_sum = nodes = probes = cachehits = revalid = joins_changed = la_calls = la_changes = la_groups = la_final = 0;
            r = run_seed(giv, opt_s + run, cap, tdead, out);
            runs++; tnodes += nodes; tprobes += probes;
            if (opt_v) printf("  line %d run %lld seed %lld cap %lld: %s nodes=%lld probes=%lld cpu=%.3f\n", sel[li], run, opt_s + run, cap,
                              r == 1 ? "solved" : r == 0 ? "UNSAT" : "capped", nodes, probes, cpu() - t0);
            if (r >= 0 || cpu() > tdead || opt_n <= 0) break;
        }
        double t = cpu() - t0;
        if (r == 1 && !verify(giv, out)) { printf("BAD line %d\n", sel[li]); return 2; }
        printf("line %2d %s runs=%d nodes=%lld probes=%lld cpu=%.3f us/probe=%.2f\n", sel[li], r == 1 ? "solved" : r == 0 ? "UNSAT" : "capped",
               runs, tnodes, tprobes, t, tprobes ? t * 1e6 / tprobes : 0);
        fflush(stdout);
        tsum += t; if (t > tmax) tmax = t; nsolved += r == 1;
    }
    if (!opt_D) printf("total: solved %d/%d cpu sum %.3f max %.3f\n", nsolved, ns, tsum, tmax);
    return 0;
}
