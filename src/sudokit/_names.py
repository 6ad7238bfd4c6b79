"""Names the command line needs before it imports any machinery (``sudokit --help``)."""

ENGINES = ("auto", "propagate", "dlx", "backtrack", "fast9", "learn")
COMMANDS = ("solve", "check", "count", "convert", "hint", "explain", "rate")  # the record commands
# (sudokit.records; hint and explain answered by sudokit._logiccmd)
LOGIC_OUTPUTS = ("text", "json")  # --to of hint and explain
# --to / --format names; sdm is the line format, sdk and ss single-puzzle layouts of block
PICTURE_FORMATS = ("svg", "png", "pdf")  # the -o extensions of sudokit render
OUTPUT_FORMATS = ("line", "block", "tokens", "json", "sdk", "ss", "sdm", "pencilmarks", "fpuzzles")
