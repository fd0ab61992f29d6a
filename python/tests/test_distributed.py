"""The board search spread over a Dask cluster (``Game.value(..., client=...)``) gives the value of
the search in one process, on Cram, Node-Kayles and Sprouts, with 2 and 3 workers; with a
database, the workers' growth is merged into it."""

import pytest

import grundy

distributed = pytest.importorskip("distributed")

CASES = [
    ("cram:3x5", "...../...../....."),
    ("cram:4x5", "...../...../...../....#"),
    ("node-kayles:graph=petersen", "0,1,2,3,4,5,6,7,8,9"),
    ("node-kayles:graph=path:9", "0,1,2,3,4,5,6,7,8"),
    ("sprouts", "3"),
]


@pytest.mark.parametrize("workers", [2, 3])
def test_the_distributed_value_is_the_one_process_value(workers, tmp_path):
    with distributed.LocalCluster(
        n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        for spec, position in CASES:
            game = grundy.Game(spec)
            assert game.value(position, client=client) == game.value(position), spec
        # With a database: grown by the workers, merged here, and read back in one process.
        db = str(tmp_path / "cram.db")
        # 31 empty cells of a 4x8 box: searched (the endgame tables hold the regions of at most
        # 20 cells and of the 3x7, 3x8, 4x6, 4x7 and 5x5 boxes).
        game, position = grundy.Game("cram:4x8"), "......../......../......../.......#"
        assert game.value(position, client=client, db=db) == game.value(position)
        info = grundy.db_info(db)
        assert info["game"] == "cram regions" and info["parts"] > 0
        assert game.value(position, db=db) == game.value(position)
        # A second distributed run starts from the grown database and finds the same value.
        assert game.value(position, client=client, db=db) == game.value(position)
        assert grundy.db_info(db)["parts"] >= info["parts"]


def test_merged_databases_and_refusals(tmp_path):
    class OneWorker:
        def scheduler_info(self):
            return {"workers": {"w": {}}}

    with pytest.raises(ValueError, match="misère"):
        grundy.Game("cram:3x3", misere=True).value(".../.../...", client=OneWorker())
    foreign = tmp_path / "foreign.db"
    foreign.write_text("not a database")
    with pytest.raises(ValueError, match="not a database"):
        grundy.Game("cram:3x4").value("..../..../...#", db=str(foreign))
    assert foreign.read_text() == "not a database"
    a, b, out = (str(tmp_path / n) for n in ("a.db", "b.db", "out.db"))
    grundy.Game("cram:4x8").value("......../......../......../.......#", db=a)
    grundy.Game("cram:4x8").value("#......./......../......../........", db=b)
    merged = grundy.db_merge(out, a, b)
    assert merged["parts"] >= max(grundy.db_info(a)["parts"], grundy.db_info(b)["parts"])
    other = str(tmp_path / "kayles.db")
    grundy.Game("node-kayles:graph=petersen").value("0,1,2,3,4,5,6,7,8,9", db=other)
    with pytest.raises(ValueError, match="holds the parts of 'cram regions'"):
        grundy.db_merge(out, other)
