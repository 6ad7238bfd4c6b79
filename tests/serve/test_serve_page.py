"""The player's comforts and the accessibility of the ``sudokit serve`` page, in a real
headless Chromium driven by Selenium (Debian's chromium and chromium-driver, never a
download).

Auto-clean of pencil marks, progress kept across reloads (resume or restart), Restart, the
timer's pause and hide, the settings, dark mode from ``prefers-color-scheme`` (emulated through
the DevTools protocol) or forced, typing a newspaper puzzle's givens, keyboard-only play of a
whole puzzle, mode keys that never type a value on big grids, hints cleared when the board
changes, colours on givens, the rules sentences and the difficulty label, and an axe-core
check (installed from the npm registry by .ci/run into .npm-tools/, injected into the page:
no CDN) with no serious or critical violation in light and dark.

One browser and one server for the module; every test starts from a page with nothing kept
(localStorage cleared).  Screenshots go to $SUDOKIT_TEST_ARTIFACTS/serve-page/ when set, else
to pytest's tmp_path (printed; run with -s).  A missing browser, driver or axe-core skips here
and fails under CI=true (conftest.missing).
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

from conftest import ROOT, missing
from browser_fixtures import (artifacts, cell, click_cell, open_page, url,  # noqa: F401
                              wait)
from sudokit import Grid, count_solutions, generate, is_solution, solve
from sudokit.geometry import Geometry, boxes
from sudokit.rate.scale import rate_scale

os.environ.setdefault("SE_OFFLINE", "true")  # before selenium is imported: never download

try:
    from selenium import webdriver
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select
except ImportError:  # (collected anyway: each test then says what is missing)
    webdriver = None

# an easy classic (singles only) and a harder one with a logical hint
EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
PUZZLE = ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534."
AXE = Path(os.environ.get("SUDOKIT_AXE_JS") or
           ROOT / ".npm-tools" / "node_modules" / "axe-core" / "axe.min.js")


@pytest.fixture(scope="module")
def browser():
    if webdriver is None:
        missing("selenium is not installed (pip install 'sudokit[test]')")
    binary = next((shutil.which(n) for n in ("chromium", "chromium-browser") if shutil.which(n)), None)
    if binary is None:
        missing("chromium is not installed (apt-get install chromium)")
    chromedriver = shutil.which("chromedriver")
    if chromedriver is None:
        missing("chromedriver is not installed (apt-get install chromium-driver)")
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1280,1000", "--disable-extensions", "--no-first-run"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})  # the page's console
    try:
        d = webdriver.Chrome(service=Service(executable_path=chromedriver), options=options)
    except WebDriverException as exc:
        missing(f"chromium would not start under chromedriver: {exc.msg}")
    d.set_page_load_timeout(30)
    yield d
    d.quit()


@pytest.fixture
def driver(browser, url):
    """The browser on a fresh page: nothing kept, light colours, the default puzzle."""
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
        {"name": "prefers-color-scheme", "value": "light"}]})
    browser.get("about:blank")  # (a page of the origin would save its game as it unloads)
    origin = "/".join(url.split("/")[:3])
    browser.execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": origin,
                                                           "storageTypes": "local_storage"})
    open_page(browser, url)
    assert browser.execute_script("return localStorage.getItem('sudokit.settings')") is None
    yield browser
    # no script error on the page (a favicon the server does not have is no error of ours)
    errors = [e["message"] for e in browser.get_log("browser")
              if e["level"] == "SEVERE" and "favicon" not in e["message"]]
    assert not errors, errors


# --- helpers ---------------------------------------------------------------------------------


def js(driver, expression):
    return driver.execute_script(f"return {expression}")


def game(driver, field):
    return js(driver, f"JSON.parse(JSON.stringify(window.sudokit.game.{field}))")


def classes(driver, k) -> set:
    return set(cell(driver, k).get_attribute("class").split())


def message(driver) -> str:
    return driver.find_element(By.ID, "message").text


def keys(driver, *sequence, hold=None):
    """Type keys into the focused element (hold: a modifier held down throughout)."""
    chain = webdriver.ActionChains(driver)
    if hold:
        chain.key_down(hold)
    for k in sequence:
        chain.send_keys(k)
    if hold:
        chain.key_up(hold)
    chain.perform()


def load(driver, text, loaded="Loaded a"):
    box = driver.find_element(By.ID, "puzzle-text")
    driver.execute_script("arguments[0].value = arguments[1]", box, text)  # (a paste)
    driver.find_element(By.ID, "load").click()
    wait(driver, lambda d: loaded in message(d))


def timer(driver) -> int:
    """The timer's seconds as shown (m:ss, redrawn every quarter second)."""
    text = driver.find_element(By.ID, "timer").get_attribute("textContent")
    m, s = text.split(":")[-2:]
    return int(m) * 60 + int(s)


def shot(driver, artifacts, name):
    path = artifacts / f"{name}.png"
    driver.save_screenshot(str(path))
    assert path.stat().st_size > 5000
    return path


def peers(k, n=9, rows=3, cols=3):
    r, c = divmod(k, n)
    box = {((r // rows) * rows + i) * n + (c // cols) * cols + j for i in range(rows) for j in range(cols)}
    return ({r * n + j for j in range(n)} | {i * n + c for i in range(n)} | box) - {k}


def fill(driver, paint):
    """The computed fill of a cell's rect (paint: base, tint or hint) as the browser draws it."""
    return lambda k: driver.execute_script(
        "return getComputedStyle(arguments[0]).fill",
        driver.find_element(By.CSS_SELECTOR, f'#grid g.cell[data-cell="{k}"] rect.{paint}'))


def luminance(css: str) -> float:
    """Relative luminance of an 'rgb(r, g, b)' colour (WCAG)."""
    parts = [int(x) / 255 for x in css[css.index("(") + 1:css.index(")")].split(",")[:3]]
    lin = [p / 12.92 if p <= 0.03928 else ((p + 0.055) / 1.055) ** 2.4 for p in parts]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


# --- the comforts ------------------------------------------------------------------------------


def test_auto_clean_removes_marks_and_undo_restores_them(driver, artifacts):
    load(driver, PUZZLE)
    givens = list(Grid(PUZZLE).values)
    value = 4
    target = next(k for k in range(81) if not givens[k] and
                  value not in {givens[p] for p in peers(k)})
    row_peer = next(p for p in sorted(peers(target)) if not givens[p] and p // 9 == target // 9)
    box_peer = next(p for p in sorted(peers(target)) if not givens[p] and p // 9 != target // 9
                    and p % 9 != target % 9)
    far = next(k for k in range(81) if not givens[k] and k != target and k not in peers(target))
    for k, mode in ((row_peer, "x"), (box_peer, "c"), (far, "c")):  # corner, centre, centre
        click_cell(driver, k)
        keys(driver, mode, str(value), "z")
    assert value in game(driver, f"corner[{row_peer}]")
    assert value in game(driver, f"centre[{box_peer}]") and value in game(driver, f"centre[{far}]")
    click_cell(driver, target)
    keys(driver, str(value))
    assert game(driver, f"values[{target}]") == value
    assert value not in game(driver, f"corner[{row_peer}]")
    assert value not in game(driver, f"centre[{box_peer}]")
    assert game(driver, f"centre[{far}]") == [value]   # not a peer: kept
    shot(driver, artifacts, "01-auto-clean")
    keys(driver, "z", hold=Keys.CONTROL)               # one undo: the value and the marks
    assert game(driver, f"values[{target}]") == 0
    assert game(driver, f"corner[{row_peer}]") == [value]
    assert game(driver, f"centre[{box_peer}]") == [value]

    # the setting off (kept in this browser): the marks stay
    driver.find_element(By.CSS_SELECTOR, "#settings summary").click()
    driver.find_element(By.ID, "set-autoclean").click()
    assert js(driver, "window.sudokit.settings.autoClean") is False
    click_cell(driver, target)
    keys(driver, str(value))
    assert game(driver, f"corner[{row_peer}]") == [value]
    driver.refresh()
    wait(driver, lambda d: d.execute_script("return document.body.dataset.ready") == "1")
    assert not driver.find_element(By.ID, "set-autoclean").is_selected()


def test_progress_is_kept_across_a_reload_then_resumed_or_restarted(driver, artifacts):
    load(driver, PUZZLE)
    givens = list(Grid(PUZZLE).values)
    sol = solve(PUZZLE).values
    empty = [k for k in range(81) if not givens[k]]
    click_cell(driver, empty[0])
    keys(driver, str(sol[empty[0]]))
    click_cell(driver, empty[1])
    keys(driver, "x", "1", "2", "c", "3", "z")
    click_cell(driver, 1)                              # a given takes a colour too
    keys(driver, "v", "6", "z")
    assert game(driver, "colour[1]") == 6
    time.sleep(2.2)
    before = {f: game(driver, f) for f in ("values", "corner", "centre", "colour")}
    seconds = timer(driver)
    assert seconds >= 2

    driver.refresh()
    wait(driver, lambda d: d.execute_script("return document.body.dataset.ready") == "1")
    choice = driver.find_element(By.ID, "choice")
    assert choice.is_displayed() and "Welcome back" in choice.text
    assert {f: game(driver, f) for f in before} == before
    assert timer(driver) >= seconds
    assert "colour-6" in classes(driver, 1) and "given" in classes(driver, 1)
    shot(driver, artifacts, "02-resume-choice")
    frozen = timer(driver)
    time.sleep(1.3)
    assert timer(driver) == frozen                       # no clock while the player chooses
    driver.find_element(By.ID, "resume").click()
    assert not choice.is_displayed()
    time.sleep(1.3)
    assert timer(driver) > frozen

    # Restart: the givens only, the clock at zero; Undo brings the entries back
    driver.find_element(By.ID, "restart").click()
    wait(driver, lambda d: "Restarted" in message(d))
    assert game(driver, "values") == givens
    assert game(driver, "corner") == [[]] * 81 and game(driver, "centre") == [[]] * 81
    assert game(driver, "colour") == [0] * 81
    assert timer(driver) <= 1
    keys(driver, "z", hold=Keys.CONTROL)
    assert game(driver, "values") == before["values"]

    # after a reload, the choice's Restart
    driver.refresh()
    wait(driver, lambda d: d.execute_script("return document.body.dataset.ready") == "1")
    driver.find_element(By.ID, "restart-choice").click()
    assert game(driver, "values") == givens and game(driver, "puzzle.givens") == givens


def test_pause_hides_the_board_and_stops_the_clock_and_the_timer_hides(driver, artifacts):
    load(driver, PUZZLE)
    time.sleep(1.3)
    driver.find_element(By.ID, "pause").click()
    assert not driver.find_element(By.ID, "grid").is_displayed()
    assert driver.find_element(By.ID, "paused").is_displayed()
    assert driver.find_element(By.ID, "pause").get_attribute("aria-pressed") == "true"
    shown = timer(driver)
    before = game(driver, "values")
    keys(driver, Keys.ARROW_RIGHT, "5")                  # keys do nothing while paused
    time.sleep(1.2)
    assert timer(driver) == shown and game(driver, "values") == before
    shot(driver, artifacts, "03-paused")
    driver.find_element(By.ID, "unpause").click()
    assert driver.find_element(By.ID, "grid").is_displayed()
    time.sleep(1.3)
    assert timer(driver) > shown

    driver.find_element(By.CSS_SELECTOR, "#settings summary").click()
    driver.find_element(By.ID, "set-timer").click()      # hidden, still counting
    assert not driver.find_element(By.ID, "timer").is_displayed()
    driver.find_element(By.ID, "set-timer").click()
    assert driver.find_element(By.ID, "timer").is_displayed()

    # conflict highlight and the selected value's matches: on by default, each a setting
    givens = list(Grid(PUZZLE).values)
    empty = givens.index(0)
    clash = next(givens[p] for p in sorted(peers(empty)) if givens[p])
    twin = next(k for k in range(81) if givens[k] == givens[1] and k != 1)
    click_cell(driver, empty)
    keys(driver, str(clash))
    assert "conflict" in classes(driver, empty)
    driver.find_element(By.ID, "set-conflicts").click()
    assert "conflict" not in classes(driver, empty)
    assert game(driver, f"values[{empty}]") == clash           # (the value stays)
    click_cell(driver, 1)
    assert "same" in classes(driver, twin)
    driver.find_element(By.ID, "set-matches").click()
    assert "same" not in classes(driver, twin)
    assert js(driver, "JSON.parse(localStorage.getItem('sudokit.settings'))") == {
        "autoClean": True, "conflicts": False, "matches": False, "timer": True, "theme": "system"}


def test_dark_mode_follows_the_system_unless_forced(driver, artifacts):
    load(driver, EASY)
    empty = Grid(EASY).values.index(0)
    body = lambda: luminance(js(driver, "getComputedStyle(document.body).backgroundColor"))
    base = fill(driver, "base")
    assert body() > 0.9 and luminance(base(empty)) > 0.9
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
        {"name": "prefers-color-scheme", "value": "dark"}]})
    assert js(driver, "matchMedia('(prefers-color-scheme: dark)').matches") is True
    assert body() < 0.05 and luminance(base(empty)) < 0.05
    given = driver.find_element(By.CSS_SELECTOR, "#grid text.value.given")
    assert luminance(driver.execute_script("return getComputedStyle(arguments[0]).fill", given)) > 0.7
    shot(driver, artifacts, "04-dark-system")
    # forced light under a dark system, then forced dark under a light one; kept on reload
    driver.find_element(By.CSS_SELECTOR, "#settings summary").click()
    Select(driver.find_element(By.ID, "set-theme")).select_by_value("light")
    assert body() > 0.9
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
        {"name": "prefers-color-scheme", "value": "light"}]})
    Select(driver.find_element(By.ID, "set-theme")).select_by_value("dark")
    assert body() < 0.05
    driver.refresh()
    wait(driver, lambda d: d.execute_script("return document.body.dataset.ready") == "1")
    assert body() < 0.05 and js(driver, "document.documentElement.dataset.theme") == "dark"
    shot(driver, artifacts, "05-dark-forced")


def _type_grid(driver, values, n):
    """From the focused top-left cell, type every non-zero value, walking the rows in a snake
    (the arrows wrap within a row)."""
    sequence = []
    for r in range(n):
        cols = range(n) if r % 2 == 0 else range(n - 1, -1, -1)
        for i, c in enumerate(cols):
            if values[r * n + c]:
                sequence.append(_symbol(values[r * n + c]))
            if i < n - 1:
                sequence.append(Keys.ARROW_RIGHT if r % 2 == 0 else Keys.ARROW_LEFT)
        if r < n - 1:
            sequence.append(Keys.ARROW_DOWN)
    keys(driver, *sequence)


def _symbol(v):
    return "123456789ABCDEFGHIJKLMNOP"[v - 1]


def test_enter_givens_checks_the_puzzle_then_plays_it(driver, artifacts):
    # a 4x4 with no solution (r1c3 needs 3 or 4, its column has both) and no clash
    Select(driver.find_element(By.ID, "givens-box")).select_by_value("2x2")
    driver.find_element(By.ID, "blank").click()
    wait(driver, lambda d: "Type the givens" in message(d))
    assert game(driver, "entering") is True and game(driver, "values") == [0] * 16
    assert driver.find_element(By.ID, "hint").get_attribute("disabled")
    impossible = [1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 4, 0]
    assert count_solutions(Grid(impossible), limit=2) == 0
    click_cell(driver, 0)
    _type_grid(driver, impossible, 4)
    assert game(driver, "values") == impossible
    driver.find_element(By.ID, "start-givens").click()
    wait(driver, lambda d: "no solution" in message(d))
    assert game(driver, "entering") is True
    # a clash is refused and named
    click_cell(driver, 1)
    keys(driver, "1")
    driver.find_element(By.ID, "start-givens").click()
    wait(driver, lambda d: "clash" in message(d))
    # one given: a puzzle with many solutions is played, and the player told
    driver.find_element(By.ID, "blank").click()
    wait(driver, lambda d: "Type the givens" in message(d))
    click_cell(driver, 5)
    keys(driver, "3")
    driver.find_element(By.ID, "start-givens").click()
    wait(driver, lambda d: "more than one solution" in message(d))
    assert game(driver, "entering") is False and "given" in classes(driver, 5)

    # a newspaper 9x9, typed with the keyboard: one solution, the givens become givens
    Select(driver.find_element(By.ID, "givens-box")).select_by_value("3x3")
    driver.find_element(By.ID, "blank").click()
    wait(driver, lambda d: "Type the givens into the empty 9x9" in message(d))
    givens = list(Grid(PUZZLE).values)
    click_cell(driver, 0)
    _type_grid(driver, givens, 9)
    shot(driver, artifacts, "06-typing-givens")
    driver.find_element(By.ID, "start-givens").click()
    wait(driver, lambda d: "exactly one solution" in message(d))
    assert game(driver, "puzzle.givens") == givens and game(driver, "entering") is False
    assert all("given" in classes(driver, k) for k in range(81) if givens[k])
    assert not driver.find_element(By.ID, "hint").get_attribute("disabled")


def test_keyboard_only_play_of_a_whole_easy_puzzle(driver, artifacts):
    """Tab reaches the grid and every button; the arrows and digits solve the default (easy)
    puzzle; the completion message says so."""
    js(driver, "document.activeElement.blur()")         # (no click: that would pick a cell)
    reached = []
    for _ in range(80):                                  # Tab through the whole page
        keys(driver, Keys.TAB)
        reached.append(js(driver, "document.activeElement.id || document.activeElement.textContent"))
    buttons = js(driver, "[...document.querySelectorAll('button')].filter(b => b.offsetParent "
                         "&& !b.disabled).map(b => b.id || b.textContent)")
    missed = [b for b in buttons if b not in reached and not b.isdigit()]
    assert not missed, f"not reached by Tab: {missed}"
    assert any(r.startswith("cell-") for r in reached)
    assert "1" in {js(driver, "document.querySelectorAll('#keypad button')[0].textContent")}
    # back to the grid with Tab only: it takes the focus on its cursor cell (r1c1)
    for _ in range(100):
        keys(driver, Keys.TAB)
        if js(driver, "document.activeElement.id").startswith("cell-"):
            break
    assert js(driver, "document.activeElement.id") == "cell-0"
    assert js(driver, "window.sudokit.game.cursor") == 0
    focus_ring = driver.find_element(By.CSS_SELECTOR, "#grid rect.focus-ring")
    assert focus_ring.value_of_css_property("display") != "none"   # focus visible
    sol = solve(EASY).values
    givens = Grid(EASY).values
    _type_grid(driver, [0 if givens[k] else sol[k] for k in range(81)], 9)
    wait(driver, lambda d: d.find_element(By.ID, "done").is_displayed())
    assert "solved it" in driver.find_element(By.ID, "done").text
    assert is_solution(Grid(game(driver, "values")), Grid(EASY))
    shot(driver, artifacts, "07-keyboard-solved")


def test_mode_keys_never_type_a_value_on_big_grids(driver, artifacts):
    [made] = generate(seed=7, geometry=boxes(4, 4))
    load(driver, made.puzzle.to_line(), "Loaded a 16x16")
    empty = list(made.puzzle.values).index(0)
    click_cell(driver, empty)
    keys(driver, "c")                                    # C is the value 12 here
    assert game(driver, f"values[{empty}]") == 12 and game(driver, "mode") == "digit"
    keys(driver, "z", hold=Keys.CONTROL)
    keys(driver, "x")                                    # not a symbol of 16x16, not a mode key
    assert game(driver, "mode") == "digit" and game(driver, f"values[{empty}]") == 0
    keys(driver, "c", hold=Keys.ALT)                     # Alt+C: centre mode
    assert game(driver, "mode") == "centre"
    keys(driver, "g", "a")
    assert game(driver, f"centre[{empty}]") == [10, 16]
    keys(driver, " ")                                    # Space: the next mode (colour)
    assert game(driver, "mode") == "colour"
    keys(driver, " ", hold=Keys.SHIFT)                   # Shift+Space: back
    assert game(driver, "mode") == "centre"
    keys(driver, "x", hold=Keys.ALT)
    assert game(driver, "mode") == "corner"
    keys(driver, "b")
    assert game(driver, f"corner[{empty}]") == [11]
    keys(driver, "z", hold=Keys.ALT)
    assert game(driver, "mode") == "digit"
    keys(driver, "d", hold=Keys.SHIFT)                   # Shift+symbol: a corner mark
    assert game(driver, f"corner[{empty}]") == [11, 13]
    width = driver.find_element(By.ID, "grid").size["width"]
    assert width / 16 >= 30                              # big grids get big cells
    shot(driver, artifacts, "08-16x16-marks")

    # 25x25: the board grows past the old 560 px cap (22 px cells)
    n = 25
    line = "".join(_symbol((5 * (r % 5) + r // 5 + c) % n + 1) if (r * 7 + c * 3) % 4 == 0 else "."
                   for r in range(n) for c in range(n))
    load(driver, line, "Loaded a 25x25")
    width = driver.find_element(By.ID, "grid").size["width"]
    assert width > 560 and width / n >= 30
    keys(driver, "c", hold=Keys.ALT)
    assert game(driver, "mode") == "centre"
    shot(driver, artifacts, "09-25x25")
    # and on 9x9 the letters alone switch modes (no letter is a symbol there)
    load(driver, EASY)
    click_cell(driver, 2)
    keys(driver, "c")
    assert game(driver, "mode") == "centre" and game(driver, "values[2]") == 0


def test_a_hint_is_cleared_when_the_board_changes(driver, artifacts):
    load(driver, PUZZLE)
    apply = driver.find_element(By.ID, "apply-hint")
    givens = list(Grid(PUZZLE).values)
    sol = solve(PUZZLE).values
    driver.find_element(By.ID, "hint").click()
    wait(driver, lambda d: d.find_element(By.ID, "message").get_attribute("class") == "hint")
    assert apply.is_enabled()
    assert driver.find_elements(By.CSS_SELECTOR, "#grid g.cell.hint-cell")
    # the hint's cells: a hatch and a dashed ring, unlike any of the nine colours
    hinted = int(driver.find_element(By.CSS_SELECTOR, "#grid g.cell.hint-cell").get_attribute("data-cell"))
    assert fill(driver, "hint")(hinted).startswith("url(")
    palette = {js(driver, f"getComputedStyle(document.documentElement).getPropertyValue('--colour-{i}').trim()")
               for i in range(1, 10)}
    hint_colour = js(driver, "getComputedStyle(document.documentElement).getPropertyValue('--hint').trim()")
    assert len(palette) == 9 and hint_colour not in palette
    shot(driver, artifacts, "10-hint")
    step = js(driver, "window.sudokit.game.marks.step")
    busy = {c for c, _ in step["placements"]} | {c for c, _ in step["eliminations"]}
    other = next(k for k in range(81) if not givens[k] and k not in busy)
    click_cell(driver, other)
    keys(driver, str(sol[other]))                        # the board changed
    assert not apply.is_enabled()
    assert not driver.find_elements(By.CSS_SELECTOR, "#grid g.cell.hint-cell")
    assert message(driver) == ""
    driver.find_element(By.ID, "hint").click()
    wait(driver, lambda d: d.find_element(By.ID, "apply-hint").is_enabled())
    keys(driver, "z", hold=Keys.CONTROL)                 # an undo changes the board too
    assert not apply.is_enabled()
    driver.find_element(By.ID, "hint").click()
    wait(driver, lambda d: d.find_element(By.ID, "apply-hint").is_enabled())
    click_cell(driver, 0)                              # selecting does not
    assert apply.is_enabled()
    keys(driver, Keys.ESCAPE)                            # Esc clears it
    assert not apply.is_enabled()


def test_rules_sentences_and_a_lasting_difficulty_label(driver, artifacts):
    # (an X puzzle as the menu offers it: 9x9; a level where the server offers levels)
    Select(driver.find_element(By.ID, "gen-box")).select_by_value("3x3")
    Select(driver.find_element(By.ID, "gen-rules")).select_by_value("x")
    levels = Select(driver.find_element(By.ID, "gen-difficulty"))
    offered = [o.get_attribute("value") for o in levels.options]
    chosen = "easy" if "easy" in offered else offered[0]
    levels.select_by_value(chosen)
    driver.find_element(By.ID, "generate").click()
    wait(driver, lambda d: "New puzzle" in message(d), timeout=60)
    rules = driver.find_element(By.ID, "rules-list").text
    assert "Place 1 to 9 once in each row, column and 3x3 box." in rules
    assert "X: each long diagonal holds every value once." in rules
    # the label: the level of the puzzle, rated again here on the sudokit scale
    puzzle = game(driver, "puzzle")
    rating = rate_scale(Grid(puzzle["givens"], geometry=Geometry.from_json(puzzle["geometry"])))
    label = driver.find_element(By.ID, "difficulty").text
    if chosen == "easy":
        assert rating.level == "easy"
        assert label == "Difficulty: easy (sudokit scale)"
    else:
        assert label.startswith("Difficulty: ")
    empty = game(driver, "values").index(0)
    click_cell(driver, empty)
    keys(driver, "1")
    driver.find_element(By.ID, "check").click()
    wait(driver, lambda d: d.find_element(By.ID, "message").get_attribute("class") != "info")
    assert driver.find_element(By.ID, "difficulty").text == label   # kept while playing
    shot(driver, artifacts, "12-rules-and-label")
    load(driver, EASY)                                               # until a new puzzle
    assert driver.find_element(By.ID, "difficulty").text == ""
    assert "3x3 box" in driver.find_element(By.ID, "rules-list").text


# --- accessibility ---------------------------------------------------------------------------


def _contrast(a: str, b: str) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _check_grid_contrast(driver, theme):
    """WCAG contrast of the grid's texts on every fill a cell can have: values (large text,
    3:1) and marks (small text, 4.5:1) on white, given and the nine colours."""
    colours = driver.execute_script(
        "const css = getComputedStyle(document.documentElement), probe = document.createElement('i');"
        "document.body.appendChild(probe); const out = {};"
        "for (const name of ['ink', 'placed', 'match-ink', 'cell', 'cell-given', "
        "  ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map(i => 'colour-' + i)]) {"
        "  probe.style.color = css.getPropertyValue('--' + name); out[name] = getComputedStyle(probe).color; }"
        "probe.remove(); return out;")
    fills = [colours["cell"], colours["cell-given"]] + [colours[f"colour-{i}"] for i in range(1, 10)]
    for ink, least in (("ink", 4.5), ("placed", 4.5), ("match-ink", 4.5)):
        worst = min(_contrast(colours[ink], f) for f in fills)
        assert worst >= least, f"{theme}: {ink} on a cell fill has contrast {worst:.2f}"


def test_aria_grid_and_axe_finds_nothing_serious(driver, artifacts):
    if not AXE.is_file():
        missing(f"axe-core is not installed: {AXE} (npm install --prefix .npm-tools axe-core, "
                "as .ci/run does)")
    load(driver, PUZZLE)
    grid = driver.find_element(By.CSS_SELECTOR, "#grid [role=grid]")
    assert len(grid.find_elements(By.CSS_SELECTOR, "[role=row]")) == 9
    assert len(grid.find_elements(By.CSS_SELECTOR, "[role=row] > [role=gridcell]")) == 81
    assert cell(driver, 1).get_attribute("aria-label") == "row 1, column 2: 2, given"
    empty = list(Grid(PUZZLE).values).index(0)
    click_cell(driver, empty)
    keys(driver, "x", "1", "2", "c", "5", "z", "v", "2", "z")
    r, c = divmod(empty, 9)
    assert cell(driver, empty).get_attribute("aria-label") == \
        f"row {r + 1}, column {c + 1}: empty, corner marks 1 2, centre marks 5, colour red"
    assert cell(driver, empty).get_attribute("aria-selected") == "true"
    assert js(driver, "document.activeElement.id") == f"cell-{empty}"
    source = AXE.read_text(encoding="utf-8")
    results = {}
    for theme in ("light", "dark"):
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
            {"name": "prefers-color-scheme", "value": theme}]})
        if not js(driver, "typeof axe !== 'undefined'"):
            driver.execute_script(source)
        result = driver.execute_async_script(
            "const done = arguments[0];"
            "axe.run(document).then(r => done({passes: r.passes.map(p => p.id), "
            "incomplete: r.incomplete.map(p => p.id), short: r.incomplete.filter(p => p.id === "
            "'color-contrast').flatMap(p => p.nodes.flatMap(n => n.any.map(a => a.data && "
            "a.data.messageKey))), violations: r.violations.map("
            "v => ({id: v.id, impact: v.impact, nodes: v.nodes.length, "
            "where: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))}))")
        results[theme] = result
        shot(driver, artifacts, f"11-axe-{theme}")
        _check_grid_contrast(driver, theme)
        # axe ran its rules: the grid's roles and the contrast of the text among them
        for rule in ("aria-required-children", "aria-required-parent", "color-contrast",
                     "button-name", "label", "aria-allowed-attr"):
            assert rule in result["passes"], f"{theme}: axe did not pass {rule}: {result}"
    print(f"\naxe: {{theme: (passes, incomplete, violations)}} = "
          f"{ {t: (len(r['passes']), r['incomplete'], r['violations']) for t, r in results.items()} }")
    for theme, found in results.items():
        serious = [v for v in found["violations"] if v["impact"] in ("serious", "critical")]
        assert not serious, f"{theme}: {serious}"
        # axe leaves the grid's one-character SVG texts undecided ("too short"): their
        # contrast is computed here from the page's colours, on every cell fill, below
        assert set(found["short"]) <= {"shortTextContent"}, found["short"]

