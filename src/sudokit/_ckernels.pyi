"""Types of sudokit._ckernels, the C kernels (src/sudokit/_c/; bind/ is the Python boundary).

Every function the extension exports, with the signature its docstring gives and that
docstring (tests/test_c_surface.py checks that the two agree).  Handles are opaque capsules.
"""

from collections.abc import Buffer, Sequence
from typing import NewType

Capsule = NewType("Capsule", object)
Geometry = NewType("Geometry", object)  # geometry(): stands for (box_rows, box_cols)
LearnRun = NewType("LearnRun", object)
State = NewType("State", object)
AlsResult = NewType("AlsResult", object)

FLAG_BAD_INPUT: int
FLAG_BAD_SOLUTION: int
FLAG_CLASH: int
FLAG_STOPPED: int
FLAG_VERIFIED: int
MAX_SIZE: int
SUMS: int  # 1: geometry() takes rules over many cells; every kernel but dlx_sudoku honours them

def backtrack(
    values: Buffer | Sequence[int],
    box_rows: int | Geometry,
    box_cols: int | None,
    limit: int = 1,
    node_limit: int = 0,
) -> tuple[int, bytes | None, int, bool]:
    """Return (count up to limit, first solution or None, nodes, stopped) by row-major
    backtracking (C twin of _kernels.backtrack)."""

def batch(
    data: Buffer,
    n: int,
    box_rows: int | Geometry,
    box_cols: int | None,
    engine: str,
    limit: int = 1,
    node_limit: int = 0,
    out_solutions: Buffer | None = None,
    out_counts: Buffer | None = None,
    out_nodes: Buffer | None = None,
    out_flags: Buffer | None = None,
) -> str:
    """Solve n puzzles of data (n*N*N bytes) into the out buffers (n*N*N bytes, n int64, n uint64,
    n uint8 flags); return the engine name used."""

def canon_lines(data: Buffer, n: int, /) -> bytes:
    """Return the canonical forms (n*81 bytes, values 0..9, 0 = blank) of the n 9x9 grids in data
    (n*81 bytes, row-major); C twin of sudokit.symmetry.canonical."""

def cpu_level(level: str | None = None) -> str:
    """Return the instruction level the C kernels use ('baseline', 'avx2' or 'avx512'); with a
    level name (or 'auto'), switch to that level first, or to the best one below it that this
    CPU runs.  The same results at every level."""

def cpu_levels() -> tuple[str, ...]:
    """Return the instruction levels this build has and this CPU runs, lowest first."""

def dlx_count(
    n_primary: int,
    n_secondary: int,
    option_starts: Sequence[int],
    option_items: Sequence[int],
    limit: int = 0,
    node_limit: int = 0,
) -> tuple[int, list[int] | None, int, bool]:
    """Return (count, first solution as sorted option indices or None, nodes, stopped) (C twin of
    exact_cover.dlx_count)."""

def dlx_sudoku(
    values: Buffer | Sequence[int],
    box_rows: int | Geometry,
    box_cols: int | None,
    limit: int = 1,
    node_limit: int = 0,
) -> tuple[int, bytes | None, int, bool]:
    """Return (count up to limit, first solution or None, nodes, stopped) by dancing links on the
    cover of sudoku_cover.build_cover (C twin of sudoku_cover.dlx)."""

def fast9(
    values: Buffer | Sequence[int],
    box_rows: int | Geometry,
    box_cols: int | None,
    limit: int = 1,
    node_limit: int = 0,
) -> tuple[int, bytes | None, int, bool]:
    """Return (count up to limit, first solution or None, guesses, stopped) by the 9x9 bitboard
    kernel; box_rows = box_cols = 3 only (else ValueError)."""

def format_lines(values: Buffer | Sequence[int], size: int, blank: str = '.') -> list[str]:
    """Return one line of N*N characters per record of values (bytes), '?' for bytes > N."""

def geometry(
    n: int,
    box_rows: int | Geometry,
    box_cols: int | None,
    classic: bool,
    unit_start: Sequence[int],
    unit_cells: Sequence[int],
    pairs: Sequence[int],
    links: Sequence[int],
    masks: Sequence[int],
    props: Buffer | None = None,
    rules: Buffer | None = None,
) -> Geometry:
    """The flat tables of a geometry as an opaque handle, accepted wherever (box_rows, box_cols)
    is; props and rules: its rules over many cells (solve/kernels.h, sk_shape_set_rules)."""

def hodoku_chains(
    kind: int,
    cands: Sequence[int],
    where: Sequence[int],
    free: Sequence[Sequence[int]],
    /,
) -> list[tuple[int, int, int, int, tuple[int, ...] | None]]:
    """Return (start, value, end, length, cells | None) for each chain end of HoDoKu's
    simple chains (kind 0 X-chain, 1 XY-chain, 2 remote pair, 3 turbot fish) that deletes
    something, in search order; cells only for remote pairs (C twin of
    logic/hodoku/chains.py's chain_step search)."""

def hodoku_expand(
    direct: dict[int, tuple[int, ...]],
    order: Sequence[int],
    cap: int,
    /,
) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Return, for each node of order, the entries HoDoKu's breadth-first expansion appends
    to its table (after the start node and direct[node]) and their sources; cap: the most
    entries of a table (C twin of logic/hodoku/tabling.py's _Tabling._expand_one)."""

def hodoku_net_expand(
    own: dict[int, tuple[tuple[int, int], ...]],
    group_index: dict[int, int],
    order: Sequence[int],
    cap: int,
    /,
) -> list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[bool, ...],
                tuple[bool, ...]]]:
    """Return, for each node of order, the entries HoDoKu's forcing-net expansion appends to
    its table (after the start and own[node]) with their source indexes, distances and "on"
    / "group" flags (C twin of logic/hodoku/nets.py's _NetTabling._expand_one)."""

def is_solution(
    solution: Buffer | Sequence[int],
    box_rows: int | Geometry,
    box_cols: int | None,
    puzzle: Buffer | Sequence[int] | None = None,
) -> bool:
    """Return True if solution is a complete valid grid keeping every given of puzzle."""

def learn(
    values: Buffer | Sequence[int],
    box_rows: int | Geometry,
    box_cols: int | None,
    limit: int = 1,
    node_limit: int = 0,
) -> tuple[int, bytes | None, int, bool]:
    """Return (count up to limit, first solution or None, decisions, stopped) by CDCL with native
    exactly-one groups (C twin of _kernels.learn)."""

def learn_last(run: LearnRun) -> bytes | None:
    """Return the solution a learn search stopped at (its count reached the limit), or None
    when it is not paused at one (C twin of _kernels.LearnRun.last)."""

def learn_resume(
    run: LearnRun,
    limit: int = 1,
    more: int = 0,
) -> tuple[int, bytes | None, int, bool]:
    """Go on with a learn search until the count reaches limit (<= 0: all), `more` further
    decisions are made (0: no budget) or the search is over; return (count so far, first
    solution or None, decisions so far, stopped by the budget)."""

def learn_start(
    values: Buffer | Sequence[int],
    box_rows: int | Geometry,
    box_cols: int | None,
) -> LearnRun:
    """Start a learn search that can be resumed: an opaque handle for learn_resume (C twin of
    _kernels.LearnRun)."""

def logic_aic(state: State, kind: int, /) -> tuple:
    """Return (false, true, looped, k, records, groups): the closure's verdicts and the AIC
    search's first layer with a find, chains built (logic/chains.c)."""

def logic_als(state: State, max_cells: int, /) -> AlsResult:
    """Return capsule: the ALSs and restricted commons of a state."""

def logic_als_xy(res: AlsResult, pos: int, /) -> tuple | None:
    """Return (c, a, b, x, y, pairs) | None: the pos-th ALS-XY-Wing."""

def logic_als_xz(res: AlsResult, pos: int, /) -> tuple | None:
    """Return (next pos, a, b, rcc, pairs) | None: the next ALS-XZ."""

def logic_ape(state: State, /) -> bytes:
    """Return bytes: the base pairs (p, q) of the aligned pair exclusions."""

def logic_closure(state: State, kind: int, /) -> tuple[bytes, bytes, bytes]:
    """Return (false, true, looped) bytes: the chains' verdict sets."""

def logic_dyn(state: State, /) -> Capsule | None:
    """Return capsule | None: the forcing chains' branch verdicts of a state."""

def logic_dyn_branch(ctx: Capsule, x: int, /) -> tuple:
    """Return (on, off, contra, cands): x's singles branch, recorded."""

def logic_dyn_common(
    ctx: Capsule,
    lits: Sequence[int],
    plus: bool,
    /
) -> list[tuple[int, bool]] | None:
    """Return [(literal, on)] | None: what every branch holds."""

def logic_dyn_contra(ctx: Capsule, x: int, plus: bool, depth: int, /) -> bool:
    """Return bool: x's dynamic branch contradicts."""

def logic_dyn_first(ctx: Capsule, test: int, sol: bytes, pos: int, /) -> int:
    """Return int: the first refutable candidate at or after pos whose Nishio (0), singles (1) or
    plus (2) branch contradicts, or -1."""

def logic_dyn_nishio(ctx: Capsule, x: int, /) -> bool:
    """Return bool: x's value alone contradicts (Nishio)."""

def logic_dyn_proof(ctx: Capsule, x: int, /) -> tuple | None:
    """Return tuple | None: what the contradiction of x's singles branch rests on (nodes, parents,
    complexity, spines)."""

def logic_dyn_size(ctx: Capsule, x: int, /) -> int:
    """Return int: the candidates x's singles branch decides (-1: contra)."""

def logic_dyn_nested(
    ctx: Capsule, cands: Sequence[int], oncells: bytes, plus: bool, depth: int, /
) -> list[int]:
    """Return list: the literals the nesting rule removes from a branch."""

def logic_finned(state: State, k: int, /) -> bytes:
    """Return bytes: the finned and sashimi fish of size k, 9 bytes each."""

def logic_geometry(
    n: int,
    units: Sequence[Sequence[int]],
    peers: Sequence[Sequence[int]],
    full: Sequence[int],
    rows: Sequence[int],
    cols: Sequence[int],
    boxes: Sequence[int],
    crossings: Sequence[tuple[int, int, Sequence[int]]],
    kinds: Sequence[int],
    box_of: Sequence[int],
    links: Sequence[Sequence[tuple[int, Sequence[int]]]] | None = None,
    /
) -> Capsule:
    """Return capsule: a geometry's tables for the logic finders (sizes up to 10x10), with
    its weak links between cells."""

def logic_links_graph(state: State, kind: int, /) -> tuple:
    """Return (weak, strong, groups, starts, cands): the chains' graph of a kind, as _links.Graph
    holds it (logic/links.c)."""

def logic_placed(state: State, /) -> list[int]:
    """Return list: the mask of the values placed in each unit."""

def logic_probe(
    state: State,
    codes: bytes,
    start: int,
    givens: bytes,
    rects: bytes,
    flags: int,
    /
) -> int:
    """Return int: the first ladder position at or after start whose probed technique fires
    (logic/probe.c)."""

def logic_reaches(state: State, /) -> bytes:
    """Return bytes: per candidate, what it makes on and off (group graph)."""

def logic_remote_pair(state: State, /) -> bool:
    """Return bool: a remote-pair step exists (logic/chains.c)."""

def logic_run(
    state: State,
    codes: bytes,
    givens: bytes,
    rects: bytes,
    flags: int,
    limit: int,
    /
) -> tuple:
    """Return (records, values, candidates, stop): the ladder's singles, locked candidates and
    subsets in a row (logic/run.c)."""

def logic_sdc(state: State, limit: int, /) -> bytes:
    """Return bytes: the Sue de Coq records (crossing, core, sides)."""

def logic_state(geometry: Capsule, values: Sequence[int], candidates: Sequence[int], /) -> State:
    """Return capsule: one state for the finders."""

def logic_static(state: State, /) -> Capsule:
    """Return capsule: the static forcing chains' graph and reach."""

def logic_static_groups(ctx: Capsule, /) -> list[tuple[list[int], int]]:
    """Return [(cells, value)]: the group nodes of the static graph."""

def logic_static_next(ctx: Capsule, mode: int, pos: int, /) -> tuple | None:
    """Return tuple | None: the first cell (mode 0) or unit (mode 1) forcing chain step at or
    after pos (logic/forcing.c)."""

def logic_two_links(state: State, /) -> bytes:
    """Return bytes: skyscrapers, kites and turbot fish, 8 bytes each."""

def logic_ur_candidates(
    state: State,
    rects: bytes,
    givens: bytes,
    /
) -> list[tuple[int, int, int]]:
    """Return [(rectangle, a, b)]: the uniqueness techniques' rectangles (logic/probe_patterns.c)."""

def logic_where(state: State, /) -> list[list[int]]:
    """Return list: State's where table, [unit][value] -> cell set."""

def parse_lines(
    data: Buffer,
    size: int,
    table: bytes,
) -> tuple[bytearray, list[tuple[int, int, int, str, str]]]:
    """Return (values bytearray, errors) for the non-blank, non-# lines of data; errors are
    (record, line, column, char, reason) and their records are filled with 0xFF."""

def propagate(
    values: Buffer | Sequence[int],
    box_rows: int | Geometry,
    box_cols: int | None,
    limit: int = 1,
    node_limit: int = 0,
) -> tuple[int, bytes | None, int, bool]:
    """Return (count up to limit, first solution or None, nodes, stopped) by candidate propagation
    (C twin of _kernels.propagate)."""

def read_line(text: bytes | str, table: bytes, ncells: int) -> bytes | int:
    """Return the ncells values of one line (bytes), or the offset of its first bad byte (-1:
    wrong length, -2: non-ASCII str)."""

def se_chaining(
    values: Sequence[int],
    cands: Sequence[int],
    producer: int,
    deadline: float = 0.0,
    all: bool = False,
) -> tuple | list[tuple] | None:
    """Return hint | None | list: SE's producers 23-30 (sudokit.logic.se.chains.Chaining); a hint is
    (rating, complexity, sort key, elims, place, name); TimeoutError when the deadline passes."""

def se_path_run(
    start: str | Buffer,
    cands: Sequence[int] | None = None,
    state: tuple[float, float, float, str, int] | None = None,
    deadline: float = 0.0,
    max_producer: int = 30,
    /
) -> tuple:
    """Return (code, er, ep, ed, hardest, steps, values, cands): SE's rating loop
    (sudokit.logic.se.path)."""

def se_producer(p: int, values: Buffer, cands: Sequence[int], /) -> tuple | None:
    """Return None | (rating, elims, place, name, complexity, key): SE's producer p (1..22) alone."""

def se_static_chains(cands: Sequence[int], /) -> tuple | None:
    """Return (rating, complexity, sort key, y, x, kind, elims, place) | None: SE's producer 21 on
    81 candidate masks (sudokit.logic.se.chains.static_chains)."""
