"""The technique families: one module each, every technique one function of one signature.

    def find_<technique>(state: State) -> Iterator[Step]

yields every step of that technique on the state, in a fixed order (so hints and paths
are reproducible), each with at least one placement or elimination.  A module lists its
techniques in ``TECHNIQUES`` (sudokit.logic.ladder gathers them).
"""
