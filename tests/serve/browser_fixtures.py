"""Fixtures the browser tests of this folder share (imported by each): a real `sudokit serve`
process and a folder for their screenshots (one each per test module)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest


@pytest.fixture(scope="module")
def artifacts(request, tmp_path_factory) -> Path:
    """The module's screenshot folder: $SUDOKIT_TEST_ARTIFACTS/serve-page for
    test_serve_page.py (kept), else a temporary one."""
    name = request.module.__name__.rsplit(".", 1)[-1].removeprefix("test_").replace("_", "-")
    root = os.environ.get("SUDOKIT_TEST_ARTIFACTS")
    path = Path(root) / name if root else tmp_path_factory.mktemp(name)
    path.mkdir(parents=True, exist_ok=True)
    print(f"\n{name} screenshots: {path}")
    return path


@pytest.fixture(scope="module")
def url():
    """The URL of a `python -m sudokit serve --port 0` subprocess (stopped with Ctrl-C)."""
    proc = subprocess.Popen([sys.executable, "-m", "sudokit", "serve", "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    if not line.startswith("serving on "):
        proc.kill()
        pytest.fail(f"sudokit serve did not start: {line!r} {proc.stderr.read()}")
    yield line.split()[-1]
    proc.send_signal(signal.SIGINT)
    try:
        proc.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
    assert proc.returncode == 0


def click_cell(driver, k, tries: int = 5) -> None:
    """Click cell k of the page's board, finding it again if the board was redrawn between
    finding and clicking (the page redraws on its own: the clock, the saved progress)."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By
    for attempt in range(tries):
        try:
            driver.find_element(By.CSS_SELECTOR, f'#grid g.cell[data-cell="{k}"]').click()
            return
        except StaleElementReferenceException:
            if attempt == tries - 1:
                raise


def wait(driver, test, timeout=30):
    """test(driver) once it is true (selenium's wait: TimeoutException after timeout s)."""
    from selenium.webdriver.support.ui import WebDriverWait
    return WebDriverWait(driver, timeout).until(lambda d: test(d))


def open_page(driver, url):
    """The page at url, once its script says it is ready."""
    driver.get(url)
    wait(driver, lambda d: d.execute_script("return document.body.dataset.ready") == "1")


def cell(driver, k):
    """The board's cell k (an SVG group)."""
    from selenium.webdriver.common.by import By
    return driver.find_element(By.CSS_SELECTOR, f'#grid g.cell[data-cell="{k}"]')
