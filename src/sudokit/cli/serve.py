"""sudokit serve: the local web page to enter, play and solve puzzles (sudokit.serve answers)."""

from __future__ import annotations

from typing import TextIO

from ._argtypes import number_in
from ._common import HelpFormatter, _para


_port = number_in(int, 0, 65535, "not a port number: {text!r}",
                  "a port is 0..65535 (0: a free one), not {value}")
_positive = number_in(int, 1, 64, "not an integer: {text!r}", "choose 1..64, not {value}")
_seconds = number_in(float, 0.1, 3600, "not a number of seconds: {text!r}",
                     "choose 0.1..3600 seconds, not {value:g}")


def add_parser(sub) -> None:
    """Define ``sudokit serve`` on an argparse subparsers object."""
    p = sub.add_parser(
        "serve", formatter_class=HelpFormatter, help="a local web page to play and solve puzzles",
        description=_para("Serve a web page on this machine to paste or type a puzzle (any "
                          "format sudokit reads, f-puzzles included), play it with the keyboard "
                          "and mouse, check it, ask for hints, solve, count, generate, print and "
                          "share it.  Prints 'serving on URL' when ready; Ctrl-C stops it.  "
                          "The page's JSON API is documented in docs/serve.md."),
        epilog="""examples:
  sudokit serve                      http://127.0.0.1:PORT/ on a free port
  sudokit serve --port 8000 --open   a fixed port, and open it in the browser
  sudokit serve --workers 4          four worker processes for the API

Bound to 127.0.0.1 by default: only this machine can reach it.  --host 0.0.0.0 would
let the network reach it, and is refused unless --public is given too.""")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=_port, default=0, metavar="N",
                   help="port to listen on (default 0: a free port, printed)")
    p.add_argument("--workers", type=_positive, default=2, metavar="N",
                   help="worker processes doing the API's work (default 2)")
    p.add_argument("--queue", type=_positive, default=8, metavar="N",
                   help="API requests that may wait for a worker; more get 503 (default 8)")
    p.add_argument("--budget", type=_seconds, default=10.0, metavar="SECONDS",
                   help="wall-clock time one API request may work (default 10)")
    p.add_argument("--generate-budget", type=_seconds, default=60.0, metavar="SECONDS",
                   help="the same for making a puzzle (the page's Generate; default 60: a "
                        "level can take tens of seconds, and the page can cancel it)")
    p.add_argument("--open", dest="open_browser", action="store_true",
                   help="open the page in the default web browser")
    p.add_argument("--public", action="store_true",
                   help="allow a --host that is not a loopback address")
    p.add_argument("-v", "--verbose", action="store_true", help="log every request on stderr")
    p.set_defaults(run=run)


_LOOPBACK = ("127.", "localhost", "::1")


def run(args, out: TextIO, err: TextIO) -> int:
    """Serve until Ctrl-C; return the exit status (0 after Ctrl-C, 3 when the port is taken)."""
    from ._common import _UsageError
    if not args.host.startswith(_LOOPBACK) and not args.public:
        raise _UsageError(f"--host {args.host} is reachable from other machines; add --public "
                          f"if that is what you want")
    from ..serve import serve
    try:
        serve(args.host, args.port, workers=args.workers, queue_slots=args.queue,
              budget=args.budget, generate_budget=args.generate_budget,
              open_browser=args.open_browser, verbose=args.verbose, out=out)
    except OSError as exc:
        err.write(f"sudokit serve: cannot listen on {args.host}:{args.port}: "
                  f"{exc.strerror or exc}\n")
        return 3
    except KeyboardInterrupt as exc:
        if type(exc).__name__ == "Terminated":  # SIGTERM: main() reports it (status 143)
            raise
        out.write("stopped\n")
    return 0
