"""The package answers as the command line does, for every game family (the CLI binary is run
and its JSON read)."""

import os
import tempfile

import grundy
import numpy as np
import pytest

# A digraph for the digraph family: vertex v moves to v - 1 and v - 3 (subtraction {1, 3} as a
# graph), plus a named part with a cycle and a draw.
DIGRAPH = os.path.join(tempfile.mkdtemp(prefix="grundy-py-"), "g.txt")
with open(DIGRAPH, "w") as f:
    for v in range(1, 301):
        f.write(f"{v} {v - 1}\n" + (f"{v} {v - 3}\n" if v >= 3 else ""))
LOOPY = os.path.join(os.path.dirname(DIGRAPH), "loopy.txt")
with open(LOOPY, "w") as f:
    f.write("a b\nb c\nc a\nc d\ne e\ne a\n")

# (spec, position template, from, to): every family of grundy.families(), on several templates.
SEQUENCES = [
    ("nim", "3,_", 0, 40),
    ("nim", "1,2,_", 0, 40),
    ("subtraction:s=1,3,4", "_", 0, 300),
    ("subtraction:s=2,5,7,11", "_", 1000, 1300),
    ("takeaway:f=2*k", "_,3", 0, 60),
    ("takeaway:f=k", "7,_", 1, 30),
    ("imark:s=1:d=2,3", "_", 0, 500),
    ("imark:s=1,2:d=4", "_", 0, 300),
    ("sd:s=1:d=2:round=floor", "_", 0, 300),
    ("sd:s=1,2:d=3:round=ceil", "_", 0, 300),
    ("mark", "_", 0, 300),
    ("upmark", "_", 0, 300),
    ("mark-t:t=3", "_", 0, 300),
    ("kupin:s=1:d=2", "_", 1, 300),
    ("sharing-nim", "0,0,_", 0, 489),
    ("sharing-nim", "0,3,_", 0, 200),
    ("sharing-nim", "0,1,2,_", 0, 14),
    ("graph-nim:edges=0>1,1>2,2-0", "1,0,_", 0, 14),
    ("octal:0.137", "_", 0, 300),
    ("octal:4.7", "_", 0, 300),
    ("hex:0.F8", "_", 0, 300),
    ("grundy-game", "_", 0, 300),
    ("kayles", "_", 0, 300),
    ("dawson-kayles", "_", 0, 300),
    ("dawson-chess", "_", 0, 300),
    ("double-kayles", "_", 0, 300),
    ("kayles", "3,_", 0, 100),
    ("digraph:file=" + DIGRAPH, "_", 0, 300),
    ("wythoff", "3,_", 0, 300),
    ("wythoff", "_,10", 0, 100),
    ("tbreak:0.G", "_", 0, 300),
    ("tbreak:4!.0", "_", 0, 300),
    ("allbut:s=2,3,7", "_", 0, 300),
    ("moore:k=2", "1,2,_", 0, 12),
    ("lasker", "_", 0, 300),
    ("lasker", "3,_", 0, 100),
    ("euclid", "7,_", 0, 300),
    # Green Hackenbush: a position lists the edges left, and `_` is one of them.
    ("hackenbush:stalks=3,5", "0,_", 1, 7),
    ("hackenbush:edges=0-1,1-2,2-0,2-3,3-3", "1,_", 2, 4),
    ("turning-turtles", "_", 1, 300),
    ("turning-turtles", "3,_", 4, 100),
    ("mock-turtles", "_", 0, 300),
    ("ruler", "_", 1, 300),
    ("ruler", "2,_", 3, 100),
    ("turning-corners", "_,5", 0, 300),
    ("turning-corners", "3,4,_,7", 0, 100),
    ("tartan:rulerxmock-turtles", "_,3", 1, 300),
    ("staircase", "3,_,5", 0, 300),
    ("staircase", "_,4", 0, 300),
    ("northcott", "1,_,2,9", 3, 300),
    ("fibonacci-nim", "_", 0, 300),
    ("fibonacci-nim", "40,_", 0, 100),
    ("chomp:3x4", "3,_,0,0", 0, 3),
    # Graphs: a position lists the vertices left, and `_` is one of them.
    ("node-kayles:graph=path:6", "0,_", 1, 5),
    ("arc-kayles:graph=cycle:6", "2,_", 3, 5),
    # Nimstring: a position lists the strings left (one string alone: never loony).
    ("nimstring:strings=0-a,a-b,b-0,b-c,c-0", "_", 0, 4),
]

# (spec, position template): families whose positions are text with no number for `_` to stand
# for (a Cram board), refused alike.
REFUSED = [
    ("cram:2x3", "_,0"),
    ("sprouts", "_,0"),
    ("xonly", "_,0"),
    ("notakto", "_,0"),
    ("dots:1x2", "_,0"),
]


def test_every_family_is_covered():
    covered = {spec.split(":")[0] for spec, *_ in SEQUENCES + REFUSED}
    assert covered == {f.name for f in grundy.families()}


@pytest.mark.parametrize("spec,template,frm,to", SEQUENCES)
def test_sequences_equal_the_cli(cli, spec, template, frm, to):
    expected = cli("seq", spec, template, "--from", str(frm), "--to", str(to))["values"]
    got = grundy.Game(spec).seq(to, frm=frm, position=template)
    assert got.tolist() == expected
    assert got.frm == frm and len(got) == to - frm + 1
    assert got.dtype == np.uint8 if max(expected) < 256 else got.dtype == np.uint16


@pytest.mark.parametrize("spec,template", REFUSED)
def test_templates_are_refused_as_the_cli_refuses_them(cli, spec, template):
    with pytest.raises(ValueError) as refused:
        grundy.Game(spec).seq(3, position=template)
    assert str(refused.value) == cli.error("seq", spec, template, "--to", "3")


def test_sequences_without_a_position_equal_the_cli(cli):
    # takeaway: g(N) from N = 1, the sequence its theory singles out
    expected = cli("seq", "takeaway:f=2*k", "--to", "100")
    got = grundy.Game("takeaway:f=2*k").seq(100)
    assert got.tolist() == expected["values"] and got.frm == expected["from"] == 1
    assert got.name == expected["sequence"]


@pytest.mark.parametrize(
    "spec,position",
    [
        ("nim", "3,5,7"),
        ("subtraction:s=2,5,7", "10^18"),
        ("takeaway:f=2*k", "10^18,3"),
        ("takeaway:f=2*k", "20,3"),
        ("imark:s=1:d=2,3", "12"),
        ("kupin:s=1:d=2", "40"),
        ("sharing-nim", "3,8,20"),
        ("sharing-nim", "3,8,2*10^10"),
        ("graph-nim:edges=0>1,1>2,2-0", "5,0,9"),
        ("digraph:file=" + LOOPY, "c"),
        ("wythoff", "3,5"),
        ("wythoff", "1000000000000,1618033988750"),
        ("allbut:s=2,3,7", "40"),
        ("digraph:file=" + LOOPY, "a,e"),
    ],
)
def test_values_and_moves_equal_the_cli(cli, spec, position):
    game = grundy.Game(spec)
    if spec == "sharing-nim" and position == "3,8,2*10^10":
        # beyond the table and the closed forms of values 0 and 1: refused by both
        with pytest.raises(grundy.TooLarge) as refused:
            game.evaluate(position)
        assert str(refused.value) == cli.error("value", spec, position)
    else:
        value = cli("value", spec, position)
        evaluation = game.evaluate(position)
        assert (evaluation.value, evaluation.outcome, evaluation.method) == (
            value["value"],
            value["outcome"],
            value["method"],
        )
        finite = value.get("finite_options")
        assert evaluation.infinite == (None if finite is None else tuple(finite))
    moves = cli("moves", spec, position)
    got = game.moves(position)
    assert got.complete == moves["complete"]
    assert [(list(m.to) if isinstance(m.to, tuple) else [m.to], m.value, m.winning, m.description) for m in got] == [
        (m["to"], m["value"], m["winning"], m["description"]) for m in moves["moves"]
    ]


@pytest.mark.parametrize(
    "spec,template,top",
    [
        ("nim", "_,_,5", 8),
        ("sharing-nim", "0,_,_", 16),
        ("takeaway:f=k", "_,_", 8),
        ("sharing-nim", "0,1,_,_", 6),
        ("wythoff", "_,_", 30),
    ],
)
def test_tables_equal_the_cli(cli, spec, template, top):
    cells = cli("table", spec, template, "--max", str(top))["cells"]
    table = grundy.Game(spec).table(top, template)
    blanks = [i for i, c in enumerate(template.split(",")) if c == "_"]
    shown = set()
    for cell in cells:
        i = int(np.searchsorted(table.rows, cell["position"][blanks[0]]))
        j = int(np.searchsorted(table.cols, cell["position"][blanks[1]]))
        assert table[i, j] == cell["value"]
        shown.add((i, j))
    mask = np.ones(table.shape, bool) if table.shown is None else table.shown
    assert {(int(i), int(j)) for i, j in zip(*np.nonzero(mask))} == shown


def test_analysis_equals_the_cli(cli):
    expected = cli("seq", "subtraction:s=2,5,7", "--to", "500", "--analyze")["analysis"]
    a = grundy.Game("subtraction:s=2,5,7").analyze(500)
    assert a.max == expected["max"]
    assert [list(r) for r in a.records] == [[r["n"], r["value"]] for r in expected["records"]]
    assert [list(c) for c in a.counts] == [[c["value"], c["count"]] for c in expected["counts"]]
    assert [g.__dict__ for g in a.gaps] == expected["gaps"]
    assert (a.periodicity.period, a.periodicity.preperiod, a.periodicity.saltus) == (
        expected["period"],
        expected["preperiod"],
        expected["saltus"],
    )
    assert (a.proven, a.proof, a.palindrome) == (expected["proven"], expected["proof"], expected["palindrome"])
    observed = grundy.Game("sharing-nim").analyze(489, position="0,0,_")
    cli_observed = cli("seq", "sharing-nim", "0,0,_", "--to", "489", "--analyze")["analysis"]
    assert observed.proven is False and cli_observed["proven"] is False
    assert observed.max == cli_observed["max"] == 12


def test_sum_equals_the_cli(cli):
    expected = cli("sum", "nim", "3,5", "subtraction:s=1,3,4", "12", "takeaway:f=2*k", "20,40")
    got = grundy.sum(("nim", (3, 5)), ("subtraction:s=1,3,4", 12), (grundy.Game("takeaway:f=2*k"), (20, 40)))
    assert (got.value, got.outcome) == (expected["value"], expected["outcome"])
    assert [(c.game, c.value, c.method) for c in got.components] == [
        (c["game"], c["value"], c["method"]) for c in expected["components"]
    ]
    to_list = lambda to: list(to) if isinstance(to, tuple) else [to]  # noqa: E731
    assert [(m.component, to_list(m.to), m.value, m.description) for m in got.winning_moves] == [
        (m["component"], m["to"], m["value"], m["description"]) for m in expected["winning_moves"]
    ]


@pytest.mark.parametrize(
    "claim,params,to",
    [("bouton", {"piles": 3}, 7), ("imark-theorem1", {"t": 2, "d": 3}, 1000), ("sharing-section6", {}, 300)],
)
def test_verdicts_equal_the_cli(cli, claim, params, to):
    args = [a for k, v in params.items() for a in (f"--{k}", str(v))]
    expected = cli("verify", claim, *args, "--to", str(to))
    got = grundy.verify(claim, to=to, **params)
    for key in ("claim", "params", "checked_to", "holds", "counterexample", "cases"):
        assert getattr(got, key) == expected[key], key
    assert got.notes == expected.get("notes", [])


def test_gaps_count_and_base_equal_the_cli(cli):
    gaps = cli("gaps", "imark:s=1:d=2,3", "--to", "10^6")
    got = grundy.gaps("imark:s=1:d=2,3", "10^6")
    assert [g.__dict__ for g in got.gaps] == gaps["gaps"] and got.engine == gaps["engine"]
    other = cli("gaps", "mark", "--to", "10^5")
    assert [g.__dict__ for g in grundy.gaps("mark", 10**5).gaps] == other["gaps"]
    count = cli("count", "nim", "--piles", "4", "--by", "total", "--exact", "--to", "40")
    got = grundy.count(4, 40, by="total", exact=True)
    assert got.values == count["values"] and got.sequence == count["sequence"]
    big = cli("count", "nim", "--piles", "10", "--by", "max", "--from", "10^18", "--to", "10^18")
    assert [str(v) for v in grundy.count(10, "10^18", frm="10^18").values] == [str(v) for v in big["values"]]
    base = cli("base", "takeaway:f=k%3+1", "--to", "100")
    got = grundy.base("takeaway:f=k%3+1", 100)
    assert (got.base, got.g0, got.finite, got.next) == (base["base"], base["g0"], base["finite"], base["next"])
