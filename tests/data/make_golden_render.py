"""Regenerate the golden SVGs of tests/data/render/ (tests/render/test_render.py compares them byte
for byte with what sudokit.render draws now).

    PYTHONPATH=src python3 tests/data/make_golden_render.py

Run it after a deliberate change of the drawing, look at the pictures (a browser opens
them), and commit them with the change.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # tests/ (render_helpers)

from sudokit import geometry, logic, render  # noqa: E402
from sudokit.grid import Grid  # noqa: E402

from render_helpers import XWING_PUZZLE, state_before, xchain_step  # noqa: E402

CLASSIC = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def _janko(ident: str) -> Grid:
    for line in (HERE / "variants" / "janko_chaos.txt").read_text().splitlines():
        if line.startswith(ident + ";"):
            _, rules, regions, puzzle, _ = line.split(";")
            geom = geometry.jigsaw(regions)
            if rules != "-":
                geom = geom.with_rules(*rules.split("+"))
            return Grid([0 if ch == "." else int(ch) for ch in puzzle], geometry=geom)
    raise KeyError(ident)


def cases() -> dict:
    """{file name: the Svg it must hold}."""
    xwing_state, xwing = state_before(XWING_PUZZLE, "x-wing")
    chain_state, chain = xchain_step()
    windoku = Grid(CLASSIC, geometry="3x3+windoku+antiknight")
    return {
        "classic9.svg": render.svg(CLASSIC),
        "jigsaw6_x.svg": render.svg(_janko("janko-chaos-651"), coordinates=True),
        "windoku_antiknight.svg": render.svg(windoku, title="Windoku, anti-knight"),
        "rect6_state.svg": render.svg(logic.State.of(Grid("1.....2.....3.....4.....5.....6.....",
                                                          "2x3")), highlight=[0, 7]),
        "xwing_step.svg": render.svg(xwing_state, step=xwing),
        "xchain_step.svg": render.svg(chain_state, step=chain),
    }


def main() -> None:
    out = HERE / "render"
    out.mkdir(exist_ok=True)
    for name, picture in cases().items():
        (out / name).write_text(picture, encoding="utf-8", newline="\n")
        print(f"wrote {out / name} ({len(picture)} bytes)")


if __name__ == "__main__":
    main()
