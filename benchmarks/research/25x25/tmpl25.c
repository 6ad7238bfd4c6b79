/* tmpl25.c -- session 5 experiment: per-value "template" consistency on 25x25 (5x5 boxes).
 *
 * A template of value v is one placement of v on the whole grid: one cell per row, column and
 * box, every cell a candidate of v.  For each v that is an exact cover (items: the rows,
 * columns and boxes without a solved v; options: the unsolved cells holding v), searched
 * with the fewest-options item first.  Template GAC keeps v in a cell only if some template
 * of v passes through it ("pattern overlay" in human solving; it subsumes fish of every size
 * and the per-value Hall sets of cdcl25_infer.c -Y on rows x columns, since boxes count too).
 *
 *   state     one 32-bit candidate mask per cell (bit v = value v+1 possible)
 *   settle    naked + hidden singles to the fixpoint (a plain unit rescan)
 *   propagate settle, then template GAC on every value, repeated until nothing changes
 *   search    DFS on the fewest-candidates cell (lowest index), values ascending
 *
 *   gcc -O2 -march=native -o /tmp/tmpl25 benchmarks/research/25x25/tmpl25.c
 *   ROOTONLY=1 /tmp/tmpl25 0 1 < ../shared/data/gecode_25x25.txt     # candidate bits at the root
 *   /tmp/tmpl25 17 1 1000 < ../shared/data/gecode_25x25.txt           # LINE GAC(0/1) NODECAP
 *   PROBE=10 SOLS=sols.txt /tmp/tmpl25                                # wrong literals refuted
 *
 * SOLS holds the 18 solutions, one a line (made with the package's learn engine).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <time.h>
#define N 25
#define B 5
#define NN (N*N)
typedef struct { uint32_t c[NN]; } St;
static int RW[NN], CL[NN], BX[NN];
static int unit_cells[3*N][N];
static long long nodes, searches, gacrounds;
static int use_gac=1;

static int popc(uint32_t x){return __builtin_popcount(x);}
// settle: naked + hidden singles to fixpoint; return 0 on contradiction
static int settle(St*s){
  int changed=1;
  while(changed){ changed=0;
    for(int i=0;i<NN;i++){ uint32_t m=s->c[i]; if(!m) return 0; }
    // naked: for each solved cell remove from peers
    for(int u=0;u<3*N;u++){
      uint32_t solved=0, any=0, twice=0;
      for(int k=0;k<N;k++){ uint32_t m=s->c[unit_cells[u][k]]; if(popc(m)==1){ if(solved&m) return 0; solved|=m;} twice|=any&m; any|=m; }
      if(any!=(1u<<N)-1) return 0;
      uint32_t once=any&~twice&~solved;
      for(int k=0;k<N;k++){ int ci=unit_cells[u][k]; uint32_t m=s->c[ci];
        if(popc(m)>1){ uint32_t nm=m&~solved; if(nm&once){ uint32_t h=nm&once; if(popc(h)>1) return 0; nm=h;} if(nm!=m){ if(!nm) return 0; s->c[ci]=nm; changed=1; } } }
    }
  }
  return 1;
}
// ---- per-value exact cover ----
static uint32_t rowc[N]; // columns candidate in row r (free rows only)
static int cover_path[N];
static int dfs_cover(uint32_t ur, uint32_t uc, uint32_t ub, uint32_t fr, uint32_t fc, uint32_t fb, int depth){
  searches++;
  if(ur==fr) return 1;
  // choose the item with fewest options
  int best=99, bt=-1, bi=-1; uint32_t bm=0;
  for(uint32_t m=fr&~ur;m;m&=m-1){ int r=__builtin_ctz(m); uint32_t o=rowc[r]&~uc; // drop columns whose box used
      uint32_t oo=0; for(uint32_t x=o;x;x&=x-1){int c=__builtin_ctz(x); if(!(ub>>((r/B)*B+c/B)&1)) oo|=1u<<c;}
      int k=popc(oo); if(k<best){best=k;bt=0;bi=r;bm=oo; if(k<=1) break;} }
  if(best==0) return 0;
  if(best>1){
    for(uint32_t m=fc&~uc;m;m&=m-1){ int c=__builtin_ctz(m); uint32_t oo=0;
      for(uint32_t x=fr&~ur;x;x&=x-1){int r=__builtin_ctz(x); if((rowc[r]>>c&1) && !(ub>>((r/B)*B+c/B)&1)) oo|=1u<<r;}
      int k=popc(oo); if(k<best){best=k;bt=1;bi=c;bm=oo; if(k<=1) break;} }
    if(best==0) return 0;
  }
  if(best>1){
    for(uint32_t m=fb&~ub;m;m&=m-1){ int b=__builtin_ctz(m); int br=(b/B)*B, bc=(b%B)*B; int k=0; uint32_t oo=0;
      for(int rr=br;rr<br+B;rr++){ if(!(fr>>rr&1)||(ur>>rr&1)) continue; uint32_t o=rowc[rr]&~uc&(((1u<<B)-1)<<bc); k+=popc(o); if(o) oo|=1u<<rr; }
      if(k<best){best=k;bt=2;bi=b;bm=oo; if(k<=1) break;} }
    if(best==0) return 0;
  }
  if(bt==0){ int r=bi; for(uint32_t x=bm;x;x&=x-1){int c=__builtin_ctz(x); cover_path[depth]=r*N+c; if(dfs_cover(ur|1u<<r,uc|1u<<c,ub|1u<<((r/B)*B+c/B),fr,fc,fb,depth+1)) return 1;} }
  else if(bt==1){ int c=bi; for(uint32_t x=bm;x;x&=x-1){int r=__builtin_ctz(x); cover_path[depth]=r*N+c; if(dfs_cover(ur|1u<<r,uc|1u<<c,ub|1u<<((r/B)*B+c/B),fr,fc,fb,depth+1)) return 1;} }
  else { int b=bi; int bc=(b%B)*B; for(uint32_t x=bm;x;x&=x-1){int r=__builtin_ctz(x); uint32_t o=rowc[r]&~uc&(((1u<<B)-1)<<bc);
      for(;o;o&=o-1){int c=__builtin_ctz(o); cover_path[depth]=r*N+c; if(dfs_cover(ur|1u<<r,uc|1u<<c,ub|1u<<b,fr,fc,fb,depth+1)) return 1;}} }
  return 0;
}
// GAC for value v; returns -1 fail, 1 changed, 0 unchanged
static int gac_value(St*s,int v){
  uint32_t bit=1u<<v; uint32_t fr=0,fc=0,fb=0; uint32_t solvedR=0,solvedC=0,solvedB=0;
  for(int i=0;i<NN;i++){ if(s->c[i]==bit){ solvedR|=1u<<RW[i]; solvedC|=1u<<CL[i]; solvedB|=1u<<BX[i]; } }
  fr=((1u<<N)-1)&~solvedR; fc=((1u<<N)-1)&~solvedC; fb=((1u<<N)-1)&~solvedB;
  if(!fr) return 0;
  for(int r=0;r<N;r++){ rowc[r]=0; if(!(fr>>r&1)) continue; for(int c=0;c<N;c++){ uint32_t m=s->c[r*N+c]; if((m&bit)&&m!=bit) rowc[r]|=1u<<c; } }
  uint32_t sup[N]; memset(sup,0,sizeof sup);
  int nfree=popc(fr);
  // seed: any cover
  for(int r=0;r<N;r++){ uint32_t todo=rowc[r]&~sup[r];
    while(todo){ int c=__builtin_ctz(todo); todo&=todo-1; if(sup[r]>>c&1) continue;
      // force (r,c)
      if(dfs_cover(1u<<r,1u<<c,1u<<((r/B)*B+c/B),fr,fc,fb,1)){ cover_path[0]=r*N+c; for(int k=0;k<nfree;k++){int ci=cover_path[k]; sup[RW[ci]]|=1u<<CL[ci];} }
    } }
  int changed=0;
  for(int r=0;r<N;r++){ uint32_t dead=rowc[r]&~sup[r]; if(!dead) continue; changed=1;
    for(;dead;dead&=dead-1){int c=__builtin_ctz(dead); s->c[r*N+c]&=~bit; if(!s->c[r*N+c]) return -1;} }
  // if some free row has no support at all -> fail
  for(int r=0;r<N;r++) if((fr>>r&1) && !sup[r]) return -1;
  return changed;
}
static int propagate(St*s){
  for(;;){ if(!settle(s)) return 0; if(!use_gac) return 1; gacrounds++; int ch=0;
    for(int v=0;v<N;v++){ int x=gac_value(s,v); if(x<0) return 0; if(x>0){ch=1; if(!settle(s)) return 0;} }
    if(!ch) return 1; }
}
static St sol; static long long nodecap=1000000000;
static int solve(St*s){
  nodes++; if(nodes>nodecap) return 0;
  if(!propagate(s)) return 0;
  int bi=-1,bk=99; for(int i=0;i<NN;i++){int k=popc(s->c[i]); if(k>1&&k<bk){bk=k;bi=i;}}
  if(bi<0){sol=*s;return 1;}
  for(uint32_t m=s->c[bi];m;m&=m-1){ St t=*s; t.c[bi]=m&-m; if(solve(&t)) return 1; if(nodes>nodecap) return 0; }
  return 0;
}

static int parsev(char ch){return (ch=='.'||ch=='0')?0:(ch>='1'&&ch<='9'?ch-'0':ch-'A'+10);}
int probe_main(int ln){
  const char*pf=getenv("PUZZLES"); FILE*f=fopen(pf?pf:"../shared/data/gecode_25x25.txt","r"); FILE*fs=fopen(getenv("SOLS")?getenv("SOLS"):"sols.txt","r"); if(!f||!fs){fprintf(stderr,"cannot open the puzzle or SOLS file\n"); return 2;} char a[4000],b[4000]; int k=0;
  while(fgets(a,sizeof a,f)&&fgets(b,sizeof b,fs)) if(++k==ln) break;
  St s; for(int i=0;i<NN;i++){int v=parsev(a[i]); s.c[i]=v?1u<<(v-1):(1u<<N)-1;}
  use_gac=0; settle(&s); int tot=0,rs=0,rg=0; srand(1);
  for(int i=0;i<NN;i++){ int sv=parsev(b[i])-1; if(popc(s.c[i])<2) continue; for(int v=0;v<N;v++){ if(!(s.c[i]>>v&1)||v==sv) continue; tot++;
      St t=s; t.c[i]=1u<<v; use_gac=0; if(!propagate(&t)){rs++;continue;} t=s; t.c[i]=1u<<v; use_gac=1; if(!propagate(&t)) rg++; } }
  printf("line %d: wrong literals %d refuted by singles %d, by template GAC (after singles) %d, survive %d\n",ln,tot,rs,rg,tot-rs-rg);
  return 0;
}
int main(int argc,char**argv){
  for(int i=0;i<NN;i++){RW[i]=i/N;CL[i]=i%N;BX[i]=(i/N/B)*B+(i%N)/B;}
  for(int u=0;u<N;u++) for(int k=0;k<N;k++){ unit_cells[u][k]=u*N+k; unit_cells[N+u][k]=k*N+u; unit_cells[2*N+u][k]=((u/B)*B+k/B)*N+(u%B)*B+k%B; }
  if(getenv("PROBE")) return probe_main(atoi(getenv("PROBE")));
  int want=argc>1?atoi(argv[1]):0; if(argc>2) use_gac=atoi(argv[2]); if(argc>3) nodecap=atoll(argv[3]);
  char line[4000]; int ln=0;
  while(fgets(line,sizeof line,stdin)){ ln++; if(want&&ln!=want) continue;
    St s; for(int i=0;i<NN;i++){char ch=line[i]; int v=(ch=='.'||ch=='0')?0:(ch>='1'&&ch<='9'?ch-'0':ch-'A'+10); s.c[i]=v?1u<<(v-1):(1u<<N)-1;}
    { St a=s; settle(&a); long k1=0; for(int i=0;i<NN;i++) k1+=popc(a.c[i]); St b=s; int okb=propagate(&b); long k2=0; for(int i=0;i<NN;i++) k2+=popc(b.c[i]); int u1=0,u2=0; for(int i=0;i<NN;i++){u1+=popc(a.c[i])>1; u2+=popc(b.c[i])>1;} printf("root: singles %ld bits (%d open)  gac %ld bits (%d open) ok=%d\n",k1,u1,k2,u2,okb); if(getenv("ROOTONLY")) continue; }
    nodes=searches=gacrounds=0; clock_t t0=clock(); int ok=solve(&s); double dt=(double)(clock()-t0)/CLOCKS_PER_SEC;
    // verify
    int good=ok; if(ok){ for(int u=0;u<3*N;u++){uint32_t a=0; for(int k=0;k<N;k++) a|=sol.c[unit_cells[u][k]]; if(a!=(1u<<N)-1) good=0;} for(int i=0;i<NN;i++){char ch=line[i]; if(ch!='.'&&ch!='0'){int v=(ch>='1'&&ch<='9'?ch-'0':ch-'A'+10); if(sol.c[i]!=1u<<(v-1)) good=0;}} }
    printf("line %d: %s nodes %lld searches %lld rounds %lld  %.3f s\n",ln, ok?(good?"solved":"BAD"):"fail/cap",nodes,searches,gacrounds,dt); fflush(stdout);
  }
}
