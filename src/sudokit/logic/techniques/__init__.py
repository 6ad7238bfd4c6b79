"""The technique families: one module each, every technique one function of one signature.

    def find_<technique>(state: State) -> Iterator[Step]

yields every step of that technique on the state, in a fixed order (so hints and paths
are reproducible), each with at least one placement or elimination.  A module lists its
techniques in ``TECHNIQUES`` (sudokit.logic.ladder gathers them).

    singles, intersections, subsets, fish, wings, coloring, patterns, uniqueness, als,
    misc        one family each
    chains      chains and loops, on the link graph of logic.core.links
    forcing     forcing chains: static ones on core.links, dynamic and nested ones on
                core.propagate; _forcing_steps.py builds their steps
    _lines      line views of a state that fish and patterns share
"""
