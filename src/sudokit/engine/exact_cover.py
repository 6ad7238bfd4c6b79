"""Generic exact cover: Knuth's Algorithm X with dancing links (dlx1); knows nothing of Sudoku.

Glossary (Knuth, TAOCP 7.2.2.1):
    item       a thing to be covered. *Primary* items must be covered exactly once,
               *secondary* items at most once (they are never branched on).
    option     a set of items; a solution is a set of options covering every primary
               item exactly once and every secondary item at most once.
    cover i    remove item i from the active list and hide every option containing i.
    hide p     unlink the nodes of p's option from every column except p's own.
    uncover / unhide   exactly undo cover / hide, in reverse order (the dancing).
    node       (search-tree node) one trial of one option: one "x_l choice" in step X5.

Two layers:
    dlx_count, dlx_solutions   kernel on plain ints (items 0..n-1, options as a flat
                               list with start offsets); a C twin mirrors it exactly.
    ExactCover                 friendly class on named items and options; validates.

Data layout (dlx1). Item k of the caller (0-based, primary first) is item i = k+1 here;
N = n_primary + n_secondary. Two arrays of item links, three of node links, and LEN:

    items     LLINK/RLINK  (size N+2)
      0             root of the circular list of *active primary* items
      1 .. N1       primary items          (N1 = n_primary)
      N1+1 .. N     secondary items
      N+1           root of the circular list of active secondary items

          +---+   +---+   +---+          +-----+   +------+   +---+
      ... | 0 |<->| 1 |<->| 2 |<-> ... <->| N1  |   | N+1  |<->|N1+1|<-> ... <-> N
          +---+   +---+   +---+          +-----+   +------+   +---+
          (circular: RLINK[N1] = 0)                 (circular: RLINK[N] = N+1)

    nodes     TOP/ULINK/DLINK  (size 1 + N + n_options + 1 + len(option_items))
      0             unused
      1 .. N        column headers: TOP[i] = i, LEN[i] = options still in column i
      N+1           spacer before option 0
      ...           option k's nodes, one per item, then a spacer; in order:

      index:   N+1      N+2  N+3  N+4   N+5     N+6  N+7   N+8
      TOP:     0   |    a    b    c  |  -1   |  a    d  |  -2   ...
             spacer    option 0       spacer   option 1  spacer
      spacer before option k: TOP = -k, ULINK = first node of option k-1,
                              DLINK = last node of option k
      option node p of item i: TOP[p] = i; ULINK/DLINK = circular list through header i

      column of item a:    header a <-> N+2 <-> N+6 <-> header a   (ULINK up, DLINK down)

Search state: x[0..level-1] holds the chosen option nodes (the choice stack; x[level] may
briefly hold the header of a just-covered item). No recursion.

Nodes (the search-tree size reported by every function here): the number of times step
X5 tries an option x_l. The root, solutions and dead ends add nothing; the choice is
always the primary item with the fewest options, leftmost (lowest index) on ties, and its
options are tried in index order, so node counts are a deterministic function of the data.

Representation choices (and what was rejected):
- Flat Python lists of ints, one per field, as in dlx1 and the C twin. Node objects with
  attributes were not tried: CPython's attribute access is slower than list indexing, and
  the C twin could not share the layout.
- LEN kept in its own array and TOP[i] = i in headers (Knuth keeps LEN in TOP of the
  header), so one "next option of the item at the top of the stack" step serves X5 and X6.
- The spacer walk (q += 1, jump back at a spacer) is kept instead of per-node tuples of
  the option's nodes: see the note on _search for the measurement.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Sequence

from ..errors import SearchLimitReached

__all__ = [
    "ExactCover",
    "NodeLimitReached",
    "dlx_count",
    "dlx_solutions",
    "validate",
]

# When True, every entry to step X2 runs _sanity() over all links, and a finished search
# checks that every link is back to its initial value. Slow; on in the tests.
_SANITY = False


class NodeLimitReached(SearchLimitReached):
    """The node limit ran out before the search finished; `.found` solutions were seen so far."""

    def __init__(self, nodes: int, found: int):
        super().__init__(f"node limit reached after {nodes} nodes ({found} solutions found)",
                         nodes=nodes, found=found)


# --------------------------------------------------------------------------------------
# Kernel: plain data in, plain data out.

def validate(n_primary: int, n_secondary: int, option_starts: Sequence[int],
             option_items: Sequence[int]) -> None:
    """Return None if the plain data are a well-formed problem; else raise ValueError saying why.

    dlx_count and dlx_solutions call it first (a repeated item in one option would corrupt
    the links), with the same checks, order and messages as the C binding: the starts
    first (from 0 to len(option_items), never decreasing), then each option's items (in
    0..n-1, none twice), naming the first bad option.
    """
    if n_primary < 0 or n_secondary < 0:
        raise ValueError("item counts must be >= 0")
    n = n_primary + n_secondary
    if len(option_starts) < 1 or option_starts[0] != 0:
        raise ValueError("option_starts must begin with 0")
    if option_starts[-1] != len(option_items):
        raise ValueError("option_starts must end with len(option_items)")
    bounds = list(zip(option_starts, option_starts[1:]))
    for k, (lo, hi) in enumerate(bounds):
        if hi < lo:
            raise ValueError(f"option_starts decreases at option {k}")
    in_range = len(option_items) == 0 or (min(option_items) >= 0 and max(option_items) < n)
    for k, (lo, hi) in enumerate(bounds):
        if hi - lo > 1 or not in_range:
            option = option_items[lo:hi]
            if in_range and len(set(option)) == hi - lo:
                continue
            seen = set()  # the slow path, only to name the first bad item
            for item in option:
                if not 0 <= item < n:
                    raise ValueError(f"option {k} names item {item}, outside 0..{n - 1}")
                if item in seen:
                    raise ValueError(f"option {k} names item {item} twice")
                seen.add(item)


def _build_links(n_primary, n_secondary, option_starts, option_items):
    """Return the link arrays [LLINK, RLINK, TOP, ULINK, DLINK, LEN] of a fresh problem."""
    n = n_primary + n_secondary
    # Item lists: 0 heads the primaries 1..n_primary, n+1 heads the secondaries.
    LLINK = [0] * (n + 2)
    RLINK = [0] * (n + 2)
    for head, lo, hi in ((0, 1, n_primary), (n + 1, n_primary + 1, n)):
        prev = head
        for i in range(lo, hi + 1):
            LLINK[i] = prev
            RLINK[prev] = i
            prev = i
        LLINK[head] = prev
        RLINK[prev] = head
    # Nodes: headers (empty columns), then spacer, option 0, spacer, option 1, ..., spacer.
    size = n + 1 + len(option_starts) + len(option_items)
    TOP = list(range(size))         # headers: TOP[i] = i; every other node overwritten
    ULINK = list(range(size))       # empty columns point at themselves
    DLINK = list(range(size))
    LEN = [0] * (n + 1)
    p = n + 1                       # the spacer before option 0
    TOP[p] = 0
    ULINK[p] = 0
    for k in range(len(option_starts) - 1):
        spacer = p
        start = p + 1
        for item in option_items[option_starts[k]:option_starts[k + 1]]:
            p += 1
            i = item + 1
            TOP[p] = i
            LEN[i] += 1
            u = ULINK[i]            # append p at the bottom of column i
            ULINK[p] = u
            DLINK[p] = i
            DLINK[u] = p
            ULINK[i] = p
        DLINK[spacer] = p           # last node of option k (the spacer itself if empty)
        p += 1                      # the spacer after option k
        TOP[p] = -(k + 1)
        ULINK[p] = start
    DLINK[p] = 0
    return [LLINK, RLINK, TOP, ULINK, DLINK, LEN]


def _option_of(TOP, p):
    """Return the option index of option node p (walk left to its spacer)."""
    while TOP[p] > 0:
        p -= 1
    return -TOP[p]


def _sanity(n_primary, n_secondary, links):
    """Return None if every link is consistent; raise AssertionError naming the first fault.

    Checks, for both item lists, that LLINK/RLINK are mutual inverses and visit items in
    increasing order; for every active item, that its column is a consistent circular
    ULINK/DLINK list whose nodes have TOP = the item and number LEN; and that every option
    visible in an active column has all its nodes visible in active columns.
    """
    LLINK, RLINK, TOP, ULINK, DLINK, LEN = links
    n = n_primary + n_secondary
    active = []
    for head, lo, hi in ((0, 1, n_primary), (n + 1, n_primary + 1, n)):
        prev, p = head, RLINK[head]
        while p != head:
            assert lo <= p <= hi, f"item {p} in the wrong list (head {head})"
            assert LLINK[p] == prev, f"LLINK[{p}] = {LLINK[p]}, expected {prev}"
            assert prev == head or prev < p, f"items out of order: {prev} before {p}"
            active.append(p)
            prev, p = p, RLINK[p]
            assert len(active) <= n, "item list does not close"
        assert LLINK[head] == prev, f"LLINK[{head}] = {LLINK[head]}, expected {prev}"
    visible = set()
    for i in active:
        count, prev, q = 0, i, DLINK[i]
        while q != i:
            assert TOP[q] == i, f"node {q} in column {i} has TOP {TOP[q]}"
            assert ULINK[q] == prev, f"ULINK[{q}] = {ULINK[q]}, expected {prev}"
            visible.add(q)
            count += 1
            prev, q = q, DLINK[q]
            assert count <= len(TOP), f"column {i} does not close"
        assert ULINK[i] == prev, f"ULINK[{i}] = {ULINK[i]}, expected {prev}"
        assert LEN[i] == count, f"LEN[{i}] = {LEN[i]}, but the column has {count} nodes"
    for q in visible:
        r = q + 1
        while r != q:
            if TOP[r] <= 0:
                r = ULINK[r]
                continue
            assert r in visible, f"node {r} (option with node {q}) is hidden"
            r += 1


def _search(n_primary, n_secondary, links, node_limit, tally):
    """Yield (x, level) at each solution, x[:level] being the chosen option nodes (live).

    tally[0] is kept equal to the node count at each yield and at the end; tally[1] is set
    True if the search stopped because `node_limit` (> 0) ran out.

    Node count: the number of times step X5 tries an option x_l (covers its other items);
    the root and dead ends are not counted. A search with node_limit = L never counts more
    than L nodes: it stops, with tally[1] = True, when it would try an (L+1)-th option.

    Measured (CPython 3.11, 9x9 Sudoku covers, plb_hard20 + 40 of top95): the MRV scan in
    X3 dominates (~130 item visits per node against ~14 node unlinks), so its loop is kept
    tight (one test per item; ~10% gained). Replacing the spacer walk by per-node tuples of
    the option's nodes (for-loops instead of q += 1) gained 0-10%, inside the noise, so the
    walk stays and matches the C twin line for line.
    """
    LLINK, RLINK, TOP, ULINK, DLINK, LEN = links
    sanity = _SANITY
    if sanity:
        initial = [list(a) for a in links]
    n = n_primary + n_secondary
    node_cap = node_limit if node_limit > 0 else -1
    x = [0] * (n_primary + 1)
    level = 0
    nodes = 0
    while True:
        # X2. [Enter level.] All primary items covered: visit a solution.
        if sanity:
            _sanity(n_primary, n_secondary, links)
        if RLINK[0] == 0:
            tally[0] = nodes
            yield x, level
        else:
            # X3. [Choose i.] Fewest options (MRV), leftmost on ties.
            i = p = RLINK[0]
            best = LEN[p]
            if best:
                p = RLINK[p]
                while p:
                    if LEN[p] < best:
                        i = p
                        best = LEN[p]
                        if not best:
                            break
                    p = RLINK[p]
            if best:
                # X4. [Cover i.]
                p = DLINK[i]
                while p != i:
                    q = p + 1
                    while q != p:
                        t = TOP[q]
                        if t <= 0:
                            q = ULINK[q]
                        else:
                            u = ULINK[q]
                            d = DLINK[q]
                            DLINK[u] = d
                            ULINK[d] = u
                            LEN[t] -= 1
                            q += 1
                    p = DLINK[p]
                l = LLINK[i]
                r = RLINK[i]
                RLINK[l] = r
                LLINK[r] = l
                x[level] = i        # the header: "no option tried yet"
                level += 1
            # else: an item with no options left is a dead end; nothing was covered.
        # X5-X8. Advance the choice on top of the stack to its next option, or backtrack.
        while level:
            level -= 1
            xl = x[level]
            if xl > n:
                # X6. [Try again.] Uncover the other items of x_l, right to left.
                q = xl - 1
                while q != xl:
                    j = TOP[q]
                    if j <= 0:
                        q = DLINK[q]
                    else:
                        # uncover(j)
                        l = LLINK[j]
                        r = RLINK[j]
                        RLINK[l] = j
                        LLINK[r] = j
                        p = ULINK[j]
                        while p != j:
                            w = p - 1
                            while w != p:
                                t = TOP[w]
                                if t <= 0:
                                    w = DLINK[w]
                                else:
                                    u = ULINK[w]
                                    d = DLINK[w]
                                    DLINK[u] = w
                                    ULINK[d] = w
                                    LEN[t] += 1
                                    w -= 1
                            p = ULINK[p]
                        q -= 1
            i = TOP[xl]
            xl = DLINK[xl]
            if xl != i:
                # X5. [Try x_l.] Cover the other items of x_l, left to right.
                if nodes == node_cap:
                    tally[0] = nodes
                    tally[1] = True
                    return
                nodes += 1
                q = xl + 1
                while q != xl:
                    j = TOP[q]
                    if j <= 0:
                        q = ULINK[q]
                    else:
                        # cover(j)
                        p = DLINK[j]
                        while p != j:
                            w = p + 1
                            while w != p:
                                t = TOP[w]
                                if t <= 0:
                                    w = ULINK[w]
                                else:
                                    u = ULINK[w]
                                    d = DLINK[w]
                                    DLINK[u] = d
                                    ULINK[d] = u
                                    LEN[t] -= 1
                                    w += 1
                            p = DLINK[p]
                        l = LLINK[j]
                        r = RLINK[j]
                        RLINK[l] = r
                        LLINK[r] = l
                        q += 1
                x[level] = xl
                level += 1
                break
            # X7. [Backtrack.] No options left for i: uncover(i).
            l = LLINK[i]
            r = RLINK[i]
            RLINK[l] = i
            LLINK[r] = i
            p = ULINK[i]
            while p != i:
                w = p - 1
                while w != p:
                    t = TOP[w]
                    if t <= 0:
                        w = DLINK[w]
                    else:
                        u = ULINK[w]
                        d = DLINK[w]
                        DLINK[u] = w
                        ULINK[d] = w
                        LEN[t] += 1
                        w -= 1
                p = ULINK[p]
            # X8. [Leave level l.] Loop to the previous level.
        else:
            # Level 0 exhausted: the search is complete.
            tally[0] = nodes
            if sanity:
                _sanity(n_primary, n_secondary, links)
                assert [list(a) for a in links] == initial, "links not restored after search"
            return


def _decode(TOP, x, level):
    """Return the sorted option indices of the chosen option nodes x[:level]."""
    return sorted(_option_of(TOP, x[k]) for k in range(level))


def dlx_count(n_primary: int, n_secondary: int, option_starts: Sequence[int],
              option_items: Sequence[int], limit: int = 0,
              node_limit: int = 0) -> tuple[int, list[int] | None, int, bool]:
    """Return (count, first solution or None, nodes, stopped) for a plain exact-cover problem.

    Items are 0..n_primary+n_secondary-1, primary first; option k is
    option_items[option_starts[k]:option_starts[k+1]] (len(option_starts) = options + 1).
    count stops at `limit` (<= 0: no limit). The first solution is a sorted list of option
    indices. nodes = number of options tried (Knuth's x_l choices in step X5). stopped is
    True iff `node_limit` (> 0) ran out first: count is then only a lower bound and must be
    reported as "limit reached", never as "no solution". Malformed input raises ValueError
    (see validate).
    """
    validate(n_primary, n_secondary, option_starts, option_items)
    tally = [0, False]
    count = 0
    first = None
    links = _build_links(n_primary, n_secondary, option_starts, option_items)
    search = _search(n_primary, n_secondary, links, node_limit, tally)
    for x, level in search:
        count += 1
        if first is None:
            first = _decode(links[2], x, level)
        if count == limit:
            break
    search.close()
    return count, first, tally[0], tally[1]


def dlx_solutions(n_primary: int, n_secondary: int, option_starts: Sequence[int],
                  option_items: Sequence[int], node_limit: int = 0) -> Iterator[list[int]]:
    """Return an iterator yielding each solution (sorted option indices) lazily, in search order.

    Its `.nodes` (options tried so far) and `.found` are current after each step. It raises
    NodeLimitReached (with .nodes and .found) if `node_limit` (> 0) runs out before the
    search finishes. Same data and node count as dlx_count; malformed input raises
    ValueError at once (see validate).
    """
    validate(n_primary, n_secondary, option_starts, option_items)
    return _SolutionStream(n_primary, n_secondary, option_starts, option_items, node_limit)


class _SolutionStream:
    """The iterator of dlx_solutions: a generator that also shows `.nodes` and `.found`."""

    def __init__(self, n_primary, n_secondary, option_starts, option_items, node_limit):
        self._links = _build_links(n_primary, n_secondary, option_starts, option_items)
        self._tally = [0, False]
        self._search = _search(n_primary, n_secondary, self._links, node_limit, self._tally)
        self.nodes = 0
        self.found = 0

    def __iter__(self):
        return self

    def __next__(self) -> list[int]:
        try:
            x, level = next(self._search)
        except StopIteration:
            self.nodes = self._tally[0]
            if self._tally[1]:
                self._tally[1] = False          # raise once; then plain StopIteration
                raise NodeLimitReached(self.nodes, self.found) from None
            raise
        self.found += 1
        self.nodes = self._tally[0]
        return _decode(self._links[2], x, level)

    def close(self) -> None:
        """Abandon the search (frees the links)."""
        self._search.close()


# --------------------------------------------------------------------------------------
# Friendly layer: named items and options, validated.

class ExactCover:
    """An exact-cover problem on named items; solutions are sorted lists of option indices.

    >>> ec = ExactCover("abc", ["ab", "c", "a", "bc"])
    >>> list(ec.solutions())
    [[0, 1], [2, 3]]
    >>> ec.count(), ec.solve(), ec.nodes
    (2, [0, 1], 2)

    Primary items (`items`) must be covered exactly once, `secondary` items at most once.
    Names may be any hashable; option k is `self.options[k]`, a tuple of names. After each
    run `.nodes` holds the options tried (see dlx_count) and `.stopped` whether the node
    limit ran out. An option with only secondary items is allowed but never chosen.
    """

    def __init__(self, items: Iterable[Hashable], options: Iterable[Iterable[Hashable]], *,
                 secondary: Iterable[Hashable] = ()):
        self.primary: tuple = tuple(items)
        self.secondary: tuple = tuple(secondary)
        index: dict = {}
        for number, name in enumerate(self.primary + self.secondary):
            if name in index:
                raise ValueError(f"item {name!r} is listed twice")
            index[name] = number
        self.options: tuple[tuple, ...] = tuple(tuple(option) for option in options)
        starts = [0]
        flat: list[int] = []
        for k, option in enumerate(self.options):
            if not option:
                raise ValueError(f"option {k} is empty")
            seen = set()
            for name in option:
                number = index.get(name)
                if number is None:
                    raise ValueError(f"option {k} names unknown item {name!r}")
                if number in seen:
                    raise ValueError(f"option {k} names item {name!r} twice")
                seen.add(number)
                flat.append(number)
            starts.append(len(flat))
        self._plain = (len(self.primary), len(self.secondary), starts, flat)
        self.nodes = 0
        self.stopped = False

    def __repr__(self) -> str:
        extra = f", secondary={list(self.secondary)!r}" if self.secondary else ""
        return (f"ExactCover({list(self.primary)!r}, "
                f"{[list(option) for option in self.options]!r}{extra})")

    def solutions(self, limit: int | None = None,
                  node_limit: int | None = None) -> Iterator[list[int]]:
        """Yield up to `limit` solutions (sorted option indices), lazily, in search order.

        Raises NodeLimitReached (.found = solutions yielded) if `node_limit` runs out first.
        """
        self.nodes = 0
        self.stopped = False
        if limit is not None and limit <= 0:
            return
        stream = dlx_solutions(*self._plain, node_limit or 0)
        try:
            for solution in stream:
                self.nodes = stream.nodes
                yield solution
                if stream.found == limit:
                    return
            self.nodes = stream.nodes
        except NodeLimitReached:
            self.nodes = stream.nodes
            self.stopped = True
            raise
        finally:
            stream.close()

    def count(self, limit: int | None = None, node_limit: int | None = None) -> int:
        """Return the number of solutions, up to `limit` (None: all); NodeLimitReached if cut.

        The exception's `.found` is a lower bound; it never means "no solution".
        """
        self.nodes = 0
        self.stopped = False
        if limit is not None and limit <= 0:
            return 0
        count, _, self.nodes, self.stopped = dlx_count(*self._plain, limit or 0, node_limit or 0)
        if self.stopped:
            raise NodeLimitReached(self.nodes, count)
        return count

    def solve(self, *, node_limit: int | None = None) -> list[int] | None:
        """Return the first solution (sorted option indices), or None if there is none.

        Raises NodeLimitReached if `node_limit` runs out before an answer.
        """
        self.nodes = 0
        self.stopped = False
        count, first, self.nodes, self.stopped = dlx_count(*self._plain, 1, node_limit or 0)
        if self.stopped:
            raise NodeLimitReached(self.nodes, 0)
        return first

    def is_solution(self, chosen: Iterable[int]) -> bool:
        """Return True if the options `chosen` (indices) cover every primary item exactly once
        and every secondary item at most once; checked directly, without the search."""
        covered: list = []
        for k in chosen:
            if not 0 <= k < len(self.options):
                return False
            covered.extend(self.options[k])
        return (len(covered) == len(set(covered))
                and set(self.primary) <= set(covered))

    @classmethod
    def from_knuth(cls, text: str) -> "ExactCover":
        """Return the problem read from Knuth's DLX format (names are str); ParseError if bad."""
        from ..formats._dlx import parse_knuth

        problem = parse_knuth(text)
        return cls(problem.primary, problem.options, secondary=problem.secondary)

    def to_knuth(self, *, comment: str | None = None) -> str:
        """Return the problem in Knuth's DLX format (names via str()); ValueError if unwritable."""
        from ..formats._dlx import format_knuth

        return format_knuth(self.primary, self.secondary, self.options, comment=comment)
