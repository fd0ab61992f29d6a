"""The page of `grundy serve` in a real browser: Chromium (Debian's package) driven by Selenium.

It starts `grundy serve --port 0` ($GRUNDY_BIN, default target/debug/grundy), explores Kayles
and checks what the page shows against `grundy value`, plays Nim and Kayles to the end against
the perfect strategy by clicking the page's moves (won with perfect play, lost after a
mistake, lost from a P-position, and a misère game), and saves docs/src/serve-screenshot.png.

Run: python3 -m venv /tmp/venv && /tmp/venv/bin/pip install selenium pytest &&
GRUNDY_BIN=target/debug/grundy /tmp/venv/bin/pytest tests/browser
"""

import json
import os
import pathlib
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BIN = os.environ.get("GRUNDY_BIN") or str(ROOT / "target" / "debug" / "grundy")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")

if not (CHROMIUM and CHROMEDRIVER):
    pytest.skip(
        "Chromium and chromedriver are needed (Debian: apt-get install chromium chromium-driver)",
        allow_module_level=True,
    )
if not os.path.exists(BIN):
    pytest.skip(f"no grundy binary at {BIN} (cargo build -p grundy-cli, or set GRUNDY_BIN)",
                allow_module_level=True)
webdriver = pytest.importorskip("selenium.webdriver", reason="pip install selenium")

from selenium.webdriver.chrome.options import Options  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402


def grundy(*args):
    """`grundy ARGS --json`, parsed."""
    out = subprocess.run([BIN, *args, "--json"], check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


@pytest.fixture(scope="module")
def url():
    server = subprocess.Popen([BIN, "serve", "--port", "0"], stdout=subprocess.PIPE, text=True)
    line = server.stdout.readline().strip()
    assert line.startswith("grundy serve: listening on http://127.0.0.1:"), line
    yield line.rsplit(" ", 1)[1]
    server.terminate()
    assert server.wait(timeout=20) == 0, "Ctrl-C/SIGTERM stops the server cleanly"


@pytest.fixture(scope="module")
def page(url):
    options = Options()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                "--window-size=1280,1700", "--disable-gpu"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.get(url)
    wait(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "1")
    yield driver
    driver.quit()


def wait(driver, condition, seconds=60):
    return WebDriverWait(driver, seconds).until(condition)


def attr(driver, id_, name):
    return driver.find_element(By.ID, id_).get_attribute(name)


def choose(driver, spec, position, misere=False):
    """Types a game and a position in the bar and asks; waits for the value."""
    driver.find_element(By.ID, "tab-explore").click()
    for id_, text in (("game", spec), ("position", position)):
        box = driver.find_element(By.ID, id_)
        box.clear()
        box.send_keys(text)
    box = driver.find_element(By.ID, "misere")
    if box.is_selected() != misere:
        box.click()
    driver.execute_script("document.getElementById('value').dataset.value = 'asking';")
    driver.find_element(By.ID, "ask").click()
    wait(driver, lambda d: attr(d, "value", "data-value") not in ("asking", "")
         or d.find_element(By.ID, "error").text)
    assert driver.find_element(By.ID, "error").text == ""


def play(driver, spec, position, strategy, misere=False, first="human"):
    """Plays a whole game by clicking the page's moves: `strategy(buttons, turn)` picks one.
    Returns the winner the page names and its message."""
    choose(driver, spec, position, misere)
    driver.find_element(By.ID, "tab-play").click()
    Select(driver.find_element(By.ID, "play-first")).select_by_value(first)
    driver.find_element(By.ID, "play-start").click()
    turn = 0
    while True:
        state = wait(driver, lambda d: attr(d, "play-status", "data-turn") in ("human", "over")
                     and attr(d, "play-status", "data-turn"))
        if state == "over":
            break
        if turn == 0 and first == "human":
            start = grundy("value", spec, position, *(["--misere"] if misere else []))
            assert f"value {start['value']}, {start['outcome']}" in driver.find_element(By.ID, "play-status").text
        buttons = driver.find_elements(By.CSS_SELECTOR, "#play-moves .play-move")
        assert buttons
        strategy(buttons, turn).click()
        turn += 1
        assert turn < 200
    result = driver.find_element(By.ID, "play-result")
    return result.get_attribute("data-winner"), result.text


def perfect(buttons, turn):
    """A winning move when there is one, else any."""
    winning = [b for b in buttons if b.get_attribute("data-winning") == "true"]
    return (winning or buttons)[0]


def blunder_first(buttons, turn):
    """A losing move first, perfect play after."""
    if turn == 0:
        return next(b for b in buttons if b.get_attribute("data-winning") != "true")
    return perfect(buttons, turn)


def test_explore_kayles_as_the_cli_says(page):
    expected = grundy("value", "kayles", "7")
    choose(page, "kayles", "7")
    assert attr(page, "value", "data-value") == str(expected["value"])
    assert attr(page, "outcome", "data-outcome") == expected["outcome"]
    assert page.find_element(By.ID, "method").text == expected["method"]
    moves = grundy("moves", "kayles", "7")["moves"]
    shown = page.find_elements(By.CSS_SELECTOR, "#moves .move")
    assert [b.get_attribute("data-to") for b in shown] == [",".join(map(str, m["to"])) for m in moves]
    assert [b.get_attribute("data-winning") == "true" for b in shown] == [m["winning"] for m in moves]
    # Clicking a winning move plays it: the page then shows a P-position.
    winning = next(b for b in shown if b.get_attribute("data-winning") == "true")
    to = winning.get_attribute("data-to")
    winning.click()
    wait(page, lambda d: d.find_element(By.ID, "position").get_attribute("value") == to
         and attr(d, "value", "data-value") == "0")
    assert attr(page, "outcome", "data-outcome") == "P"

    # A misspelt game: the CLI's message with its suggestion.
    page.find_element(By.ID, "game").clear()
    page.find_element(By.ID, "game").send_keys("kaylse")
    page.find_element(By.ID, "ask").click()
    wait(page, lambda d: "did you mean 'kayles'" in d.find_element(By.ID, "error").text)


def test_sequence_table_and_quotient(page):
    choose(page, "kayles", "7")
    box = page.find_element(By.ID, "seq-to")
    box.clear()
    box.send_keys("120")
    page.find_element(By.ID, "seq-draw").click()
    period = grundy("period", "kayles")
    wait(page, lambda d: attr(d, "seq-info", "data-period") == str(period["period"]))
    assert attr(page, "seq-info", "data-preperiod") == str(period["preperiod"])
    assert len(page.find_elements(By.CSS_SELECTOR, "#seq-svg circle")) == 121
    assert page.find_elements(By.CSS_SELECTOR, "#seq-svg .period-mark")

    choose(page, "nim", "1,2")
    box = page.find_element(By.ID, "table-max")
    box.clear()
    box.send_keys("7")
    page.find_element(By.ID, "table-draw").click()
    wait(page, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#table-heat td")) == 64)

    choose(page, "kayles", "7")
    page.find_element(By.ID, "quotient-ask").click()
    order = grundy("quotient", "kayles", "--heaps", "12")["order"]
    wait(page, lambda d: d.find_elements(By.ID, "quotient-order")
         and attr(d, "quotient-order", "data-order") == str(order))


def test_misere_switch(page):
    for misere in (False, True):
        flags = ["--misere"] if misere else []
        expected = grundy("value", "nim", "1,1", *flags)
        choose(page, "nim", "1,1", misere=misere)
        wait(page, lambda d: attr(d, "outcome", "data-outcome") == expected["outcome"])
        assert attr(page, "value", "data-value") == str(expected["value"])
    page.find_element(By.ID, "misere").click()  # back to normal play


def test_play_nim_to_the_end(page):
    assert grundy("value", "nim", "1,2,4")["outcome"] == "N"
    winner, text = play(page, "nim", "1,2,4", perfect)
    assert winner == "human", text
    assert text.startswith("You win: you made the last move"), text
    # From a P-position the perfect strategy cannot be beaten.
    assert grundy("value", "nim", "1,2,3")["outcome"] == "P"
    winner, text = play(page, "nim", "1,2,3", perfect)
    assert winner == "computer", text
    assert "The computer wins" in text and "value 0" in text, text


def test_play_kayles_to_the_end(page):
    assert grundy("value", "kayles", "6")["outcome"] == "N"
    winner, text = play(page, "kayles", "6", blunder_first)
    assert winner == "computer", text
    assert "Your move" in text and "not 0" in text, text
    # Perfect play wins.
    winner, text = play(page, "kayles", "6", perfect)
    assert winner == "human", text
    # The board is drawn as pins.
    assert page.find_elements(By.CSS_SELECTOR, "#board-svg")


def test_play_misere_and_the_computer_first(page):
    # Misère Nim 1,1,1: the player to move loses (an odd number of heaps of 1).
    assert grundy("value", "nim", "1,1,1", "--misere")["outcome"] == "P"
    winner, text = play(page, "nim", "1,1,1", perfect, misere=True)
    assert winner == "computer" and "misère play" in text, text
    # The computer moves first from an N-position and wins.
    assert grundy("value", "wythoff", "4,4")["outcome"] == "N"
    winner, text = play(page, "wythoff", "4,4", perfect, first="computer")
    assert winner == "computer", text


def test_hint_and_undo(page):
    choose(page, "nim", "3,5,7")
    page.find_element(By.ID, "tab-play").click()
    Select(page.find_element(By.ID, "play-first")).select_by_value("human")
    page.find_element(By.ID, "play-start").click()
    wait(page, lambda d: attr(d, "play-status", "data-turn") == "human")
    page.find_element(By.ID, "play-hint").click()
    hint = page.find_element(By.ID, "play-hint-text").text
    assert hint.startswith("Play ") and "P-position" in hint, hint
    buttons = page.find_elements(By.CSS_SELECTOR, "#play-moves .play-move")
    next(b for b in buttons if b.get_attribute("data-winning") != "true").click()
    wait(page, lambda d: attr(d, "play-status", "data-turn") == "human"
         and len(d.find_elements(By.CSS_SELECTOR, "#play-log li")) == 2)
    page.find_element(By.ID, "play-undo").click()
    wait(page, lambda d: attr(d, "play-status", "data-turn") == "human"
         and not d.find_elements(By.CSS_SELECTOR, "#play-log li"))


def test_screenshot(page):
    """The Explore tab on Kayles, its sequence and Wythoff's table drawn: docs/src/serve-screenshot.png."""
    choose(page, "wythoff", "3,5")
    box = page.find_element(By.ID, "table-max")
    box.clear()
    box.send_keys("15")
    page.find_element(By.ID, "table-draw").click()
    wait(page, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#table-heat td")) == 256)
    choose(page, "kayles", "9")
    box = page.find_element(By.ID, "seq-to")
    box.clear()
    box.send_keys("100")
    page.find_element(By.ID, "seq-draw").click()
    wait(page, lambda d: attr(d, "seq-info", "data-period") == "12")
    path = ROOT / "docs" / "src" / "serve-screenshot.png"
    page.set_window_size(1280, 1500)
    assert page.save_screenshot(str(path))
    assert path.stat().st_size > 10_000
