"""Progress bars of long calls (issue 22): tqdm bars on request, the results unchanged, and the
library's callbacks reaching Python only every so often."""

import time

import pytest

import grundy


def subtract_134(n):
    return [n - s for s in (1, 3, 4) if s <= n]


def test_a_forced_bar_appears_and_the_values_are_unchanged(capsys):
    game = grundy.Game.heap(subtract_134, name="s134")
    quiet = game.seq(300_000, progress=False)
    assert capsys.readouterr().err == ""
    shown = grundy.Game.heap(subtract_134, name="s134").seq(300_000, progress=True)
    err = capsys.readouterr().err
    assert "seq" in err and "300k" in err, err
    assert (quiet == shown).all()
    # S = {1, 3, 4}: period 7 (0 1 0 1 2 3 2), from the rules (Winning Ways, ch. 4).
    assert list(quiet[:14]) == [0, 1, 0, 1, 2, 3, 2] * 2


def test_value_and_table_report_progress_when_asked(capsys):
    game = grundy.Game.heap(subtract_134, name="s134")
    assert game.value(200_000, progress=True) == [0, 1, 0, 1, 2, 3, 2][200_000 % 7]
    assert "value" in capsys.readouterr().err
    nim = grundy.Game("nim")
    table = nim.table(300, (None, None), progress=True)
    assert "table" in capsys.readouterr().err
    assert table[5, 9] == 5 ^ 9


def test_no_bar_by_default_off_a_terminal(capsys):
    grundy.Game.heap(subtract_134, name="s134").seq(100_000)
    assert capsys.readouterr().err == ""


def test_the_library_calls_back_at_most_every_quarter_second():
    calls = []
    game = grundy.Game("octal:0.6")
    start = time.perf_counter()
    value = game._native.value(150_000, lambda done, total: calls.append((time.perf_counter(), done, total)))
    elapsed = time.perf_counter() - start
    assert value == grundy.Game("octal:0.6").value(150_000, progress=False)
    assert calls, "no progress reported"
    assert len(calls) <= 2 + elapsed / 0.25
    assert all(b[0] - a[0] >= 0.24 for a, b in zip(calls, calls[1:]))
    assert all(done <= total for _, done, total in calls)


def test_an_exception_in_the_callback_stops_the_call():
    def stop(done, total):
        raise RuntimeError("stop here")

    with pytest.raises(RuntimeError, match="stop here"):
        grundy.Game.heap(subtract_134, name="s134")._native.seq(10**6, None, None, stop)


def test_survey_shows_the_groups_done(capsys):
    quiet = grundy.survey("octal:0.?", 2**10, processes=0, progress=False)
    assert capsys.readouterr().err == ""
    shown = grundy.survey("octal:0.?", 2**10, processes=0, progress=True)
    assert "survey" in capsys.readouterr().err
    assert quiet.drop(columns=["seconds"]).equals(shown.drop(columns=["seconds"]))
