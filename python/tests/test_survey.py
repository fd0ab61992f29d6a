"""``grundy.survey``: the same rows serially, on a local process pool, on a Dask cluster of two
worker processes, shard by shard, and as ``grundy survey`` prints them."""

import contextlib
import csv
import io
import subprocess

import grundy
import pandas
import pytest

PATTERN, TO = "octal:0.??", 2**12
# Every column but the time, which differs from run to run.
SAME = [c for c in grundy._survey.COLUMNS if c != "seconds"]


def comparable(table):
    return table[SAME].astype(str).values.tolist()


@pytest.fixture(scope="module")
def serial():
    return grundy.survey(PATTERN, TO, processes=0)


def test_one_row_per_member_in_order(serial, cli):
    assert len(serial) == 64
    assert serial["member"].tolist() == list(range(64))
    # Kayles (0.77: period 12, Winning Ways ch. 4) and Dawson's Kayles (0.07: period 34), as
    # `grundy period` finds them.
    by_game = serial.set_index("game")
    for code, period in (("0.77", 12), ("0.07", 34)):
        alone = cli("period", "octal:" + code, "--to", str(TO))
        row = by_game.loc["octal:" + code]
        assert (row["period"], row["preperiod"], bool(row["proven"])) == (period, alone["preperiod"], True)
        assert alone["period"] == period and alone["proven"]
    assert (serial["status"] == "proven").tolist() == serial["proven"].tolist()


def test_a_process_pool_gives_the_same_rows(serial):
    assert comparable(grundy.survey(PATTERN, TO, processes=2, batch=5)) == comparable(serial)


def test_shards_together_are_the_whole(serial):
    parts = [grundy.survey(PATTERN, TO, processes=0, shard=(i, 3)) for i in (1, 2, 3)]
    rows = sorted((r for p in parts for r in comparable(p)), key=lambda r: int(r[SAME.index("member")]))
    assert rows == comparable(serial)


def test_the_command_line_prints_the_same_table(serial, cli):
    out = subprocess.run(
        [str(cli.binary), "survey", PATTERN, "--to", str(TO), "--format", "csv"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    cli = list(csv.DictReader(io.StringIO(out)))
    assert [r["game"] for r in cli] == serial["game"].tolist()
    for row, (_, ours) in zip(cli, serial.iterrows()):
        period = ours["period"]
        assert row["period"] == ("" if period is None or period is pandas.NA else str(int(period)))
        assert row["proven"].lower() == str(bool(ours["proven"])).lower()


def test_a_dask_cluster_of_two_worker_processes_gives_the_same_rows(serial, monkeypatch):
    distributed = pytest.importorskip("distributed")
    # The bar's updates, recorded instead of drawn.
    calls = []

    @contextlib.contextmanager
    def recorder(progress, what):
        yield (lambda done, total: calls.append((done, total))) if progress else None

    monkeypatch.setattr(grundy._survey._progress, "bar", recorder)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        table = grundy.survey(PATTERN, TO, client=client, batch=4)
        shown = grundy.survey(PATTERN, TO, client=client, batch=4, progress=True)
    assert comparable(table) == comparable(serial)
    assert comparable(shown) == comparable(serial)
    # One update per batch, counting up to every group.
    groups = len(grundy._grundy.survey_groups(PATTERN, None))
    assert len(calls) == -(-groups // 4)
    assert [done for done, _ in calls] == sorted(done for done, _ in calls)
    assert calls[-1] == (groups, groups)


def test_bad_requests_are_errors():
    with pytest.raises(ValueError):
        grundy.survey("octal:0.?x", 100, processes=0)
    with pytest.raises(ValueError, match="shard"):
        grundy.survey(PATTERN, 100, processes=0, shard=(3, 2))
    with pytest.raises(ValueError, match="batch"):
        grundy.survey(PATTERN, 100, batch=0)


def test_subtraction_division_families_are_checked_against_the_papers(cli):
    # i-Mark({s},{d}) for s in 2..3, d in 2..5: each row carries the verdicts of the claims the
    # member meets, as `grundy verify` gives them.
    table = grundy.survey("imark:s=?2..3:d=?2..5", 2000, processes=0)
    assert table["game"].tolist() == [f"imark:s={s}:d={d}" for s in (2, 3) for d in range(2, 6)]
    for _, row in table.iterrows():
        s, d = (int(x) for x in row["game"].removeprefix("imark:s=").split(":d="))
        if (s, d) in ((2, 2), (2, 4), (3, 3)):
            assert row["published"] == "not listed"
            continue
        verdict = cli("verify", "imark-conjecture4", "--s", str(s), "--d", str(d), "--to", "1999")
        failed = "imark-conjecture4 (Friman-Nivasch, Conjecture 4 (both of its sentences)): counterexample" in row["published_detail"]
        assert failed == (not verdict["holds"]), row["published_detail"]
