"""The results the library returns, as typed, immutable records.

Nothing here computes: each record is built from what the native module returned.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple, Union

from . import _html

Position = Union[int, Tuple[int, ...]]


@dataclass(frozen=True)
class MisereCanonical:
    """The misère canonical form of a position (``Game.misere_canonical``) and what CGSuite
    says of it.

    >>> import grundy
    >>> grundy.Game("kayles").misere_canonical(6)
    MisereCanonical(form='*[3]', birthday=3, genus='3^{31}', genus_cgsuite='3', tame=True)
    """

    #: The canonical form in CGSuite's notation (``*[2#]`` is the game whose only option is *2);
    #: None when it is longer than 100,000 characters (the DAG behind it can be far smaller).
    form: Optional[str]
    #: The height of the canonical game tree.
    birthday: int
    #: G+, the normal-play Grundy value.
    nim_value: int = field(repr=False)
    #: G-, the misère Grundy value (0 exactly at misère P-positions).
    misere_value: int = field(repr=False)
    #: Conway's genus in the notation of ``grundy seq --genus`` (``0^{120}``).
    genus: str
    #: The genus as CGSuite prints it (a Nim heap as its size, a tame game as ``g^γ0``).
    genus_cgsuite: str
    #: CGSuite's phylum (Dan Hoey's classification): ``"nim heap"``, ``"hereditarily tame"``, ...
    phylum: str = field(repr=False)
    #: CGSuite's ``IsTame``: the canonical form is hereditarily tame.
    tame: bool


@dataclass(frozen=True)
class Evaluation:
    """What is known of a position: its outcome always, its value when it can be computed.

    >>> import grundy
    >>> grundy.Game("nim").evaluate((3, 5, 6))
    Evaluation(value=0, outcome='P', method="closed form: Bouton's theorem (nim-sum)")
    """

    value: Optional[int]
    outcome: str
    method: str
    #: In a game with cycles, a position of Smith's generalised value ``∞(K)``: the finite values
    #: ``K`` of its options (``value`` is then None; ``outcome`` is ``"N"`` when 0 is in ``K``,
    #: else ``"D"``, a draw). None for every position of finite value.
    infinite: Optional[Tuple[int, ...]] = field(default=None, repr=False)

    def __repr__(self) -> str:
        shown = f"value={self.value!r}, outcome={self.outcome!r}, method={self.method!r}"
        if self.infinite is not None:
            shown += f", infinite={self.infinite!r}"
        return f"Evaluation({shown})"


@dataclass(frozen=True)
class Move:
    """A move: where it goes, that position's value (None where only its outcome is known, or
    where it is infinite in a game with cycles), whether it wins (it reaches a P-position), what
    it does, in words, and the outcome of where it goes (``"D"``: the move keeps a draw)."""

    to: Position
    value: Optional[int]
    winning: bool
    description: str
    outcome: str = field(default="", repr=False)


class Moves(List[Move]):
    """The moves of a position, in the game's order. ``complete`` is False when the options
    could not all be valued and only the winning moves the game's theory gives are listed
    (``why`` says what was out of reach)."""

    complete: bool
    why: Optional[str]

    def __init__(self, moves: List[Move], complete: bool, why: Optional[str]) -> None:
        super().__init__(moves)
        self.complete = complete
        self.why = why

    @property
    def winning(self) -> List[Move]:
        """The winning moves."""
        return [m for m in self if m.winning]


@dataclass(frozen=True)
class Hint:
    """A winning move and why it wins, in the words of the game's theory where it has some."""

    to: Position
    description: str
    why: str


@dataclass(frozen=True)
class GapStats:
    """Where one value occurs in a sequence: how often, first and last, and the largest gap
    between consecutive occurrences (from ``max_gap_from`` to ``max_gap_from + max_gap``)."""

    value: int
    count: int
    first: int
    last: int
    max_gap: Optional[int]
    max_gap_from: Optional[int]


@dataclass(frozen=True)
class Periodicity:
    """``a(n + period) = a(n) + saltus`` for every ``n >= preperiod`` in the range (saltus 0:
    an ordinary period)."""

    period: int
    preperiod: int
    saltus: int


@dataclass(frozen=True)
class Analysis:
    """The analysis of a sequence ``a(frm), ..., a(frm + len - 1)``.

    ``proven`` says whether the game's theory proves the periodicity seen (``proof`` says how);
    otherwise the periodicity is only observed in the range. ``records`` lists the first 1024
    records (``records_total`` counts them all), ``counts`` and ``gaps`` the 1024 smallest
    values (``all_values_listed`` is false when there are more).
    """

    game: str
    position: str
    name: Optional[str]
    frm: int
    len: int
    max: Optional[int]
    records: List[Tuple[int, int]]
    counts: List[Tuple[int, int]]
    gaps: List[GapStats]
    periodicity: Optional[Periodicity]
    proven: bool
    proof: Optional[str]
    palindrome: bool
    records_total: int = 0
    all_values_listed: bool = True

    @classmethod
    def _from_native(cls, d: Dict[str, Any]) -> "Analysis":
        p = d.pop("periodicity")
        gaps = [GapStats(**g) for g in d.pop("gaps")]
        return cls(
            periodicity=Periodicity(*p) if p is not None else None,
            gaps=gaps,
            **d,
        )

    def _repr_html_(self) -> str:
        return _html.analysis(self)


@dataclass(frozen=True)
class Verdict:
    """A claim checked against brute force up to ``checked_to``: it ``holds``, or the first
    ``counterexample`` is given; ``notes`` carry evidence lines."""

    claim: str
    statement: str
    source: str
    range: str
    params: Dict[str, str]
    checked_to: int
    holds: bool
    counterexample: Optional[str]
    cases: int
    notes: List[str]

    def _repr_html_(self) -> str:
        return _html.verdict(self)


@dataclass(frozen=True)
class Claim:
    """A statement ``grundy.verify`` checks: its parameters are (name, meaning and default)."""

    name: str
    statement: str
    source: str
    range: str
    params: List[Tuple[str, str]]


@dataclass(frozen=True)
class Family:
    """A game family: the name before the first ``:`` of a spec, its keys, a line of help."""

    name: str
    keys: List[str]
    summary: str


@dataclass(frozen=True)
class SumComponent:
    """One component of a sum, valued by its own game's engine or theory."""

    game: str
    position: Position
    value: int
    method: str


@dataclass(frozen=True)
class SumMove:
    """A winning move of a sum: a move in component ``component`` (0-based) to ``to``."""

    component: int
    to: Position
    value: int
    description: str


@dataclass(frozen=True)
class SumResult:
    """A disjunctive sum: its value is the nim-sum of the components' values. ``unlisted``
    names the components with too many moves to search for winning ones."""

    value: int
    outcome: str
    components: List[SumComponent]
    winning_moves: List[SumMove]
    unlisted: List[int]


@dataclass(frozen=True)
class GapsResult:
    """Gap statistics between equal values for every position up to ``to``."""

    game: str
    to: int
    gaps: List[GapStats]
    engine: str

    def _repr_html_(self) -> str:
        return _html.gaps_result(self)


@dataclass(frozen=True)
class Counts:
    """A counting sequence of Nim Fractals (``sequence`` is its name in the paper, e.g.
    ``a_3``); ``values[i]`` is the term at ``frm + i``."""

    sequence: str
    meaning: str
    oeis: Optional[str]
    piles: int
    by: str
    exact: bool
    frm: int
    to: int
    values: List[int]


@dataclass(frozen=True)
class GBase:
    """The g-base ``B_f`` of a takeaway game and ``g0`` of each member up to ``to``; when the
    base goes on past ``to``, ``next`` is its next member."""

    game: str
    to: int
    base: List[int]
    g0: List[int]
    finite: bool
    next: Optional[int]
