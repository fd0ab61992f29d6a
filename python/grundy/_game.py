"""``Game``: a game of the library, named by a spec string or defined by a Python function."""

from __future__ import annotations

from typing import Any, Callable, Hashable, Iterable, List, Optional, Tuple, Union

from . import _grundy, _progress
from ._arrays import Sequence, Table
from ._reports import Analysis, Evaluation, Hint, MisereCanonical, Move, Moves, Position

#: A position as the methods take it: an int (one coordinate), a tuple of ints, or a string in
#: the command line's syntax ("3,5,6", "10^6"); in a game with components (``from_options``),
#: any hashable object.
PositionLike = Union[int, Tuple[int, ...], List[int], str, Hashable]
#: A position with the varying coordinates marked: a tuple with None there, or a string with _.
Template = Union[Tuple[Optional[int], ...], List[Optional[int]], str]
#: A number: an int, or a string like "10^6" or "2^31-1".
Number = Union[int, str]

#: The most positions the memoised engine stores for a game defined by ``from_options``.
DEFAULT_MAX_POSITIONS = 10_000_000


def _name(function: Callable[..., Any], kind: str) -> str:
    return f"{kind}:{getattr(function, '__qualname__', None) or repr(function)}"


class Game:
    """An impartial game under normal play (the player who cannot move loses), or with
    ``misere=True`` under misère play (the player who makes the last move loses).

    ``Game(spec)`` takes a spec string of the command line (``grundy.families()`` lists them):

    >>> import grundy
    >>> nim = grundy.Game("nim")
    >>> nim.value((3, 5, 6))
    0
    >>> grundy.Game("subtraction:s=1,3,4").outcome(10)
    'N'

    Under misère play, ``value`` is the misère Grundy value G- of the position as one game
    (0 exactly at the P-positions), ``outcome`` the misère outcome, ``moves`` the misère
    winning moves; a spec ``misere-kayles`` is the same as ``Game("kayles", misere=True)``:

    >>> misere_nim = grundy.Game("nim", misere=True)
    >>> misere_nim.outcome((1, 1, 1)), misere_nim.outcome((1, 1))
    ('P', 'N')
    >>> grundy.Game("misere-kayles").seq(8)
    Sequence([1, 0, 2, 3, 0, 1, 3, 2, 1], dtype=uint8)

    A new game is a function giving the options of a position: see ``Game.from_options`` (any
    game, memoised search) and ``Game.heap`` (one heap, dense table). Every method computes in
    the Rust library; errors are ``ValueError`` (bad input) or ``grundy.TooLarge`` (a request
    beyond a stated limit), and Ctrl-C interrupts a long computation with ``KeyboardInterrupt``.
    """

    _native: Any

    def __init__(self, spec: str, misere: bool = False) -> None:
        self._native = _grundy.Game(spec, misere)

    @classmethod
    def _of(cls, native: Any) -> "Game":
        game = cls.__new__(cls)
        game._native = native
        return game

    @classmethod
    def from_options(
        cls,
        options: Callable[[Any], Iterable[Any]],
        *,
        name: Optional[str] = None,
        max_positions: int = DEFAULT_MAX_POSITIONS,
        misere: bool = False,
        components: Optional[Callable[[Any], Iterable[Any]]] = None,
        canonical: Optional[Callable[[Any], Any]] = None,
        bound: Optional[Callable[[Any], int]] = None,
    ) -> "Game":
        """The game whose options at ``position`` are ``options(position)``.

        Positions are ints, or tuples of ints (the first position the game is asked about
        decides which). The memoised engine solves it without recursion (a line of play of a
        million moves is fine), keeps its values between calls, reports a cycle as a
        ``ValueError`` and a game that never ends as ``grundy.TooLarge`` (after
        ``max_positions`` positions); an exception raised by ``options`` comes back with its
        traceback.

        >>> import grundy
        >>> game = grundy.Game.from_options(lambda n: [n - s for s in (1, 3, 4) if s <= n])
        >>> game.seq(13)
        Sequence([0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2], dtype=uint8)

        Positions may be tuples, e.g. Nim on two heaps where a move takes from one heap:

        >>> def two_heaps(p):
        ...     a, b = p
        ...     return [(x, b) for x in range(a)] + [(a, y) for y in range(b)]
        >>> grundy.Game.from_options(two_heaps).value((5, 3))
        6

        **Positions that split.** With ``components``, a position is valued as the disjunctive
        sum of its independent parts (Sprague-Grundy: the XOR of their values), each part on
        its own, by the library's search for one large position (outcome searches of
        ``G + *k`` with a transposition table, as for ``Game("cram:5x7")``). Positions are then
        any hashable objects (a frozenset of cells, a tuple of edges), and the keyword
        arguments are:

        - ``components(position)``: an iterable of positions, the independent parts whose sum
          is ``position`` (e.g. the connected pieces of a graph, the regions of a board). A
          part without moves may be left out. The library cannot check that the parts are
          independent: a wrong split gives wrong values.
        - ``canonical(part)``: a representative of the part, the same object for parts that
          are the same game (e.g. a region moved to the corner, or its least image under the
          board's rotations and reflections), so that the search values it once. Default: the
          part itself.
        - ``bound(part)``: an int, at least the number of moves of any play from the part
          (e.g. its number of vertices or empty cells); it bounds the part's value, and the
          search prunes with it. It must be more than the sum of ``bound`` over the components
          of each option (as the number of vertices or cells left is), which the search checks
          on every part it expands (a ``ValueError`` otherwise): so the search always ends, and
          a cycle is found at once. Bound 0 says the part has no moves (checked once; it is
          then left out of every option). Without ``bound`` the search prunes nothing, orders
          the options only by how many of their parts are not yet valued, and assumes values
          below 2^20 (checked: a part with more options asks for ``bound``).

        Any of the three (``canonical`` or ``bound`` alone: each position is one part) puts the
        game on the search, for ``value``, ``evaluate``, ``outcome``, ``moves``, ``hints`` and
        ``grundy.sum``; ``seq``, ``table`` and ``analyze`` (positions along a coordinate) and
        ``misere`` do not apply. The search calls ``options`` and ``bound`` on canonical parts
        only (``moves`` calls ``options`` on the position asked about), and keeps the options
        of each part, which it asks for once per value it tries. ``max_positions`` caps the
        objects kept (positions and parts; ``grundy.TooLarge`` beyond). Every play must end:
        without ``bound``, a game with a cycle is a ``ValueError`` once the search has asked
        for the options of one part 1024 times (a long cycle takes memory until then). The
        search's table is kept between calls, in memory only: the numbering of Python objects
        does not outlive the process, so there are no checkpoints. An exception raised by any
        of the functions comes back with its traceback, and Ctrl-C interrupts the search.

        Node-Kayles (take a vertex and its neighbours) on a grid, whose pieces are valued apart
        and up to translation:

        >>> def take(left):
        ...     return [left - {(r, c), (r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)}
        ...             for r, c in left]
        >>> def pieces(left):
        ...     left, out = set(left), []
        ...     while left:
        ...         todo = [left.pop()]
        ...         piece = set(todo)
        ...         while todo:
        ...             r, c = todo.pop()
        ...             for v in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
        ...                 if v in left:
        ...                     left.remove(v)
        ...                     piece.add(v)
        ...                     todo.append(v)
        ...         out.append(frozenset(piece))
        ...     return out
        >>> def to_corner(piece):
        ...     top, left = min(r for r, _ in piece), min(c for _, c in piece)
        ...     return frozenset((r - top, c - left) for r, c in piece)
        >>> grid = frozenset((r, c) for r in range(3) for c in range(5))
        >>> game = grundy.Game.from_options(take, components=pieces, canonical=to_corner,
        ...                                 bound=len)
        >>> built_in = grundy.Game("node-kayles:graph=grid:3x5")   # vertices 0..14 row by row
        >>> game.value(grid), built_in.value(",".join(map(str, range(15))))
        (3, 3)
        >>> [sorted(grid - m.to) for m in game.moves(grid).winning]   # the centre, alone
        [[(0, 2), (1, 1), (1, 2), (1, 3), (2, 2)]]
        """
        native = _grundy.Game.from_options(
            options,
            name or _name(options, "options"),
            max_positions,
            misere,
            components,
            canonical,
            bound,
        )
        return cls._of(native)

    @classmethod
    def heap(
        cls,
        options: Callable[[int], Iterable[int]],
        *,
        name: Optional[str] = None,
        misere: bool = False,
    ) -> "Game":
        """The one-heap game whose options at heap ``n`` are ``options(n)``, each below ``n``.

        The dense engine computes the values in increasing order into a table (kept between
        calls), with the mex taken in Rust: no recursion, and faster than a memoised Python
        function. An option not below ``n`` is a ``ValueError``. ``options`` may return any
        iterable of ints; a ``list`` or ``tuple`` of ``int`` is the fastest. The table starts
        narrow (values below 64); when a heap has more than 63 options it is computed again on a
        wide one, so ``options`` is called a second time for the heaps before that one.

        >>> import grundy
        >>> halve_or_take_one = grundy.Game.heap(lambda n: [n - 1, n // 2] if n > 1 else [0] * n)
        >>> halve_or_take_one.seq(10)
        Sequence([0, 1, 0, 2, 1, 2, 0, 1, 0, 2, 0], dtype=uint8)
        """
        return cls._of(_grundy.Game.heap(options, name or _name(options, "heap"), misere))

    @property
    def misere(self) -> bool:
        """Whether the game is played under misère play (the last player to move loses)."""
        return bool(self._native.misere)

    @property
    def spec(self) -> str:
        """The canonical spec string (for a game defined in Python, its name)."""
        return str(self._native.spec)

    @property
    def positions(self) -> str:
        """What a position of this game is, in words."""
        return str(self._native.positions)

    def value(
        self,
        position: PositionLike,
        progress: Optional[bool] = None,
        *,
        client: Any = None,
        db: Optional[str] = None,
    ) -> int:
        """The Sprague-Grundy value of ``position``. In a game with cycles (``from_options``
        whose positions repeat) this is Smith's generalised value where it is finite; a
        position of infinite value is a ``ValueError`` (``evaluate`` gives it).

        >>> import grundy
        >>> grundy.Game("subtraction:s=2,5,7").value("10^18")
        1

        A long computation shows a progress bar (``tqdm``) after a second when stderr is a
        terminal or in Jupyter; ``progress=True`` always shows one, ``False`` never.

        ``db``: a file where the board search (boards, graphs, Sprouts) keeps its database of
        solved parts, read before searching and grown after (``grundy value --db FILE``).
        ``client``: a ``dask.distributed.Client``; the questions near the root become tasks on
        its workers, each searching with its own table (and a copy of ``db``, whose growth comes
        back and is merged into it); normal play only. The value is the one of a search in one
        process; the bar counts the tasks done.
        """
        if client is not None:
            from . import _distributed

            return _distributed.value(self._native, position, client, db, progress)
        with _progress.bar(progress, "value") as update:
            return int(self._native.value(position, update, db))

    def misere_canonical(self, position: PositionLike) -> MisereCanonical:
        """The misère canonical form of ``position`` (Conway, *On Numbers and Games* ch. 12;
        the game's tree with reversible options removed, unique for misère-equal games), in
        CGSuite's notation, with its birthday, genus (Conway's and CGSuite's notation) and
        CGSuite's ``IsTame``. The play convention of the game does not matter: the form is the
        game's. Beyond 2,000,000 canonical games it is ``grundy.TooLarge``.

        >>> import grundy
        >>> five = grundy.Game("kayles").misere_canonical(5)
        >>> five.form, five.genus, five.tame
        ('*[2[2]321]', '4^{146}', False)
        """
        form, birthday, plus, minus, genus, genus_cgsuite, phylum, tame = (
            self._native.misere_canonical(position)
        )
        return MisereCanonical(
            form, birthday, plus, minus, genus, genus_cgsuite, phylum, tame
        )

    def evaluate(self, position: PositionLike, progress: Optional[bool] = None) -> Evaluation:
        """The outcome of ``position``, its value where it can be computed, and how (a progress
        bar as ``value``'s).

        >>> import grundy
        >>> grundy.Game("takeaway:f=2*k").evaluate("10^18,5").outcome
        'N'
        """
        with _progress.bar(progress, "evaluate") as update:
            value, outcome, method, infinite = self._native.evaluate(position, update)
        return Evaluation(value, outcome, method, None if infinite is None else tuple(infinite))

    def outcome(self, position: PositionLike, progress: Optional[bool] = None) -> str:
        """``"P"`` (the player to move loses), ``"N"`` (the player to move wins) or, in a game
        with cycles, ``"D"`` (a draw: with best play the game never ends).

        >>> import grundy
        >>> cycle = grundy.Game.from_options(lambda v: {0: [1], 1: [0, 2], 2: []}[v])
        >>> [cycle.outcome(v) for v in (0, 1, 2)]
        ['P', 'N', 'P']
        >>> grundy.Game.from_options(lambda v: [1 - v]).outcome(0)
        'D'

        A searched position (a board, a graph, Sprouts) is asked only whether its value is 0,
        which for an N-position takes one winning move instead of the value:

        >>> grundy.Game("sprouts").outcome("5")
        'N'
        """
        with _progress.bar(progress, "outcome") as update:
            return self._native.evaluate(position, update, True)[1]

    def moves(self, position: PositionLike) -> Moves:
        """Every move from ``position`` with the value of where it goes.

        >>> import grundy
        >>> [m.description for m in grundy.Game("nim").moves((1, 2)) if m.winning]
        ['take 1 from pile 2']
        """
        moves, complete, why = self._native.moves(position)
        return Moves([Move(*m) for m in moves], complete, why)

    def hints(self, position: PositionLike) -> List[Hint]:
        """The winning moves with the reason each wins (the ``hint`` of ``grundy play``); empty
        for a P-position.

        >>> import grundy
        >>> grundy.Game("nim").hints((3, 5, 7))[0].description
        'take 1 from pile 1'
        """
        return [Hint(*h) for h in self._native.hints(position)]

    def seq(
        self,
        to: Number,
        frm: Optional[Number] = None,
        position: Optional[Template] = None,
        progress: Optional[bool] = None,
    ) -> Sequence:
        """The values along the ``_`` (or None) of ``position`` as it runs from ``frm`` to ``to``,
        as a NumPy array of the narrowest unsigned type holding them, filled by the library
        without a copy. One-coordinate games need no ``position``; without one, a game whose
        theory singles out a sequence gives it (takeaway: g(N) from N = 1). A long computation
        shows a progress bar (see ``value``).

        >>> import grundy
        >>> grundy.Game("nim").seq(6, position=(3, None))
        Sequence([3, 2, 1, 0, 7, 6, 5], dtype=uint8)
        >>> grundy.Game("takeaway:f=2*k").seq(8).name
        'g(N), the least x for which (N, x) is a win for the player to move'
        """
        with _progress.bar(progress, "seq") as update:
            values, start, template, name = self._native.seq(to, frm, position, update)
        return Sequence._wrap(values, start, self.spec, template, name)

    def table(
        self, max: Number, position: Optional[Template] = None, progress: Optional[bool] = None
    ) -> Table:
        """The values over the two ``_`` of ``position``, each from its smallest legal value to
        ``max``, as a 2-D NumPy array (``table[i, j]``: first ``_`` at ``rows[i]``, second at
        ``cols[j]``). Two-coordinate games need no ``position``.

        >>> import grundy
        >>> t = grundy.Game("sharing-nim").table(3, (0, None, None))
        >>> print(t.masked())
        [[0 0 1 0]
         [-- 0 1 2]
         [-- -- 1 2]
         [-- -- -- 0]]
        """
        with _progress.bar(progress, "table") as update:
            native = self._native.table(max, position, update)
        values, shown, row0, col0, row_axis, col_axis, template = native
        return Table._wrap(values, shown, row0, col0, row_axis, col_axis, self.spec, template)

    def analyze(
        self,
        to: Number,
        frm: Optional[Number] = None,
        position: Optional[Template] = None,
        progress: Optional[bool] = None,
    ) -> Analysis:
        """The analysis of the sequence ``seq(to, frm, position)``: maximum, records, counts,
        gaps between equal values, periodicity (``proven`` only where the game's theory proves
        it) and palindrome.

        >>> import grundy
        >>> a = grundy.Game("subtraction:s=1,3,4").analyze(100)
        >>> a.periodicity, a.proven
        (Periodicity(period=7, preperiod=0, saltus=0), True)
        >>> grundy.Game.heap(lambda n: [n - s for s in (1, 3, 4) if s <= n]).analyze(100).proven
        False
        """
        with _progress.bar(progress, "analyze") as update:
            return Analysis._from_native(self._native.analyze(to, frm, position, update))

    def __repr__(self) -> str:
        return f"Game({self.spec!r})"


__all__ = ["Game", "PositionLike", "Template", "Number", "Position"]
