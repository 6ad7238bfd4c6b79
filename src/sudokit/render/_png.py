"""The PNG route: our PDF (or SVG) rasterised by a real program found on the system.

Choice, in order:

1. ``pdftoppm`` (poppler-utils) on the PDF this package writes.  Poppler is the renderer
   of most Linux PDF viewers: small, fast (about 30 ms for a grid), exact with the base-14
   fonts, and its output depends only on the PDF, which is ours and deterministic.
2. headless Chromium (``chromium``, ``chromium-browser``, ``google-chrome``) taking a
   screenshot of the SVG.  Heavier (a browser start, about a second) but present wherever
   the web page is tested.

Neither: RenderError naming what to install (``apt-get install poppler-utils`` or a
Chromium).  Rejected: a Python rasteriser (cairosvg, Pillow drawing): a compiled dependency
for what the system's tools already do well; and writing our own rasteriser (fonts).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile

from ._pdf import write_pdf
from ._scene import Scene
from ._svg import write_svg

__all__ = ["RenderError", "rasterise", "tools"]

TIMEOUT = 60  # seconds a rasterising program may take

_CHROMIUMS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


class RenderError(RuntimeError):
    """A picture could not be made: no program to rasterise it, or the program failed."""


def tools() -> dict:
    """{'pdftoppm': path or None, 'chromium': path or None}: the rasterisers found."""
    chromium = None
    for name in _CHROMIUMS:
        chromium = shutil.which(name)
        if chromium:
            break
    return {"pdftoppm": shutil.which("pdftoppm"), "chromium": chromium}


def rasterise(scene: Scene, *, scale: float = 2.0, tool: "str | None" = None,
              width: "int | None" = None) -> bytes:
    """The PNG bytes of a scene, scale pixels per unit (width: exactly that many pixels
    wide, scale being width / the scene's width); tool: 'pdftoppm', 'chromium' or None (the
    first of them found).  RenderError when none is there or it fails."""
    if width is None and not (isinstance(scale, (int, float)) and 0.1 <= scale <= 20):
        raise ValueError(f"scale must be a number from 0.1 to 20, not {scale!r}")
    found = tools()
    if tool is None:
        tool = "pdftoppm" if found["pdftoppm"] else "chromium" if found["chromium"] else None
        if tool is None:
            raise RenderError("PNG needs a rasteriser and none was found: install poppler-utils "
                              "(pdftoppm; apt-get install poppler-utils) or Chromium; SVG and "
                              "PDF need nothing")
    elif tool not in found:
        raise ValueError(f"unknown PNG tool {tool!r}: pdftoppm or chromium")
    if not found[tool]:
        raise RenderError(f"{tool} was asked for and is not installed")
    with tempfile.TemporaryDirectory(prefix="sudokit-render-") as tmp:
        if tool == "pdftoppm":
            return _pdftoppm(found[tool], scene, scale, tmp, width)
        return _chromium(found[tool], scene, scale, tmp)


def _run(argv: list[str]) -> None:
    try:
        done = subprocess.run(argv, capture_output=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        raise RenderError(f"{os.path.basename(argv[0])} took more than {TIMEOUT} s") from None
    except OSError as exc:
        raise RenderError(f"cannot run {argv[0]}: {exc}") from None
    if done.returncode != 0:
        said = done.stderr.decode("utf-8", "replace").strip().splitlines()[-3:]
        raise RenderError(f"{os.path.basename(argv[0])} failed (status {done.returncode})"
                          + (": " + " / ".join(said) if said else ""))


def _pdftoppm(exe: str, scene: Scene, scale: float, tmp: str, width=None) -> bytes:
    pdf = os.path.join(tmp, "picture.pdf")
    with open(pdf, "wb") as f:
        f.write(write_pdf([scene]))
    # a width asked for is given as pixels (a resolution would round up a pixel or so)
    size = ["-r", f"{72.0 * scale:g}"] if width is None else \
        ["-scale-to-x", str(width), "-scale-to-y", str(round(scene.height * width / scene.width))]
    _run([exe, "-png", *size, "-singlefile", "-aa", "yes", "-aaVector",
          "yes", pdf, os.path.join(tmp, "picture")])
    with open(os.path.join(tmp, "picture.png"), "rb") as f:
        return f.read()


def _chromium(exe: str, scene: Scene, scale: float, tmp: str) -> bytes:
    w, h = round(scene.width), round(scene.height)
    page = os.path.join(tmp, "picture.html")
    with open(page, "w", encoding="utf-8") as f:
        f.write("<!DOCTYPE html><html><head><style>html,body{margin:0;padding:0;"
                "overflow:hidden;background:#fff}svg{display:block}</style></head><body>"
                + write_svg(scene) + "</body></html>")
    out = os.path.join(tmp, "picture.png")
    argv = [exe, "--headless", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
            "--no-default-browser-check", f"--user-data-dir={os.path.join(tmp, 'profile')}",
            f"--window-size={w},{h}", f"--force-device-scale-factor={scale:g}",
            f"--screenshot={out}", "file://" + page]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        argv.insert(1, "--no-sandbox")  # Chromium refuses to run as root with its sandbox
    _run(argv)
    if not os.path.exists(out):
        raise RenderError("chromium made no screenshot")
    with open(out, "rb") as f:
        return f.read()
