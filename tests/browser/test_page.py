"""The page of `grundy serve` in a real browser: Chromium (Debian's package) driven by Selenium.

It starts `grundy serve --port 0` ($GRUNDY_BIN, default target/debug/grundy), explores Kayles
and checks what the page shows against `grundy value`, plays Nim and Kayles to the end against
the perfect strategy by clicking the page's list of moves (won with perfect play, lost after a
mistake, lost from a P-position, and a misère game), plays whole games of Cram 3x4 and Nim by
clicking the drawing (the winning moves from a brute force and Bouton's theorem written here),
and so Notakto on one board and Dots-and-Boxes 1x2 and 2x2 (a completed box: the same player
moves again), makes moves by clicking every family's drawing, checks that an illegal click is
refused, and saves docs/src/serve-screenshot.png (a board in play) and serve-explore.png.

Run: python3 -m venv /tmp/venv && /tmp/venv/bin/pip install selenium pytest &&
GRUNDY_BIN=target/debug/grundy /tmp/venv/bin/pytest tests/browser
"""

import json
import os
import pathlib
import shutil
import urllib.parse
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
from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402
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
    driver.execute_script("window.GRUNDY_DELAY = 50;")
    driver.base_url = url
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
    open_list(driver)
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


def open_list(driver):
    """Unfolds the list of moves (folded under the drawing) so that its buttons can be clicked."""
    driver.execute_script("document.getElementById('play-list').open = true;")


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
    open_list(page)
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


def test_explore_screenshot(page):
    """The Explore tab on Kayles, its sequence and Wythoff's table drawn: docs/src/serve-explore.png."""
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
    path = ROOT / "docs" / "src" / "serve-explore.png"
    page.set_window_size(1280, 1500)
    assert page.save_screenshot(str(path))
    assert path.stat().st_size > 10_000


# ---------------------------------------------------------------- play on the drawing

def open_play(driver, spec, position="", first="human", misere=False):
    """Opens /?play=SPEC&position=POS (the play view from its address) and waits for the first
    turn of the player chosen to move first."""
    query = urllib.parse.urlencode({"play": spec, "position": position, **({"misere": "1"} if misere else {})})
    driver.get(driver.base_url + "?" + query)
    wait(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "1")
    driver.execute_script("window.GRUNDY_DELAY = 50;")
    if first == "computer":
        Select(driver.find_element(By.ID, "play-first")).select_by_value("computer")
        driver.find_element(By.ID, "play-start").click()
    wait(driver, lambda d: attr(d, "play-status", "data-turn") in ("human", "over"))
    assert driver.find_element(By.ID, "error").text == ""
    assert not driver.find_element(By.ID, "play").get_attribute("hidden")


def my_first_move(driver):
    """The first line of the log ("You: ..."), once the computer has answered (or the game is
    over)."""
    return log_line(driver, 0)


def log_line(driver, i):
    """Line `i` of the log, once it has one and the computer has answered (or the game is
    over): the log is drawn again after each move, so a line read while it is redrawn is read
    again."""
    def read(d):
        if attr(d, "play-status", "data-turn") not in ("human", "over"):
            return False
        try:
            items = d.find_elements(By.CSS_SELECTOR, "#play-log li")
            return items[i].text if len(items) > i else False
        except StaleElementReferenceException:
            return False
    return wait(driver, read)


def board_position(driver):
    return attr(driver, "play-board", "data-position")


def click(driver, selector):
    driver.find_element(By.CSS_SELECTOR, "#play-board " + selector).click()


def after_my_move(driver, before):
    """Waits until the position changed and it is my turn again (or the game is over)."""
    wait(driver, lambda d: attr(d, "play-status", "data-turn") in ("human", "over")
         and (len(d.find_elements(By.CSS_SELECTOR, "#play-log li")) > before))


def log_length(driver):
    return len(driver.find_elements(By.CSS_SELECTOR, "#play-log li"))


def cram_wins():
    """Cram on a 3x4 board by brute force: `wins(cells)` (a frozenset of empty cells (r, c)
    from 1) is True when the player to move wins; `move(cells)` a winning domino."""
    import functools

    def dominoes(cells):
        for (r, c) in sorted(cells):
            for other in ((r, c + 1), (r + 1, c)):
                if other in cells:
                    yield (r, c), other

    @functools.lru_cache(maxsize=None)
    def wins(cells):
        return any(not wins(cells - {a, b}) for a, b in dominoes(cells))

    def move(cells):
        return next((a, b) for a, b in dominoes(cells) if not wins(cells - {a, b}))

    return wins, move


def test_cram_3x4_won_by_clicking_the_board(page):
    wins, move = cram_wins()
    full = frozenset((r, c) for r in range(1, 4) for c in range(1, 5))
    assert wins(full), "3x4 Cram is a first-player win (one even side: the centre, then symmetry)"
    open_play(page, "cram:3x4")
    assert len(page.find_elements(By.CSS_SELECTOR, "#play-board [data-cell]")) == 12
    while attr(page, "play-status", "data-turn") == "human":
        rows = board_position(page).split("/")
        cells = frozenset((r + 1, c + 1) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == ".")
        assert wins(cells), f"the computer left me a lost board {rows}"
        a, b = move(cells)
        before = log_length(page)
        click(page, f'[data-cell="{a[0]},{a[1]}"]')
        click(page, f'[data-cell="{b[0]},{b[1]}"]')
        after_my_move(page, before)
        for cell in (a, b):
            assert attr_css(page, f'#play-board [data-cell="{cell[0]},{cell[1]}"]', "data-filled") == "1"
    assert attr(page, "play-result", "data-winner") == "human", page.find_element(By.ID, "play-result").text


def attr_css(driver, selector, name):
    return driver.find_element(By.CSS_SELECTOR, selector).get_attribute(name)


def test_nim_won_by_clicking_the_counters(page):
    heaps = [3, 4, 6]
    assert heaps[0] ^ heaps[1] ^ heaps[2] != 0
    open_play(page, "nim", ",".join(map(str, heaps)))
    while attr(page, "play-status", "data-turn") == "human":
        heaps = [int(x) for x in board_position(page).split(",")]
        s = 0
        for h in heaps:
            s ^= h
        assert s != 0, "Bouton: the computer never leaves me a nim-sum of 0 when it can"
        # Bouton: a heap h with h ^ s < h goes down to h ^ s; click its counter h ^ s + 1.
        i = next(i for i, h in enumerate(heaps) if h ^ s < h)
        before = log_length(page)
        click(page, f'[data-heap="{i + 1}"][data-index="{(heaps[i] ^ s) + 1}"]')
        after_my_move(page, before)
    assert attr(page, "play-result", "data-winner") == "human", page.find_element(By.ID, "play-result").text
    assert "You win" in page.find_element(By.ID, "play-result").text


def test_kayles_and_chomp_moves_by_clicking(page):
    # Kayles: one pin (the middle of 5, leaving rows of 2 and 2), or two adjacent pins.
    open_play(page, "kayles", "5")
    click(page, '[data-heap="1"][data-index="3"]')
    assert "Click it again" in page.find_element(By.ID, "play-why").text
    click(page, '[data-heap="1"][data-index="3"]')
    mine = my_first_move(page)
    assert mine.startswith("You: ") and sorted(mine.split("→ ")[1].split(" (")[0].split(",")) == ["2", "2"], mine
    open_play(page, "kayles", "4")
    click(page, '[data-heap="1"][data-index="2"]')
    click(page, '[data-heap="1"][data-index="3"]')
    assert my_first_move(page).split("→ ")[1].startswith("1,1 ")
    # Chomp: a bite at row 2, column 2 (rows from the bottom) takes the squares above and right.
    open_play(page, "chomp:3x3")
    click(page, '[data-cell="2,2"]')
    assert my_first_move(page).split("→ ")[1].startswith("3,1,1 ")


def test_an_illegal_click_is_refused(page):
    open_play(page, "cram:2x3", "#../...")
    start = board_position(page)
    click(page, '[data-cell="1,1"]')
    why = page.find_element(By.ID, "play-why")
    assert why.get_attribute("data-refused") == "1" and "covered" in why.text, why.text
    click(page, '[data-cell="1,2"]')
    click(page, '[data-cell="2,3"]')
    assert why.get_attribute("data-refused") == "1" and "not two adjacent empty cells" in why.text, why.text
    assert board_position(page) == start and log_length(page) == 0
    # Subtraction 1, 3, 4 from 10: clicking counter 9 would take 2.
    open_play(page, "subtraction:s=1,3,4", "10")
    click(page, '[data-heap="1"][data-index="9"]')
    why = page.find_element(By.ID, "play-why")
    assert why.get_attribute("data-refused") == "1" and why.text.startswith("Not a move"), why.text
    assert board_position(page) == "10" and log_length(page) == 0
    # Chomp's poisoned square.
    open_play(page, "chomp:2x2")
    click(page, '[data-cell="1,1"]')
    assert "poisoned" in page.find_element(By.ID, "play-why").text


# Each drawing: its hooks, and a move made by clicking with the position it leaves (by the
# rules, worked out by hand).
DRAWN = [
    ("nim", "1,2", '[data-heap][data-index]', ['[data-heap="2"][data-index="2"]'], "1,1"),
    ("kayles", "3", '[data-heap][data-index]', ['[data-heap="1"][data-index="1"]', '[data-heap="1"][data-index="2"]'], "1"),
    ("wythoff", "3,5", "[data-cell]", ['[data-cell="6,1"]'], "0,5"),
    ("staircase", "2,0,1", "[data-heap][data-index]", ['[data-heap="3"][data-index="1"]'], "2,1,0"),
    ("node-kayles:graph=petersen", "", "[data-vertex]", ['[data-vertex="0"]'], "2,3,6,7,8,9"),
    ("node-kayles:graph=grid:2x3", "", "[data-vertex]", ['[data-vertex="4"]'], "0,2"),
    ("arc-kayles:graph=cycle:5", "", "[data-edge]", ['[data-edge="0"]'], "2,3,4"),
    ("hackenbush:edges=0-1,1-2,2-0", "", "[data-edge]", ['[data-edge="1"]'], "0,2"),
    ("hackenbush:stalks=2,1", "", "[data-edge]", ['[data-edge="0"]'], "2"),
    ("turning-turtles", "3,5", "[data-cell][data-coin]", ['[data-coin="5"]', '[data-coin="2"]'], "2,3"),
    ("mock-turtles", "0,4", "[data-cell][data-coin]", ['[data-coin="4"]', '[data-coin="2"]', '[data-coin="1"]'], "0,1,2"),
    ("ruler", "4", "[data-cell][data-coin]", ['[data-coin="4"]', '[data-coin="3"]', '[data-coin="3"]'], "3"),
    ("turning-corners", "1:1", "[data-cell][data-coin]",
     ['[data-coin="1:1"]', '[data-coin="0:0"]', '[data-coin="1:0"]', '[data-coin="0:1"]'], "0,0,0,1,1,0"),
    ("grundy-game", "5", "[data-heap][data-index]", ['[data-heap="1"][data-index="2"]'], "2,3"),
    # Notakto: an X in the centre. X-only on two empty boards: the move is listed once (boards
    # alike, corners alike by symmetry), and any corner of either board makes it, where clicked.
    ("notakto", "", "[data-board][data-cell]", ['[data-board="1"][data-cell="2,2"]'], ".../.x./..."),
    ("xonly", "2", "[data-board][data-cell]", ['[data-board="2"][data-cell="3,3"]'], ".../.../...,.../.../..x"),
    # Dots-and-Boxes 1x2: the line from dot (1,2) to dot (2,2), between the two boxes.
    ("dots:1x2", "", "[data-line]", ['[data-line="v,1,2"]'], "+.+.+/.o|o./+.+.+"),
    ("nimstring:strings=0-1,1-2,2-0", "", "[data-edge]", ['[data-edge="1"]'], "0,2"),
]


@pytest.mark.parametrize("spec,position,hooks,clicks,after", DRAWN, ids=[d[0] for d in DRAWN])
def test_every_drawing_is_played_by_clicking(page, spec, position, hooks, clicks, after):
    open_play(page, spec, position)
    assert attr(page, "play-board", "data-drawn") == "1"
    assert page.find_elements(By.CSS_SELECTOR, "#play-board " + hooks)
    for selector in clicks:
        click(page, selector)
    mine = my_first_move(page)
    assert mine.startswith("You: ") and mine.split("→ ")[1].split(" (")[0] == after, mine


def xonly_rules(n=3):
    """X-only tic-tac-toe on one n x n board (a board: a frozenset of cells (r, c) from 1):
    `dead(board)`, and `wins(board)` under misère play (Notakto: who kills the board loses), so a
    move wins when it leaves a live board from which the player to move loses."""
    import functools

    cells = [(r, c) for r in range(1, n + 1) for c in range(1, n + 1)]
    lines = ([[(r, c) for c in range(1, n + 1)] for r in range(1, n + 1)]
             + [[(r, c) for r in range(1, n + 1)] for c in range(1, n + 1)]
             + [[(i, i) for i in range(1, n + 1)], [(i, n + 1 - i) for i in range(1, n + 1)]])

    def dead(board):
        return any(all(cell in board for cell in line) for line in lines)

    @functools.lru_cache(maxsize=None)
    def wins(board):
        return any(not dead(board | {c}) and not wins(board | {c}) for c in cells if c not in board)

    def winning(board):
        return [c for c in cells if c not in board and not dead(board | {c}) and not wins(board | {c})]

    return dead, wins, winning


def x_boards(text):
    """The boards of the page's position (rows of x and ., boards joined by ,)."""
    return [frozenset((r + 1, c + 1) for r, row in enumerate(b.split("/")) for c, ch in enumerate(row) if ch == "x")
            for b in text.split(",")]


def test_notakto_one_board_won_by_clicking(page):
    dead, wins, winning = xonly_rules()
    assert wins(frozenset()), "one Notakto board is a first-player win (the centre)"
    open_play(page, "notakto")
    assert len(page.find_elements(By.CSS_SELECTOR, "#play-board [data-board='1'][data-cell]")) == 9
    while attr(page, "play-status", "data-turn") == "human":
        [board] = x_boards(board_position(page))
        assert not dead(board) and wins(board), f"the computer left me a lost board {board_position(page)}"
        r, c = winning(board)[0]
        before = log_length(page)
        click(page, f'[data-board="1"][data-cell="{r},{c}"]')
        after_my_move(page, before)
        assert attr_css(page, f'#play-board [data-board="1"][data-cell="{r},{c}"]', "data-filled") == "1"
    # The computer had to put the third X in a row: the board is dead, drawn greyed and struck.
    [board] = x_boards(board_position(page))
    assert dead(board)
    assert len(page.find_elements(By.CSS_SELECTOR, '#play-board [data-board="1"][data-dead="1"]')) == 9
    assert page.find_elements(By.CSS_SELECTOR, "#play-board line.three")
    result = page.find_element(By.ID, "play-result")
    assert result.get_attribute("data-winner") == "human", result.text
    assert result.text.startswith("You win: the computer made the last move (misère play"), result.text


def test_notakto_boards_clicked_and_illegal_clicks_refused(page):
    dead, wins, winning = xonly_rules()
    open_play(page, "notakto", "xx./.../...,.../.../...")
    # A third X in board 1's first row kills it: it stays drawn, greyed, its line struck; the
    # position the page keeps has it (the API reads a dead board and drops it).
    click(page, '[data-board="1"][data-cell="1,3"]')
    mine = my_first_move(page)
    value = grundy("value", "notakto", ".../.../...")["value"]
    assert mine.startswith("You: board 1: X at row 1, column 3 (3 in a row: the board dies) → "
                           f"xxx/.../...,.../.../... (misère value {value})"), mine
    assert len(page.find_elements(By.CSS_SELECTOR, '#play-board [data-board="1"][data-dead="1"]')) == 9
    assert page.find_elements(By.CSS_SELECTOR, "#play-board line.three")
    # One empty board left to the computer: a first-player win, so it plays on and I move.
    assert attr(page, "play-status", "data-turn") == "human"
    boards = x_boards(board_position(page))
    assert dead(boards[0]) and len(boards[1]) == 1
    start, why = board_position(page), page.find_element(By.ID, "play-why")
    click(page, '[data-board="1"][data-cell="3,3"]')
    assert why.get_attribute("data-refused") == "1" and "board 1 is dead" in why.text, why.text
    [(r, c)] = boards[1]
    click(page, f'[data-board="2"][data-cell="{r},{c}"]')
    assert why.get_attribute("data-refused") == "1" and "has an X already" in why.text, why.text
    assert board_position(page) == start and log_length(page) == 2
    # The last empty cell of board 2: the X goes where clicked (its move may be listed under a
    # cell alike by symmetry), with the value of the position it leaves.
    r, c = max(cell for cell in ((i, j) for i in range(1, 4) for j in range(1, 4)) if cell not in boards[1])
    click(page, f'[data-board="2"][data-cell="{r},{c}"]')
    mine = log_line(page, 2)
    assert mine.startswith(f"You: board 2: X at row {r}, column {c}"), mine
    after = mine.split("→ ")[1].split(" (")[0]
    assert x_boards(after)[1] == boards[1] | {(r, c)}, mine
    assert f"(misère value {grundy('value', 'notakto', after)['value']})" in mine, mine


def dots_rules(rows, cols):
    """Dots-and-Boxes played as Nimstring on rows x cols boxes, a position the set of lines
    drawn (named as the page's data-line: h,R,C from dot (R,C) to (R,C+1), v,R,C from dot (R,C)
    to (R+1,C)): who completes a box moves again, who cannot move loses. Returns the lines,
    `completes(drawn, line)` and `winning(drawn)`."""
    import functools

    lines = ([f"h,{r},{c}" for r in range(1, rows + 2) for c in range(1, cols + 1)]
             + [f"v,{r},{c}" for r in range(1, rows + 1) for c in range(1, cols + 2)])
    boxes = [(f"h,{r},{c}", f"h,{r + 1},{c}", f"v,{r},{c}", f"v,{r},{c + 1}")
             for r in range(1, rows + 1) for c in range(1, cols + 1)]

    def completes(drawn, line):
        return any(line in box and all(s in drawn or s == line for s in box) for box in boxes)

    def good(drawn, line):
        after = drawn | {line}
        return wins(after) if completes(drawn, line) else not wins(after)

    @functools.lru_cache(maxsize=None)
    def wins(drawn):
        return any(good(drawn, line) for line in lines if line not in drawn)

    def winning(drawn):
        return [line for line in lines if line not in drawn and good(drawn, line)]

    return lines, completes, winning


def drawn_lines(text):
    """The lines drawn in the page's position (rows of the board joined by /)."""
    return frozenset(f"h,{i // 2 + 1},{(j + 1) // 2}" if i % 2 == 0 else f"v,{(i + 1) // 2},{j // 2 + 1}"
                     for i, row in enumerate(text.split("/")) for j, ch in enumerate(row) if ch in "-|")


def play_dots(driver, rows, cols):
    """Clicks winning lines (one that completes a box first) until the game is over."""
    lines, completes, winning = dots_rules(rows, cols)
    while attr(driver, "play-status", "data-turn") == "human":
        drawn = drawn_lines(board_position(driver))
        best = winning(drawn)
        assert best, f"the computer left me a lost board {board_position(driver)}"
        line = next((x for x in best if completes(drawn, x)), best[0])
        before = log_length(driver)
        click(driver, f'[data-line="{line}"]')
        after_my_move(driver, before)
        assert attr_css(driver, f'#play-board [data-line="{line}"]', "data-filled") == "1"


def test_dots_a_box_completed_moves_again(page):
    # Box 1,1 has three sides; box 1,2 its top. The only winning move completes box 1,1 (then
    # I move again, put a third side on box 1,2, and the computer must complete it and move
    # again with no line left).
    start = "+-+-+/|o.o./+-+.+"
    lines, completes, winning = dots_rules(1, 2)
    drawn = drawn_lines(start)
    assert winning(drawn) == ["v,1,2"] and completes(drawn, "v,1,2")
    open_play(page, "dots:1x2", start)
    page.find_element(By.ID, "play-hint").click()
    hint = page.find_element(By.ID, "play-hint-text").text
    assert "an N-position, and you move again: you win against perfect play" in hint, hint
    why = page.find_element(By.ID, "play-why")
    click(page, '[data-line="h,1,1"]')
    assert why.get_attribute("data-refused") == "1" and "is drawn already" in why.text, why.text
    assert not page.find_elements(By.CSS_SELECTOR, '#play-board [data-cell][data-filled="1"]')
    click(page, '[data-line="v,1,2"]')
    wait(page, lambda d: attr(d, "play-status", "data-turn") == "human" and log_length(d) == 1)
    assert page.find_element(By.ID, "play-status").text.startswith("You move again"), page.find_element(By.ID, "play-status").text
    assert attr_css(page, '#play-board [data-cell="1,1"]', "data-filled") == "1"
    assert page.find_element(By.CSS_SELECTOR, "#play-log li").text.startswith("You: draw the line from dot (1,2) to dot (2,2)")
    play_dots(page, 1, 2)
    result = page.find_element(By.ID, "play-result")
    assert result.get_attribute("data-winner") == "human", result.text
    assert "the computer made the last move, which gives it another move, and there is none" in result.text, result.text
    assert len(page.find_elements(By.CSS_SELECTOR, '#play-board [data-cell][data-filled="1"]')) == 2


def test_dots_2x2_won_by_clicking_lines(page):
    lines, completes, winning = dots_rules(2, 2)
    assert not winning(frozenset()), "the empty 2x2 board is a loss for the player to move"
    open_play(page, "dots:2x2", first="computer")
    assert len(page.find_elements(By.CSS_SELECTOR, "#play-board [data-line]")) == 12
    assert len(page.find_elements(By.CSS_SELECTOR, "#play-board [data-cell]")) == 4
    play_dots(page, 2, 2)
    assert attr(page, "play-result", "data-winner") == "human", page.find_element(By.ID, "play-result").text
    assert len(drawn_lines(board_position(page))) == 12


def test_petersen_is_a_pentagon_and_a_pentagram(page):
    open_play(page, "node-kayles:graph=petersen")
    at = {int(v.get_attribute("data-vertex")): (float(v.get_attribute("cx")), float(v.get_attribute("cy")))
          for v in page.find_elements(By.CSS_SELECTOR, "#play-board [data-vertex]")}
    cx = sum(x for x, _ in at.values()) / 10
    cy = sum(y for _, y in at.values()) / 10
    radius = {v: round(((x - cx) ** 2 + (y - cy) ** 2) ** 0.5) for v, (x, y) in at.items()}
    assert len({radius[v] for v in range(5)}) == 1 and len({radius[v] for v in range(5, 10)}) == 1
    assert radius[0] > radius[5]


def test_sprouts_regions_are_clicked(page):
    # Two spots: a loop (around nothing) or a join, both in the one region.
    open_play(page, "sprouts", "2")
    assert page.find_elements(By.CSS_SELECTOR, '#play-board [data-region="1.1"]')
    click(page, '[data-region="1.1"]')
    choices = page.find_elements(By.CSS_SELECTOR, "#play-choices .play-choice")
    assert sorted(c.text.split(" ")[0] for c in choices) == ["join", "loop"]
    next(c for c in choices if c.text.startswith("join")).click()
    assert "join" in my_first_move(page)


def test_computer_opponent_says_why_and_undo(page):
    # From Nim 1,2 (nim-sum 3) the computer moves first and wins: it leaves nim-sum 0 (1,1).
    open_play(page, "nim", "1,2", first="computer")
    assert board_position(page) == "1,1"
    assert "leaves value 0" in page.find_element(By.ID, "play-computer").text
    # From Nim 1,1 I must leave a heap; the computer takes the last one.
    click(page, '[data-heap="1"][data-index="1"]')
    wait(page, lambda d: attr(d, "play-status", "data-turn") == "over")
    assert attr(page, "play-result", "data-winner") == "computer"
    page.find_element(By.ID, "play-undo").click()
    wait(page, lambda d: attr(d, "play-status", "data-turn") == "human" and board_position(d) == "1,1")
    # Without a winning move (Nim 2,2, nim-sum 0) the computer keeps the game longest.
    open_play(page, "nim", "2,2", first="computer")
    text = page.find_element(By.ID, "play-computer").text
    assert "no winning move" in text and "keeps the game longest" in text, text
    # Taking 1 leaves 1,2 (three more moves with perfect play: 1,1 then 0,1 then 0,0); taking
    # 2 leaves 0,2 (one more move).
    assert sorted(board_position(page).split(",")) == ["1", "2"]


def test_misere_and_addresses(page):
    # Misère Nim 1,1 from the address: I move first and win (an even number of heaps of 1:
    # I take one, the computer must take the last and loses).
    open_play(page, "nim", "1,1", misere=True)
    assert page.find_element(By.ID, "misere").is_selected()
    click(page, '[data-heap="1"][data-index="1"]')
    wait(page, lambda d: attr(d, "play-status", "data-turn") == "over")
    assert attr(page, "play-result", "data-winner") == "human", "misère: the computer made the last move and lost"
    # /?game=SPEC&position=POS opens the explore view.
    page.get(page.base_url + "?" + urllib.parse.urlencode({"game": "kayles", "position": "7"}))
    wait(page, lambda d: attr(d, "value", "data-value") not in (None, ""))
    assert attr(page, "value", "data-value") == str(grundy("value", "kayles", "7")["value"])
    assert not page.find_element(By.ID, "explore").get_attribute("hidden")


def test_no_panel_of_a_previous_game(page):
    page.get(page.base_url + "?game=kayles")
    wait(page, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "1")
    page.find_element(By.ID, "seq-draw").click()
    wait(page, lambda d: d.find_elements(By.CSS_SELECTOR, "#seq-svg"))
    choose(page, "nim", "1,2")
    assert not page.find_elements(By.CSS_SELECTOR, "#seq-svg")
    assert attr(page, "seq-info", "data-period") == ""


def test_screenshot(page):
    """A board in play (Cram 4x5: the centre domino, the computer's answer, the hint's winning
    cells marked): docs/src/serve-screenshot.png."""
    open_play(page, "cram:4x5")
    before = log_length(page)
    # The centre of a 4x5 board: the vertical domino r2c3-r3c3, then symmetry wins.
    click(page, '[data-cell="2,3"]')
    click(page, '[data-cell="3,3"]')
    after_my_move(page, before)
    page.find_element(By.ID, "play-hint").click()
    assert page.find_elements(By.CSS_SELECTOR, "#play-board .winning")
    path = ROOT / "docs" / "src" / "serve-screenshot.png"
    page.set_window_size(1280, 1100)
    assert page.save_screenshot(str(path))
    assert path.stat().st_size > 10_000
