"""A 9x9 puzzle with every rule over many cells (killer cages, arrows with a circle and a
pill, little killers, sandwiches, even and odd cells, a renban line), shared by the page's
and the API's tests, and a checker of its rules written by hand."""

from __future__ import annotations

# a solution and rules whose totals were read off it (summed again in keeps_rules)
SUMS_SOLUTION = [int(ch) for ch in "417369825632158947958724316825437169791586432346912758"
                                   "289643571573291684164875293"]
SUMS_RULES = ["killer(11:r1c1-r1c2-r2c1)", "killer(22:r4c4-r4c5-r4c6-r5c5)",
              "killer(26:r7c7-r7c8-r8c7-r8c8)", "killer(r9c7-r9c8)",
              "littlekiller(37:r1c2-r2c3-r3c4-r4c5-r5c6-r6c7-r7c8-r8c9)",
              "littlekiller(53:r9c1-r8c2-r7c3-r6c4-r5c5-r4c6-r3c7-r2c8-r1c9)",
              "sandwich(29:r3)", "sandwich(4:c5)", "even(r5c9-r6c9)", "odd(r7c9)",
              "arrow(r5c1:r6c1-r6c2)", "arrow(r4c7-r4c8:r5c8-r6c8-r6c9)",
              "renban(r2c2-r2c3-r2c4)"]
SUMS_GIVENS = [v if k % 5 == 0 else 0 for k, v in enumerate(SUMS_SOLUTION)]  # unique


def keeps_rules(values, givens) -> bool:
    """The rules of SUMS_RULES read by hand: rows, columns and boxes; each cage's values
    differ and sum to its total; each arrow's circle (two cells: a two-digit number) is
    its shaft's sum; each little killer's diagonal sums to its total; the values between
    the 1 and the 9 of row 3 sum to 29, of column 5 to 4; r5c9 and r6c9 even, r7c9 odd;
    r2c2-r2c4 a run of three consecutive values."""
    v = values
    if any(g and g != x for g, x in zip(givens, v)) or sorted(set(v)) != list(range(1, 10)):
        return False
    groups = [range(r * 9, r * 9 + 9) for r in range(9)] + [range(c, 81, 9) for c in range(9)]
    groups += [[(b // 3 * 3 + i) * 9 + b % 3 * 3 + j for i in range(3) for j in range(3)]
               for b in range(9)]
    if any(sorted(v[c] for c in g) != list(range(1, 10)) for g in groups):
        return False
    for cells, total in (((0, 1, 9), 11), ((30, 31, 32, 40), 22), ((60, 61, 69, 70), 26),
                         ((78, 79), 0)):
        vals = [v[c] for c in cells]
        if len(set(vals)) != len(vals) or (total and sum(vals) != total):
            return False
    if v[36] != v[45] + v[46] or 10 * v[33] + v[34] != v[43] + v[52] + v[53]:
        return False
    if sum(v[r * 9 + r + 1] for r in range(8)) != 37 or \
            sum(v[(8 - k) * 9 + k] for k in range(9)) != 53:
        return False
    for line, total in ((v[18:27], 29), (v[4::9], 4)):
        a, b = sorted((line.index(1), line.index(9)))
        if sum(line[a + 1:b]) != total:
            return False
    return v[44] % 2 == 0 and v[53] % 2 == 0 and v[62] % 2 == 1 and \
        max(v[10:13]) - min(v[10:13]) == 2 and len(set(v[10:13])) == 3
