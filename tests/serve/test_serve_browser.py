"""The page of ``sudokit serve`` in a real headless Chromium, driven by Selenium.

The system's browser only: Debian's /usr/bin/chromium and its chromedriver (installed by
.ci/run with apt-get), SE_OFFLINE=true so Selenium Manager never downloads anything.  The
server is the real command (``python -m sudokit serve --port 0``) in a subprocess.  One
screenshot per stage goes to $SUDOKIT_TEST_ARTIFACTS/serve-browser/ when that variable is
set, else to pytest's tmp_path (the path is printed; run with -s to see it).

Skipped, saying why, only when selenium, chromium or chromedriver is missing.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from sudokit import Grid, count_solutions, is_solution, solve
from browser_fixtures import (artifacts, cell, click_cell, open_page, url,  # noqa: F401
                              wait)

PUZZLE = ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534."
SOLUTION = solve(PUZZLE).values

os.environ.setdefault("SE_OFFLINE", "true")  # before selenium is imported: never download

selenium = pytest.importorskip("selenium", reason="selenium is not installed (pip install "
                                                  "'sudokit[test]')")
from selenium import webdriver  # noqa: E402
from selenium.common.exceptions import WebDriverException  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402


def _chromium() -> "str | None":
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


@pytest.fixture(scope="module")
def driver():
    binary, chromedriver = _chromium(), shutil.which("chromedriver")
    if binary is None:
        pytest.skip("no chromium on PATH (apt-get install chromium)")
    if chromedriver is None:
        pytest.skip("no chromedriver on PATH (apt-get install chromium-driver)")
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1280,1000", "--disable-extensions", "--no-first-run"):
        options.add_argument(arg)
    try:
        d = webdriver.Chrome(service=Service(executable_path=chromedriver), options=options)
    except WebDriverException as exc:
        pytest.skip(f"chromium would not start under chromedriver: {exc.msg}")
    d.set_page_load_timeout(30)
    yield d
    d.quit()


def classes(driver, k) -> set:
    return set(cell(driver, k).get_attribute("class").split())


def values(driver) -> list:
    return driver.execute_script("return window.sudokit.game.values.slice()")


def message(driver) -> str:
    return driver.find_element(By.ID, "message").text


def keys(driver, *sequence, ctrl=False):
    chain = webdriver.ActionChains(driver)
    if ctrl:
        chain.key_down(Keys.CONTROL)
    for k in sequence:
        chain.send_keys(k)
    if ctrl:
        chain.key_up(Keys.CONTROL)
    chain.perform()


def paste_and_load(driver, url, text: str, loaded: str) -> None:
    """Open the page, paste text into the puzzle box, press Load and wait for the message."""
    open_page(driver, url)
    box = driver.find_element(By.ID, "puzzle-text")
    box.clear()
    driver.execute_script("arguments[0].value = arguments[1]", box, text)  # (a paste)
    driver.find_element(By.ID, "load").click()
    wait(driver, lambda d: loaded in message(d))


def shot(driver, artifacts, name):
    path = artifacts / f"{name}.png"
    driver.save_screenshot(str(path))
    assert path.stat().st_size > 5000
    return path


def test_play_a_puzzle_in_the_browser(driver, url, artifacts):
    """Paste, type, see a conflict, undo, pencil marks, hint, apply, check, share, solve."""
    open_page(driver, url)
    box = driver.find_element(By.ID, "puzzle-text")
    box.clear()
    box.send_keys(PUZZLE)
    driver.find_element(By.ID, "load").click()
    wait(driver, lambda d: "Loaded a 9x9 puzzle" in message(d))
    givens = list(Grid(PUZZLE).values)
    assert values(driver) == givens
    assert "given" in classes(driver, 1)
    shot(driver, artifacts, "01-loaded")

    # a value that is already in the row: both cells marked as a conflict
    empty = givens.index(0)
    clash = givens[1]  # the given right of it, same row and box
    click_cell(driver, empty)
    keys(driver, str(clash))
    assert values(driver)[empty] == clash
    assert "conflict" in classes(driver, empty) and "conflict" in classes(driver, 1)
    assert "selected" in classes(driver, empty)
    shot(driver, artifacts, "02-conflict")

    keys(driver, "z", ctrl=True)  # undo
    assert values(driver)[empty] == 0
    assert "conflict" not in classes(driver, empty) and "conflict" not in classes(driver, 1)
    keys(driver, "y", ctrl=True)  # redo, then undo with the button
    assert values(driver)[empty] == clash
    driver.find_element(By.ID, "undo").click()
    assert values(driver)[empty] == 0
    shot(driver, artifacts, "03-undone")

    # centre marks (C), corner marks (X), then the right value (Z) with the arrow keys
    keys(driver, "c", "1", "4")
    centre = driver.execute_script(f"return window.sudokit.game.centre[{empty}]")
    assert centre == [1, 4]
    assert driver.find_elements(By.CSS_SELECTOR, "#grid text.centre")
    after = givens.index(0, empty + 1)  # the next empty cell of the row, past givens
    assert after // 9 == empty // 9
    keys(driver, *[Keys.ARROW_RIGHT] * (after - empty))
    assert "selected" in classes(driver, after) and "selected" not in classes(driver, empty)
    keys(driver, "x", "5", "6")
    assert driver.execute_script(f"return window.sudokit.game.corner[{after}]") == [5, 6]
    keys(driver, "z", *[Keys.ARROW_LEFT] * (after - empty))
    keys(driver, Keys.BACKSPACE)  # erase the marks
    assert driver.execute_script(f"return window.sudokit.game.centre[{empty}]") == []
    keys(driver, str(SOLUTION[empty]))
    assert values(driver)[empty] == SOLUTION[empty]
    assert "same" in classes(driver, next(c for c, v in enumerate(givens)
                                              if v == SOLUTION[empty]))  # equal-digit highlight

    # a hint: its cells shaded, its text shown, its placements true
    driver.find_element(By.ID, "hint").click()
    wait(driver, lambda d: d.find_element(By.ID, "message").get_attribute("class") == "hint")
    step = driver.execute_script("return window.sudokit.game.marks.step")
    text = message(driver)
    assert step["name"] in text and step["text"] in text
    shaded = driver.find_elements(By.CSS_SELECTOR, "#grid g.cell.hint-cell")
    assert shaded
    for cell_id, value in step["placements"]:
        assert SOLUTION[cell_id] == value
        assert "hint-cell" in classes(driver, cell_id)
        assert driver.find_element(By.CSS_SELECTOR,
                                   f'#grid g.placement[data-cell="{cell_id}"][data-value="{value}"]')
    for cell_id, value in step["eliminations"]:
        assert SOLUTION[cell_id] != value
    shot(driver, artifacts, "04-hint")
    driver.find_element(By.ID, "apply-hint").click()
    now = values(driver)
    for cell_id, value in step["placements"]:
        assert now[cell_id] == value

    # check: no mistakes; then a wrong value is found
    driver.find_element(By.ID, "check").click()
    wait(driver, lambda d: "No mistakes" in message(d))
    # (a value no peer holds, yet not the solution's: only the solution can tell)
    wrong_cell, wrong = next((c, v) for c in range(81) if not now[c] for v in range(1, 10)
                             if v != SOLUTION[c] and v not in {now[p] for p in _peers(c)})
    click_cell(driver, wrong_cell)
    keys(driver, str(wrong))
    assert "conflict" not in classes(driver, wrong_cell)
    driver.find_element(By.ID, "check").click()
    wait(driver, lambda d: "differ from the solution" in message(d))
    assert "wrong" in classes(driver, wrong_cell)
    shot(driver, artifacts, "05-checked")
    keys(driver, Keys.DELETE)

    # share: the link restores the values and marks
    click_cell(driver, wrong_cell)
    keys(driver, "c", "2", "3", "z")
    driver.find_element(By.ID, "share").click()
    share_box = driver.find_element(By.ID, "share-url")
    wait(driver, lambda d: share_box.get_attribute("value").startswith(url))
    link = share_box.get_attribute("value")
    before = values(driver)
    assert "#s=" in link

    # count and solve
    driver.find_element(By.ID, "count").click()
    wait(driver, lambda d: "1 solution" in message(d))
    driver.find_element(By.ID, "solve").click()
    wait(driver, lambda d: "Solved" in message(d))
    solved = values(driver)
    assert is_solution(Grid(solved), Grid(PUZZLE))
    shot(driver, artifacts, "06-solved")

    driver.get("about:blank")  # a fresh page, as when the link is opened elsewhere
    open_page(driver, link)
    wait(driver, lambda d: "Restored" in message(d))
    assert values(driver) == before
    assert driver.execute_script(f"return window.sudokit.game.centre[{wrong_cell}]") == [2, 3]
    shot(driver, artifacts, "07-shared")


def _peers(k):
    r, c = divmod(k, 9)
    return {r * 9 + j for j in range(9)} | {i * 9 + c for i in range(9)} | \
        {(r // 3 * 3 + i) * 9 + c // 3 * 3 + j for i in range(3) for j in range(3)}


def test_generate_a_variant_and_print(driver, url, artifacts):
    open_page(driver, url)
    Select(driver.find_element(By.ID, "gen-rules")).select_by_value("x")
    driver.find_element(By.ID, "generate").click()
    wait(driver, lambda d: "New puzzle" in message(d))
    assert len(driver.find_elements(By.CSS_SELECTOR, "#grid line.diagonal")) == 2
    assert "x" in driver.find_element(By.ID, "rules").text
    game = driver.execute_script("return window.sudokit.game.puzzle")
    assert game["geometry"]["rules"] == ["x"]
    shot(driver, artifacts, "08-generated-x")

    Select(driver.find_element(By.ID, "gen-rules")).select_by_value("")
    Select(driver.find_element(By.ID, "gen-box")).select_by_value("4x4")
    driver.find_element(By.ID, "generate").click()
    wait(driver, lambda d: "New puzzle" in message(d) and
         d.execute_script("return window.sudokit.game.size") == 16)
    cell(driver, values(driver).index(0)).click()
    keys(driver, "g")  # G is 16 in the 1-9A-G alphabet
    assert 16 in values(driver)
    shot(driver, artifacts, "09-generated-16x16")

    driver.find_element(By.ID, "print").click()
    driver.find_element(By.ID, "print-make").click()
    wait(driver, lambda d: "PDF is ready" in message(d) or "Print:" in message(d))
    if "Print:" in message(driver):  # no sudokit.render on this branch: a clear 501
        assert "sudokit.render" in message(driver) or "PDF rendering" in message(driver)
    else:
        link = driver.find_element(By.ID, "pdf-link").get_attribute("href")
        head = driver.execute_async_script(
            "fetch(arguments[0]).then(r => r.text()).then(t => arguments[1](t.slice(0, 5)))", link)
        assert head == "%PDF-"


def _pdf_of_page(driver, what: str, paper: str) -> bytes:
    """Print from the page (the dialog: what 'clean' or 'marks', paper 'a4' or 'letter'):
    the bytes of the PDF the page links to."""
    import base64
    driver.execute_script("document.getElementById('message').textContent = ''")
    driver.find_element(By.ID, "print").click()
    driver.find_element(By.ID, f"print-{what}").click()
    Select(driver.find_element(By.ID, "print-paper")).select_by_value(paper)
    driver.find_element(By.ID, "print-make").click()
    wait(driver, lambda d: "PDF is ready" in message(d) or "Print:" in message(d))
    assert "PDF is ready" in message(driver), message(driver)
    link = driver.find_element(By.ID, "pdf-link").get_attribute("href")
    data = driver.execute_async_script(
        "fetch(arguments[0]).then(r => r.arrayBuffer()).then(b => { let s = '';"
        " new Uint8Array(b).forEach(x => s += String.fromCharCode(x)); arguments[1](btoa(s)); })",
        link)
    return base64.b64decode(data)


def _raster(pdf: bytes, tmp: Path, name: str):
    """(width, height, grey bytes) of the PDF's page at 72 dpi (1 px = 1 pt) by pdftoppm."""
    import subprocess as sp
    from conftest import need_tool
    tool = need_tool("pdftoppm")
    (tmp / f"{name}.pdf").write_bytes(pdf)
    sp.run([tool, "-r", "72", "-gray", "-singlefile", str(tmp / f"{name}.pdf"),
            str(tmp / name)], check=True, timeout=60)
    sp.run([tool, "-r", "100", "-png", "-singlefile", str(tmp / f"{name}.pdf"),
            str(tmp / name)], check=True, timeout=60)  # (the picture to look at)
    raw = (tmp / f"{name}.pgm").read_bytes()
    fields = raw.split(maxsplit=4)  # P5, width, height, 255, pixels
    assert fields[0] == b"P5"
    w, h = int(fields[1]), int(fields[2])
    return w, h, fields[4][:w * h]


def _page_size(pdf: bytes, tmp: Path, name: str) -> str:
    import subprocess as sp
    from conftest import need_tool
    (tmp / f"{name}.pdf").write_bytes(pdf)
    out = sp.run([need_tool("pdfinfo"), str(tmp / f"{name}.pdf")], capture_output=True,
                 text=True, check=True, timeout=60).stdout
    return next(line.split(":", 1)[1].strip() for line in out.splitlines()
                if line.startswith("Page size"))


def _grid_box(w, h, px):
    """(left, top, cell) of the grid in a raster: the outer border is the longest run of
    dark columns and rows (found from the pixels, not from the layout's constants)."""
    dark = lambda x, y: px[y * w + x] < 100  # noqa: E731
    cols = [x for x in range(w) if sum(dark(x, y) for y in range(h)) > h // 3]
    rows = [y for y in range(h) if sum(dark(x, y) for x in range(w)) > w // 3]
    left, right, top = min(cols), max(cols), min(rows)
    return left, top, (right - left) / 9


def _dark_in(w, px, box) -> int:
    x0, y0, x1, y1 = (int(round(v)) for v in box)
    return sum(1 for y in range(y0, y1) for x in range(x0, x1) if px[y * w + x] < 170)


def test_print_with_the_players_marks_on_a4_and_letter(driver, url, artifacts):
    """The page's Print: the player's corner and centre marks and values are on the paper
    when asked for (A4), absent from the clean print (A4, Letter); pdfinfo gives the paper
    size, pdftoppm the pixels (the grid found from the pixels)."""
    open_page(driver, url)
    paste_and_load(driver, url, PUZZLE, "Loaded a 9x9 puzzle")
    corner_cell, centre_cell, value_cell = 18, 22, 0  # empty cells of PUZZLE
    assert PUZZLE[corner_cell] == PUZZLE[centre_cell] == PUZZLE[value_cell] == "."
    click_cell(driver, corner_cell)
    keys(driver, "x", "1", "4")          # corner mode: marks 1 and 4
    click_cell(driver, centre_cell)
    keys(driver, "c", "2", "3", "5")     # centre mode: 2 3 5
    click_cell(driver, value_cell)
    keys(driver, "z", str(SOLUTION[value_cell]))
    game = driver.execute_script("return window.sudokit.game")
    assert game["corner"][corner_cell] == [1, 4] and game["centre"][centre_cell] == [2, 3, 5]
    shot(driver, artifacts, "11-before-print")

    marked = _pdf_of_page(driver, "marks", "a4")
    clean = _pdf_of_page(driver, "clean", "a4")
    letter = _pdf_of_page(driver, "clean", "letter")
    assert _page_size(marked, artifacts, "print-marks-a4").startswith("595 x 842")
    assert _page_size(clean, artifacts, "print-clean-a4").startswith("595 x 842")
    assert _page_size(letter, artifacts, "print-clean-letter").startswith("612 x 792")
    w, h, px = _raster(marked, artifacts, "print-marks-a4")
    w2, h2, px2 = _raster(clean, artifacts, "print-clean-a4")
    assert (w, h) == (w2, h2) == (595, 842)
    left, top, c = _grid_box(w, h, px)
    assert (left, top, c) == _grid_box(w2, h2, px2)
    assert c > 40  # (a 9x9 fills most of the page's width: about 57 pt a cell)

    def at(k, fx0, fy0, fx1, fy1):
        r, col = divmod(k, 9)
        x, y = left + col * c, top + r * c
        return x + fx0 * c, y + fy0 * c, x + fx1 * c, y + fy1 * c
    top_left, top_right = at(corner_cell, 0.08, 0.08, 0.32, 0.32), at(corner_cell, 0.68, 0.08, 0.92, 0.32)
    middle = at(centre_cell, 0.15, 0.35, 0.85, 0.65)
    value = at(value_cell, 0.25, 0.2, 0.75, 0.8)
    for box in (top_left, top_right, middle, value):
        assert _dark_in(w, px, box) > 5, box      # the mark is there ...
        assert _dark_in(w2, px2, box) == 0, box   # ... and not on the clean print
    # the corner marks' cell has nothing in its middle; the centre marks' nothing in corners
    assert _dark_in(w, px, at(corner_cell, 0.3, 0.4, 0.7, 0.6)) == 0
    assert _dark_in(w, px, at(centre_cell, 0.05, 0.05, 0.3, 0.3)) == 0


JIGSAW = ('{"puzzle": ".....1.6....2..............1.4....3.", "geometry": {"size": 6, "regions": '
          '[[0, 0, 0, 1, 1, 1], [0, 0, 2, 2, 1, 1], [0, 2, 2, 2, 1, 3], [4, 4, 2, 3, 3, 3], '
          '[4, 4, 5, 5, 3, 3], [4, 4, 5, 5, 5, 5]]}}')


def _difficulties(driver) -> list:
    return [o.get_attribute("value") for o in
            Select(driver.find_element(By.ID, "gen-difficulty")).options]


def test_generate_menu_offers_what_the_server_makes(driver, url, artifacts):
    """The menu is the server's offer (/api/info): each box, the variants offered on it,
    and only their levels; a level of the sudokit scale and a killer are made from the
    page and rated again here (the API test makes every offered pair)."""
    import json
    import urllib.request
    from sudokit.geometry import Geometry
    from sudokit.rate.scale import rate_scale
    with urllib.request.urlopen(f"{url}api/info", timeout=30) as r:
        offered = json.load(r)["generate"]["offers"]
    open_page(driver, url)
    boxes = [o.get_attribute("value") for o in
             Select(driver.find_element(By.ID, "gen-box")).options]
    assert boxes == list(dict.fromkeys(o["box"] for o in offered))
    for box in boxes:
        Select(driver.find_element(By.ID, "gen-box")).select_by_value(box)
        here = [o for o in offered if o["box"] == box]
        rules = [o.get_attribute("value") for o in
                 Select(driver.find_element(By.ID, "gen-rules")).options]
        assert rules == [(o["rules"] or [""])[0] for o in here], box
        for o in here:
            Select(driver.find_element(By.ID, "gen-rules")).select_by_value((o["rules"] or [""])[0])
            assert _difficulties(driver) == ["any"] + o["levels"], o
            note = driver.find_element(By.ID, "gen-note").text
            assert (o["note"] or "") == note
    shot(driver, artifacts, "10-generate-menu-25x25")
    Select(driver.find_element(By.ID, "gen-box")).select_by_value("3x3")
    Select(driver.find_element(By.ID, "gen-symmetry")).select_by_value("none")
    x = next(o for o in offered if o["rules"] == ["x"])
    made = [("x", (x["levels"] or ["any"])[-1])]
    killer = next((o for o in offered if o["rules"] == ["killer"]), None)
    if killer is not None:  # (not on the pure-Python kernels)
        made.append(("killer", (killer["levels"] or ["any"])[-1]))
    jigsaw = next((o for o in offered if o["box"] == "3x3" and o["rules"] == ["jigsaw"]), None)
    if jigsaw is not None:  # regions drawn by the server (not on the pure-Python kernels)
        made.append(("jigsaw", (jigsaw["levels"] or ["any"])[0]))
    for rule, level in made:
        Select(driver.find_element(By.ID, "gen-rules")).select_by_value(rule)
        Select(driver.find_element(By.ID, "gen-difficulty")).select_by_value(level)
        driver.execute_script("document.getElementById('message').textContent = ''")
        driver.find_element(By.ID, "generate").click()
        wait(driver, lambda d: "New puzzle" in message(d) or "Generate" in message(d), 60)
        game = driver.execute_script("return window.sudokit.game.puzzle")
        geom = Geometry.from_json(game["geometry"])
        grid = Grid(game["givens"], geometry=geom)
        if rule == "killer":
            assert any(k[0] == "killer" for k in geom.constraints)
            assert "killer cage" in driver.find_element(By.ID, "rules").text
            assert count_solutions(grid, limit=2) == 1
            if level != "any":
                assert rate_scale(grid).level == level
        elif rule == "jigsaw":
            assert geom.box is None and len(set(geom.regions)) == 9
            assert "jigsaw regions" in driver.find_element(By.ID, "rules").text
            assert count_solutions(grid, limit=2) == 1
            if level != "any":
                assert rate_scale(grid).level == level
        else:
            assert list(geom.rules) == ["x"]
            if level != "any":
                got = rate_scale(grid).level
                assert got == level and f"rated {level} on the sudokit scale" in \
                    message(driver), message(driver)
        shot(driver, artifacts, f"10-generated-{rule}")


def test_a_slow_generation_says_so_and_cancel_stops_it(driver, url, artifacts):
    """A level that can take seconds says so in the menu and while it is made (the seconds
    counted on the message line); Cancel stops it at once: the page keeps its puzzle, the
    Generate button comes back, and the server stopped the worker (/api/info's pool counts
    it; a worker that had begun is replaced)."""
    import json
    import urllib.request

    def pool():
        with urllib.request.urlopen(f"{url}api/info", timeout=30) as r:
            return json.load(r)["pool"]
    with urllib.request.urlopen(f"{url}api/info", timeout=30) as r:
        offered = json.load(r)["generate"]["offers"]
    slow = [(o, level) for o in offered for level, sec in (o.get("seconds") or {}).items()
            if sec > 3 and o["box"] == "3x3"]
    if not slow:  # (the pure-Python kernels offer no level)
        assert all(not o["levels"] for o in offered)
        return
    offer, level = max(slow, key=lambda p: p[0]["seconds"][p[1]])
    open_page(driver, url)
    Select(driver.find_element(By.ID, "gen-box")).select_by_value("3x3")
    Select(driver.find_element(By.ID, "gen-rules")).select_by_value(offer["rules"][0])
    option = next(o for o in Select(driver.find_element(By.ID, "gen-difficulty")).options
                  if o.get_attribute("value") == level)
    assert f"(about {int(-(-offer['seconds'][level] // 1))} s)" in option.text, option.text
    Select(driver.find_element(By.ID, "gen-difficulty")).select_by_value(level)
    before = driver.execute_script("return window.sudokit.game && window.sudokit.game.puzzle")
    cancelled = pool()["cancelled"]
    cancel = driver.find_element(By.ID, "gen-cancel")
    assert not cancel.is_displayed()
    for attempt in range(3):  # (a puzzle may come before the click: then again)
        driver.find_element(By.ID, "generate").click()
        assert "Making a" in message(driver) and "Cancel stops it" in message(driver)
        assert not driver.find_element(By.ID, "generate").is_enabled()
        try:
            cancel.click()
        except WebDriverException:
            before = driver.execute_script("return window.sudokit.game.puzzle")
            continue
        if "Cancelled" in message(driver):
            break
    shot(driver, artifacts, "10-generate-cancelled")
    assert message(driver) == "Cancelled: no new puzzle."
    assert driver.find_element(By.ID, "generate").is_enabled() and not cancel.is_displayed()
    assert driver.execute_script("return window.sudokit.game && window.sudokit.game.puzzle") \
        == before
    wait(driver, lambda d: pool()["cancelled"] > cancelled, 10)


def test_jigsaw_regions_are_drawn_and_solved(driver, url, artifacts):
    from sudokit.geometry import Geometry
    paste_and_load(driver, url, JIGSAW, "Loaded a 6x6 puzzle (json)")
    assert "jigsaw regions" in driver.find_element(By.ID, "rules").text
    thick = driver.find_element(By.CSS_SELECTOR, "#grid path.thick").get_attribute("d")
    # r2c2 | r2c3 (cells 7 and 8) lie in one 2x3 box but in two jigsaw regions
    assert "M124 64v60" in thick
    driver.find_element(By.ID, "hint").click()
    wait(driver, lambda d: d.find_element(By.ID, "message").get_attribute("class") == "hint")
    shot(driver, artifacts, "10-jigsaw-hint")
    driver.find_element(By.ID, "solve").click()
    wait(driver, lambda d: "Solved" in message(d))
    geom = Geometry.from_json({"size": 6, "regions": [int(ch) - 1 for ch in
                                                      "111222113322133324553444556644556666"]})
    givens = driver.execute_script("return window.sudokit.game.givens")
    assert geom.is_solution(values(driver), givens)


def test_thermometers_and_dots_are_drawn_checked_and_solved(driver, url, artifacts):
    """A puzzle with a thermometer, kropki dots, an X and a whisper line: drawn, a value
    that breaks the thermometer marked as a conflict, a hint, and a solution that keeps
    every constraint."""
    import json

    from sudokit import geometry
    from sudokit.generate import generate
    geom = geometry.parse("3x3+thermo(r1c1-r1c2-r1c3)+white(r4c4-r4c5)+black(r6c6-r7c6)"
                          "+x(r9c1-r9c2)+whisper(r5c7-r6c8-r7c9)")
    [made] = generate(geometry=geom, count=1, seed=8)
    givens = list(made.puzzle.values)
    text = json.dumps({"puzzle": made.puzzle.to_line(), "geometry": geom.to_json()})
    paste_and_load(driver, url, text, "Loaded a 9x9 puzzle (json)")
    rules = driver.find_element(By.ID, "rules").text
    assert "1 thermometer" in rules and "1 white dot" in rules and "1 black dot" in rules
    assert "1 X/V" in rules and "1 whisper line" in rules
    assert len(driver.find_elements(By.CSS_SELECTOR, "#grid polyline.thermo")) == 1
    assert len(driver.find_elements(By.CSS_SELECTOR, "#grid circle.bulb")) == 1
    assert len(driver.find_elements(By.CSS_SELECTOR, "#grid polyline.whisper")) == 1
    assert len(driver.find_elements(By.CSS_SELECTOR, "#grid g.dot.white")) == 1
    assert len(driver.find_elements(By.CSS_SELECTOR, "#grid g.dot.black")) == 1
    assert driver.find_element(By.CSS_SELECTOR, "#grid g.xv text").text == "X"
    shot(driver, artifacts, "11-constraints")

    # a thermometer cell lower than the one before it: both marked as a conflict, and the
    # check names the thermometer
    solution = made.solution.values
    a, b = next((p, q) for p, q in ((0, 1), (1, 2), (0, 2)) if not givens[q])
    typed = 0
    if not givens[a]:
        click_cell(driver, a)
        keys(driver, "9")
        typed += 1
    if values(driver)[a] > 1:
        click_cell(driver, b)
        keys(driver, "1")
        typed += 1
        assert "conflict" in classes(driver, a) and "conflict" in classes(driver, b)
        driver.find_element(By.ID, "check").click()
        wait(driver, lambda d: "break the thermometer r1c1-r1c3" in message(d))
        shot(driver, artifacts, "12-thermo-conflict")
    for _ in range(typed):
        keys(driver, "z", ctrl=True)  # undo
    assert values(driver) == givens and "conflict" not in classes(driver, b)

    driver.find_element(By.ID, "hint").click()
    wait(driver, lambda d: d.find_element(By.ID, "message").get_attribute("class") == "hint")
    step = driver.execute_script("return window.sudokit.game.marks.step")
    for cell_id, value in step["placements"]:
        assert solution[cell_id] == value
    for cell_id, value in step["eliminations"]:
        assert solution[cell_id] != value
    driver.find_element(By.ID, "solve").click()
    wait(driver, lambda d: "Solved" in message(d))
    assert geom.is_solution(values(driver), givens)
    shot(driver, artifacts, "13-constraints-solved")


# --- rules over many cells: killer cages, arrows, little killers, sandwiches, even/odd, renban

from sums_puzzle import SUMS_GIVENS, SUMS_RULES, SUMS_SOLUTION, keeps_rules  # noqa: E402

def test_sum_rules_are_drawn_labelled_checked_and_solved(driver, url, artifacts):
    """A killer + arrow + little killer + sandwich + even/odd + renban puzzle: every rule
    drawn, the cage totals and outside clues in the labels a screen reader reads, a value
    that breaks a cage, an arrow or a sandwich marked as a conflict (and named by Check),
    then count, a hint and solve."""
    import json
    import re

    from sudokit import geometry
    assert keeps_rules(SUMS_SOLUTION, SUMS_GIVENS)
    geom = geometry.boxes(3, 3).with_rules(*SUMS_RULES)
    text = json.dumps({"puzzle": "".join(str(v) if v else "." for v in SUMS_GIVENS),
                       "geometry": geom.to_json()})
    paste_and_load(driver, url, text, "Loaded a 9x9 puzzle (json)")
    rules = driver.find_element(By.ID, "rules").text
    for words in ("4 killer cages", "2 arrows", "2 little killers", "2 sandwiches",
                  "2 even cells", "1 odd cell", "1 renban line"):
        assert words in rules
    # the drawing: one closed dashed path per cage (an L has 6 corners), the totals
    cages = driver.find_elements(By.CSS_SELECTOR, "#grid g.cage")
    assert len(cages) == 4
    paths = [g.find_element(By.TAG_NAME, "path").get_attribute("d") for g in cages]
    assert all(d.startswith("M") and d.endswith("Z") and d.count("M") == 1 for d in paths)
    assert [d.count("L") + 1 for d in paths] == [6, 8, 4, 4]
    dash = driver.execute_script("return getComputedStyle(arguments[0]).strokeDasharray",
                                 cages[0].find_element(By.TAG_NAME, "path"))
    assert dash not in ("", "none")
    totals = [t.text for t in driver.find_elements(By.CSS_SELECTOR, "#grid text.cage-total")]
    assert totals == ["11", "22", "26"]
    # (the first corner of r1c1's cage sits 0.08 of a cell inside r1c1's top-left corner)
    rect = cell(driver, 0).find_element(By.TAG_NAME, "rect")
    x, y = float(rect.get_attribute("x")), float(rect.get_attribute("y"))
    first = [float(t) for t in re.match(r"M([\d.]+) ([\d.]+)", paths[0]).groups()]
    assert first == [pytest.approx(x + 4.8), pytest.approx(y + 4.8)]
    assert len(driver.find_elements(By.CSS_SELECTOR, "#grid g.arrow")) == 2
    assert len(driver.find_elements(By.CSS_SELECTOR, "#grid g.arrow circle.arrow-circle")) == 1
    assert len(driver.find_elements(By.CSS_SELECTOR, "#grid g.arrow rect.arrow-circle")) == 1
    assert len(driver.find_elements(By.CSS_SELECTOR, "#grid g.arrow polyline.head")) == 2
    assert len(driver.find_elements(By.CSS_SELECTOR, "#grid rect.even")) == 2
    assert len(driver.find_elements(By.CSS_SELECTOR, "#grid circle.odd")) == 1
    assert len(driver.find_elements(By.CSS_SELECTOR, "#grid polyline.renban")) == 1
    # outside the grid: the clues sit left of / above the grid (the grid moved in to make room)
    clues = {g.get_attribute("aria-label"): g for g in
             driver.find_elements(By.CSS_SELECTOR, "#grid g.clue")}
    assert set(clues) == {"sandwich row 3: 29", "sandwich column 5: 4",
                          "little killer 37: the diagonal r1c2 to r8c9",
                          "little killer 53: the diagonal r9c1 to r1c9"}
    assert all(g.get_attribute("role") == "img" for g in clues.values())
    row3 = float(clues["sandwich row 3: 29"].find_element(By.TAG_NAME, "text").get_attribute("x"))
    col5 = float(clues["sandwich column 5: 4"].find_element(By.TAG_NAME, "text").get_attribute("y"))
    assert row3 < x and col5 < y and x > 40 and y > 40
    # what a screen reader says of the cells
    label = cell(driver, 0).get_attribute("aria-label")
    assert label == "row 1, column 1: 4, given, cage 11"
    assert cell(driver, 1).get_attribute("aria-label") == "row 1, column 2: empty, cage 11"
    assert "arrow circle" in cell(driver, 36).get_attribute("aria-label")
    assert "on an arrow" in cell(driver, 46).get_attribute("aria-label")
    assert "even" in cell(driver, 44).get_attribute("aria-label")
    assert cell(driver, 0).get_attribute("role") == "gridcell"
    shot(driver, artifacts, "14-sums")

    # a cage pushed past its total: 4 + 5 + 6 = 15 in the cage of 11 (no unit repeats a value)
    givens = values(driver)
    for k, v in ((1, 5), (9, 6)):
        click_cell(driver, k)
        keys(driver, str(v))
    assert all("conflict" in classes(driver, k) for k in (0, 1, 9))
    assert "conflict" not in classes(driver, 2)
    assert cell(driver, 9).get_attribute("aria-label").endswith("conflict")
    driver.find_element(By.ID, "check").click()
    wait(driver, lambda d: "break the cage r1c1-r2c1: sum 15, not 11" in message(d))
    shot(driver, artifacts, "15-cage-conflict")
    keys(driver, "z", ctrl=True)
    keys(driver, "z", ctrl=True)
    assert values(driver) == givens and "conflict" not in classes(driver, 0)
    # an arrow's circle below its shaft: r5c1 = 2 with the given 3 on its arrow
    click_cell(driver, 36)
    keys(driver, "2")
    assert all("conflict" in classes(driver, k) for k in (36, 45, 46))
    keys(driver, "z", ctrl=True)
    # a sandwich with nothing between its 1 and 9: column 5, 9 at r6c5 and 1 at r7c5
    for k, v in ((49, 9), (58, 1)):
        click_cell(driver, k)
        keys(driver, str(v))
    assert all("conflict" in classes(driver, k) for k in range(4, 81, 9))
    driver.find_element(By.ID, "check").click()
    wait(driver, lambda d: "sandwich col 5" in message(d))
    keys(driver, "z", ctrl=True)
    keys(driver, "z", ctrl=True)
    assert values(driver) == givens and not driver.find_elements(By.CSS_SELECTOR,
                                                                 "#grid g.cell.conflict")

    # count, a hint (the logic ladder has no sum techniques yet: singles, then a clear
    # answer within the hint's time limit), solve
    driver.find_element(By.ID, "count").click()
    wait(driver, lambda d: "1 solution" in message(d))
    driver.find_element(By.ID, "hint").click()
    wait(driver, lambda d: d.find_element(By.ID, "message").get_attribute("class") in
         ("hint", "error"), timeout=40)
    step = driver.execute_script("return window.sudokit.game.marks && "
                                 "window.sudokit.game.marks.step")
    if step:
        for cell_id, value in step["placements"]:
            assert SUMS_SOLUTION[cell_id] == value
        for cell_id, value in step["eliminations"]:
            assert SUMS_SOLUTION[cell_id] != value
    else:
        assert "No hint yet" in message(driver) or "No technique" in message(driver)
    driver.find_element(By.ID, "solve").click()
    wait(driver, lambda d: "Solved" in message(d))
    assert keeps_rules(values(driver), givens)
    assert not driver.find_elements(By.CSS_SELECTOR, "#grid g.cell.conflict")
    shot(driver, artifacts, "16-sums-solved")


def test_page_and_library_agree_on_broken_sums(driver, url):
    """The page's own check of the rules over many cells (play.js brokenSums, run on every
    keystroke) names the same rules as the library's checker, on 60 grids of the solution
    with cells emptied and values changed at random."""
    import json
    import random

    from sudokit import geometry
    from sudokit.geometry import _sums
    geom = geometry.boxes(3, 3).with_rules(*SUMS_RULES)
    text = json.dumps({"puzzle": "." * 81, "geometry": geom.to_json()})
    paste_and_load(driver, url, text, "Loaded a 9x9 puzzle (json)")
    rnd = random.Random(28)
    grids = []
    for _ in range(60):
        v = [0 if rnd.random() < 0.3 else x for x in SUMS_SOLUTION]
        for _ in range(rnd.randrange(0, 6)):
            v[rnd.randrange(81)] = rnd.randrange(1, 10)
        grids.append(v)
    page = driver.execute_script(
        "const g = window.sudokit.game, out = [];"
        "for (const v of arguments[0]) { g.values = v; out.push(g.brokenSums()); }"
        "return out;", grids)
    broken = 0
    for v, found in zip(grids, page):
        want = sorted(tuple(sorted(cells)) for _, _, cells in
                      _sums.violations(9, geom.constraints, v))
        assert sorted(tuple(sorted(c)) for c in found) == want, v
        broken += bool(want)
    assert 10 < broken < 60  # both kinds of grid were tried
