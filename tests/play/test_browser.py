"""The page of ``grundy serve`` in a real headless Chromium (Debian's ``chromium`` and
``chromium-driver``, driven by Selenium): pick a game, solve, open a table, play a match to the
end, and check what the page shows.

Skips, with the reason, when Selenium, Flask, chromium or chromedriver is missing (CI installs
them: ``.ci/run``). ``GRUNDY_SCREENSHOTS=DIR`` saves a screenshot of each view into DIR (the ones
in docs/ were made so).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("flask", reason="grundy serve needs Flask: pip install 'grundy[web]'")
pytest.importorskip("selenium", reason="the browser test needs Selenium: pip install selenium")

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as ec
from selenium.webdriver.support.ui import Select, WebDriverWait

from grundy.web.app import serve
from tests.browser import CHROMIUM, DRIVER, MISSING, headless_chromium, serving

pytestmark = pytest.mark.skipif(CHROMIUM is None or DRIVER is None, reason=MISSING)


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    with serving(serve("127.0.0.1", 0)) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with headless_chromium() as driver:
        yield driver


def _wait(driver: Any, by: str, what: str) -> Any:
    return WebDriverWait(driver, 20).until(ec.visibility_of_element_located((by, what)))


def _shot(driver: Any, name: str) -> None:
    folder = os.environ.get("GRUNDY_SCREENSHOTS")
    if folder:
        height = driver.execute_script("return document.body.scrollHeight")
        driver.set_window_size(1200, min(max(height + 40, 600), 2200))
        driver.save_screenshot(str(Path(folder) / name))
        driver.set_window_size(1200, 900)


def _fill(driver: Any, element_id: str, text: str) -> None:
    box = driver.find_element(By.ID, element_id)
    box.clear()
    box.send_keys(text)


def test_pick_solve_table_and_play(site: str, browser: Any) -> None:
    driver = browser
    driver.get(site + "/")
    _wait(driver, By.CSS_SELECTOR, "#game-select option[value='kayles']")
    # pick a game: its description and an example spec appear
    Select(driver.find_element(By.ID, "game-select")).select_by_value("subtraction")
    assert driver.find_element(By.ID, "spec").get_attribute("value").startswith("subtraction(")
    assert "take s counters" in driver.find_element(By.ID, "game-info").text
    _fill(driver, "spec", "subtraction(1,3,4)")
    _fill(driver, "position", "10 + nim 3")
    driver.find_element(By.ID, "solve-btn").click()
    verdict = _wait(driver, By.ID, "verdict")
    assert "N-position" in verdict.text and "first player" in verdict.text
    moves = driver.find_element(By.ID, "winning-moves").text
    # G(10) = G(3) = 1 for S = {1,3,4} (period 7), so the nim heap must become 1; no move of the
    # subtraction heap reaches value 1 ⊕ 2 = 3 (its options 9, 7, 6 have values 0, 0, 2)
    assert moves == "nim: take 2: 3 → 1 ⇒ subtraction(1,3,4) 10 + nim 1"
    driver.find_element(By.CSS_SELECTOR, "#explain summary").click()
    assert "XOR" in driver.find_element(By.CSS_SELECTOR, "#explain pre").text
    _shot(driver, "web-solve.png")
    # bad input: a one-line message, and the page goes on
    _fill(driver, "spec", "nimm")
    driver.find_element(By.ID, "solve-btn").click()
    assert "did you mean 'nim'" in _wait(driver, By.ID, "error").text
    # a heap table: period, colours, patterns with their status
    driver.find_element(By.ID, "tab-table").click()
    _fill(driver, "spec", "subtraction(1,3,4)")
    _fill(driver, "upto", "59")
    driver.find_element(By.ID, "table-btn").click()
    period = _wait(driver, By.ID, "period")
    assert "period 7" in period.text and "proved" in period.text
    cells = driver.find_elements(By.CSS_SELECTOR, "#heatmap td")
    assert [c.text for c in cells[:8]] == ["0", "1", "0", "1", "2", "3", "2", "0"] and len(cells) == 60
    assert "proved" in driver.find_element(By.ID, "patterns").text
    # a pair table: the heat map of Wythoff's game, P-positions dark
    _fill(driver, "spec", "wythoff")
    _fill(driver, "upto", "15")
    driver.find_element(By.ID, "table-btn").click()
    WebDriverWait(driver, 20).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#heatmap tr")) == 17)
    row3 = driver.find_elements(By.CSS_SELECTOR, "#heatmap tr")[4].find_elements(By.TAG_NAME, "td")
    assert row3[5].text == "0"  # (3, 5) is a P-position
    _shot(driver, "web-table.png")
    # play a match to the end against the perfect opponent, always taking the first move listed
    driver.find_element(By.ID, "tab-play").click()
    _fill(driver, "spec", "nim")
    _fill(driver, "position", "2 3")
    driver.find_element(By.ID, "play-btn").click()
    _wait(driver, By.CSS_SELECTOR, "#play-moves .move")
    winning = driver.find_elements(By.CSS_SELECTOR, "#play-moves .move.win")
    assert [b.get_attribute("data-move") for b in winning] == ["heap 2: take 1: 3 → 2"]
    _shot(driver, "web-play.png")
    for _ in range(10):
        status = driver.find_element(By.ID, "play-status").text
        if "wins" in status or "win!" in status:
            break
        buttons = driver.find_elements(By.CSS_SELECTOR, "#play-moves .move")
        answers = driver.find_element(By.ID, "play-status").get_attribute("data-answers")
        (driver.find_elements(By.CSS_SELECTOR, "#play-moves .move.win") or buttons)[0].click()
        WebDriverWait(driver, 20).until(  # the server's answer is on the page
            lambda d, n=answers: d.find_element(By.ID, "play-status").get_attribute("data-answers") != n)
        assert not driver.find_element(By.ID, "error").is_displayed()
    assert driver.find_element(By.ID, "play-status").text == "You win!"  # winning moves win
    log = driver.find_element(By.ID, "play-log").text
    assert "computer:" in log and "delays" in log
    _shot(driver, "web-play-end.png")
