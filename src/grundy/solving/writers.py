"""The one JSON writer and the one text writer of an answer of ``grundy solve``: a
:class:`~grundy.solving.solve.Solution` (a position, a sum of any size, misère play) or an
:class:`~grundy.theory.every.EveryAnswer` (``--every``: data from the theory, written here). The
command line (one position, ``--batch``, ``--every``), the web API (``/api/solve``) and the
notebook all print through them (the notebook's HTML from :func:`summary`, the same fields).

>>> from grundy import load_game, solve
>>> answer = solve(load_game("nim"), (3, 4, 5))
>>> answer_json(answer)["winning_moves"]
[{'move': 'heap 1: take 2: 3 → 1', 'to': '1 4 5', 'part': 1, 'part_from': '3', 'part_to': '1'}]
>>> print("\\n".join(text_lines(answer)[:3]))
nim  3 4 5
  outcome:  N-position, first player (to move) wins
  grundy:   2

The JSON is written in pieces (:func:`json_chunks`, :func:`json_bytes`), the winning moves a chunk
at a time, so the answer for a million heaps streams in memory linear in one chunk; a winning
move's object is written in one place (:func:`move_text`), and the moves of a sum answered in bulk
(:class:`~grundy.solving.bulk.HeapMoves`) are written by the text of that object, column by column.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from grundy.model.game import Game, Move, Position, laws_of
from grundy.model.record import FrozenRecord

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing at start-up)
if TYPE_CHECKING:
    from typing import Any

    from grundy.model.reason import Reason

SHORT_POSITION = 100
"""JSON gives each winning move's whole resulting position (``"to"``) only for positions of at most
this many parts; larger ones give the part moved (``"part"``, ``"part_from"``, ``"part_to"``)."""

SHOWN_MOVES = 50
"""Winning moves written as text (the JSON lists them all)."""

CHUNK = 10_000
"""Winning moves written per piece of JSON."""

VERDICTS = {"N": "first player (to move) wins", "P": "second player wins",
            "D": "a draw: neither player can force a win"}
"""The words after the outcome."""


def answer_json(answer: Any, *, reason: str | None = None, conjectures: Sequence[str] = (),
                steps: Sequence[str] | None = None) -> dict[str, Any]:
    """The JSON object of ``answer`` (``grundy solve --json``, each line of ``--batch --json``,
    ``/api/solve``): ``reason`` in place of the English one (the keys and ``why`` stay),
    ``conjectures`` the conjectured patterns used (``status: "conjecture"``), ``steps`` the lines
    of ``--explain``.

    >>> from grundy import load_game, solve
    >>> list(answer_json(solve(load_game("nim"), (1, 1)), conjectures=["p"]))[-3:]
    ['why', 'status', 'conjectures']
    """
    data = _fields(answer, reason, conjectures, steps)
    if "winning_moves" in data and not isinstance(data["winning_moves"], list):
        data["winning_moves"] = list(_moves_json(answer))
    return data


def json_chunks(answer: Any, chunk: int = CHUNK, **extras: Any) -> Iterator[str]:
    """:func:`answer_json` as JSON text in pieces, the winning moves ``chunk`` at a time (memory
    stays bounded however many there are); ``extras`` as for :func:`answer_json`.

    >>> import json
    >>> from grundy import load_game, solve
    >>> big = solve(load_game("nim"), tuple(range(1, 300)) + (1000,))  # moves give their part only
    >>> json.loads("".join(json_chunks(big, chunk=7))) == answer_json(big)
    True
    """
    for piece in _pieces(answer, chunk, extras):
        yield piece if isinstance(piece, str) else piece.decode("utf-8")


def json_bytes(answer: Any, chunk: int = CHUNK, errors: str = "strict", **extras: Any) -> Iterator[bytes]:
    """:func:`json_chunks` encoded in UTF-8 (``errors`` as in :meth:`str.encode`)."""
    for piece in _pieces(answer, chunk, extras):
        yield piece.encode("utf-8", errors) if isinstance(piece, str) else piece


def _pieces(answer: Any, chunk: int, extras: dict[str, Any]) -> Iterator[str | bytes]:
    """The JSON text: runs of plain fields each dumped as an object of its own (its braces cut
    off: the text json.dumps writes), and between them the fields written in pieces — the winning
    moves of a :class:`Solution`, and the position of heaps answered in bulk, from its array."""
    from grundy.model.textio import json_text

    data = _fields(answer, extras.get("reason"), extras.get("conjectures", ()), extras.get("steps"),
                   stream=True)
    streamed: dict[str, Callable[[], Iterator[str | bytes]]] = {}
    if "winning_moves" in data and not isinstance(data["winning_moves"], list):
        streamed["winning_moves"] = lambda: _moves_array(answer, chunk)
    if data.get("position", "") is None:  # (heaps answered in bulk: the text from the array)
        position = _bulk_position(answer)
        if position is None:
            data["position"] = answer.position_text
        else:
            streamed["position"] = lambda: iter((position,))
    if not streamed:
        yield json_text(data, ensure_ascii=False)
        return
    run: dict[str, Any] = {}
    sep = "{"
    for key, value in [*data.items(), ("", None)]:
        if key and key not in streamed:
            run[key] = value
            continue
        if run:
            yield sep + json_text(run, ensure_ascii=False)[1:-1]
            sep, run = ", ", {}
        if key:
            from json.encoder import encode_basestring as _quote

            yield sep + _quote(key) + ": "
            yield from streamed[key]()
            sep = ", "
    yield "}"


def _moves_array(answer: Any, chunk: int) -> Iterator[str | bytes]:
    yield "["
    first = True
    for piece in _move_pieces(answer, chunk):
        if not first:
            yield ", "
        yield piece
        first = False
    yield "]"


def _bulk_position(answer: Any) -> bytes | None:
    """The position of heaps answered in bulk as a JSON string, built from the array."""
    if answer.kind != "position" or answer.heaps is None:
        return None
    from json.encoder import encode_basestring as _quote

    from grundy.solving.bulk import heaps_json

    return heaps_json(answer.game, answer.heaps, _quote)


def _fields(answer: Any, reason: str | None, conjectures: Sequence[str],
            steps: Sequence[str] | None, stream: bool = False) -> dict[str, Any]:
    """The object's fields, the winning moves of a :class:`Solution` left lazy (an iterator);
    ``stream``: the position of heaps answered in bulk left ``None`` too (written from the array)."""
    data = _every_fields(answer) if answer.kind == "every" else _solution_fields(answer, stream)
    if reason is not None:
        data["reason"] = reason
    if conjectures:
        data["status"], data["conjectures"] = "conjecture", list(conjectures)
    if steps is not None:
        data["explanation"] = list(steps)
    return data


def _solution_fields(answer: Any, stream: bool) -> dict[str, Any]:
    data: dict[str, Any] = {
        "game": answer.game.spec,
        "position": None if stream and answer.heaps is not None else answer.position_text,
        "misere": answer.misere,
        "outcome": answer.outcome.value,
        "winner": answer.outcome.winner,
        "grundy": answer.grundy,
        "winning_moves": iter(()),  # (written by _moves_json or _move_pieces)
        "winning_moves_complete": answer.moves_listed,
        "reason": answer.reason,
        "why": answer.why.to_json(),
    }
    if answer.remoteness is not None:
        data["remoteness"] = answer.remoteness
    if answer.note:
        data["note"] = answer.note
    return data


def move_text(move: Move, fmt: Callable[[Position], str],
              parts: Sequence[tuple[Game, Position]] | None, short: bool) -> str:
    """A winning move's JSON object, as text (the one place it is written; :func:`answer_json`
    reads its objects back from this text): its label, the whole position after it (``short``: the
    position has at most :data:`SHORT_POSITION` parts; ``fmt`` writes a whole position), and for a
    move in one part of a sum that part's number (from 1) and the part before and after.

    >>> from grundy import load_game, solve
    >>> answer = solve(load_game("nim"), (3, 4, 5))
    >>> move_text(answer.winning_moves[0], answer.game.format_position, answer.parts, True)
    '{"move": "heap 1: take 2: 3 → 1", "to": "1 4 5", "part": 1, "part_from": "3", "part_to": "1"}'
    """
    from json.encoder import encode_basestring as _quote  # (JSON strings as json.dumps writes them, in C)

    out = '{"move": ' + _quote(move.label)
    if short:
        out += ', "to": ' + _quote(fmt(move.to))
    if move.part is not None and move.part_move is not None and parts is not None:
        part_game, part_position = parts[move.part]
        out += (f', "part": {move.part + 1}, "part_from": '
                f'{_quote(part_game.format_position(part_position))}, "part_to": '
                f'{_quote(part_game.format_position(move.part_move.to))}')
    return out + "}"


def _short(answer: Any, parts: Sequence[tuple[Game, Position]] | None) -> bool:
    """Whether the position has at most :data:`SHORT_POSITION` parts (its sum's parts, or what the
    game declares its size: a staircase's steps), so that a move's JSON gives ``"to"``."""
    if parts is not None:
        return len(parts) <= SHORT_POSITION
    size = laws_of(answer.game).size
    return size is None or size(answer.position) <= SHORT_POSITION


def _moves_json(answer: Any) -> Iterator[dict[str, Any]]:
    """The winning moves' objects, read back from their text (:func:`_move_pieces`)."""
    import json

    for piece in _move_pieces(answer, CHUNK):
        yield from json.loads(b"[" + piece + b"]" if isinstance(piece, bytes) else "[" + piece + "]")


def _move_pieces(answer: Any, chunk: int) -> Iterator[str | bytes]:
    """The winning moves as JSON objects joined by ``", "``, ``chunk`` moves a piece: each as
    :func:`move_text` writes it; the moves of a sum answered in bulk by the text of that object
    for a model move, its numbers filled in column by column."""
    import itertools

    moves = answer.winning_moves
    parts = answer.parts
    short = _short(answer, parts)
    template = None if short else _bulk_template(answer.game, moves)
    if template is not None:
        from grundy.solving.text_rows import rows

        for start in range(0, len(moves), chunk):
            yield rows(template, moves.columns(start, start + chunk))[:-2].tobytes()
        return
    fmt = answer.game.format_position
    found = iter(moves)
    while True:
        block = [move_text(m, fmt, parts, short) for m in itertools.islice(found, chunk)]
        if not block:
            return
        yield ", ".join(block)


_MARKS = (7 * 10**21 + 1, 3 * 10**21 + 3, 9 * 10**21 + 9, 6 * 10**21 + 6)
"""Numbers no text holds by chance, for a model move: the heap's number (from 1), the take, the
heap and what is left (the order of :meth:`~grundy.solving.bulk.HeapMoves.columns`)."""


def _bulk_template(game: Game, moves: Any) -> list[bytes | int] | None:
    """The pieces of a bulk move's JSON object followed by ``", "`` (numbers ``k`` for column
    ``k``), from :func:`move_text` of a model move with the numbers :data:`_MARKS`; ``None`` for
    moves that are not in bulk, or a game whose text does not hold each number as written."""
    from grundy.solving.bulk import HeapMoves

    if not isinstance(moves, HeapMoves) or not len(moves):
        return None
    import re

    number, take, heap, _ = _MARKS
    model = HeapMoves.move(game, None, number - 1, heap, take)
    parts: Any = {number - 1: (game, (heap,))}  # (the one part the model move reads)
    text = move_text(model, game.format_position, parts, False) + ", "
    pieces: list[bytes | int] = []
    marks = [str(m) for m in _MARKS]
    for k, piece in enumerate(re.split("(" + "|".join(marks) + ")", text)):
        pieces.append(marks.index(piece) if k % 2 else piece.encode("utf-8"))
    if any(b"\0" in p for p in pieces if isinstance(p, bytes)) or not {0, 1, 2, 3} <= set(pieces):
        return None
    return pieces


# ---- text --------------------------------------------------------------------------------------

def text_lines(answer: Any, lang: Any = None, heading: Callable[[str], str] = str,
               shown: int = SHOWN_MOVES) -> list[str]:
    """The answer as ``grundy solve`` writes it (in ``lang``, a
    :class:`~grundy.model.language.Language`; English by default), at most ``shown`` winning
    moves; ``heading`` marks the words a terminal shows in bold."""
    from grundy.model.language import ENGLISH

    t = lang or ENGLISH
    if answer.kind == "every":
        return _every_lines(answer, t, heading, shown)
    s = summary(answer, shown)
    return [*_heading_lines(s, t, heading), *_move_lines(s, t), *_why_lines(s, t)]


def value_line(outcome: Any, value: int | str | None) -> str:
    """One line of ``grundy solve --batch``: the outcome and the Grundy value (``-``: none).

    >>> from grundy.model.game import Outcome
    >>> value_line(Outcome.N, 2), value_line(Outcome.P, None)
    ('N 2', 'P -')
    """
    from grundy.model.textio import int_text

    return f"{outcome.value} {'-' if value is None else int_text(value) if isinstance(value, int) else value}"


class Summary(FrozenRecord):
    """What the text of an answer shows, as data (:func:`summary`): the text writer
    (:func:`text_lines`) and the notebook's HTML (:func:`grundy.model.html.solution_html`) both
    render it, so they say the same things."""

    spec: str
    position: str
    """The position as shown (a long one cut, with the count of its parts)."""
    misere: bool
    outcome: str
    """``"N"``, ``"P"`` or ``"D"``."""
    verdict: str
    """Who wins, in words (:data:`VERDICTS`)."""
    grundy: str
    """The Grundy value as written (``"—"``: none)."""
    note: str | None
    """Why something is missing (in misère play, without the note every misère answer has)."""
    listed: bool
    """Whether the winning moves are all listed."""
    count: int
    """How many winning moves there are (or are listed)."""
    moves: tuple[tuple[str, str | None], ...]
    """The first winning moves shown: label and the position after it (``None`` where the
    position is too long to repeat: the label names the part)."""
    why: Reason
    remoteness: int | None

    _fields = ("spec", "position", "misere", "outcome", "verdict", "grundy", "note", "listed", "count",
               "moves", "why", "remoteness")

    def __init__(self, spec: str, position: str, misere: bool, outcome: str, verdict: str, grundy: str,
                 note: str | None, listed: bool, count: int, moves: tuple[tuple[str, str | None], ...],
                 why: Reason, remoteness: int | None) -> None:
        self._init(spec, position, misere, outcome, verdict, grundy, note, listed, count, moves, why,
                   remoteness)

    @property
    def more(self) -> int:
        """Winning moves not shown."""
        return self.count - len(self.moves)


def summary(answer: Any, shown: int = SHOWN_MOVES) -> Summary:
    """What the text of ``answer`` (a :class:`~grundy.solving.solve.Solution`) shows, as data,
    with at most ``shown`` winning moves.

    >>> from grundy import load_game, solve
    >>> s = summary(solve(load_game("nim"), (3, 4, 5)))
    >>> s.outcome, s.verdict, s.grundy, s.moves
    ('N', 'first player (to move) wins', '2', (('heap 1: take 2: 3 → 1', '1 4 5'),))
    """
    from grundy.model.textio import int_text

    parts = answer.parts
    position, whole = answer.position_prefix(2000)
    if not whole:
        position = f"{position[:60]} …" + (f" ({len(parts):,} parts)" if parts else "")
    note = answer.note
    if answer.misere and note:  # (every misère answer says that values do not decide it: not repeated)
        from grundy.theory.misere import MISERE_NOTE

        note = note.removeprefix(MISERE_NOTE).removeprefix("; ") or None
    grundy: Any = answer.grundy  # (an int, or the text of a loopy value)
    moves = answer.winning_moves
    fmt = answer.game.format_position
    long_parts = parts is not None and len(parts) > SHORT_POSITION
    shown_moves = tuple(
        (move.label, None if (long_parts and move.part_move is not None) or (parts is None and not whole)
         else fmt(move.to)) for move in moves[:shown])
    return Summary(answer.game.spec, position, answer.misere, answer.outcome.value,
                   VERDICTS[answer.outcome.value], "—" if grundy is None else int_text(grundy), note,
                   answer.moves_listed, len(moves), shown_moves, answer.why, answer.remoteness)


def _heading_lines(s: Summary, t: Any, heading: Callable[[str], str]) -> list[str]:
    note = s.note
    return [heading(s.spec) + f"  {s.position}" + (t("  (misère)") if s.misere else ""),
            t("  outcome:  {o}, {verdict}", o=heading(t(s.outcome + "-position")),
              verdict=t(s.verdict)),
            t("  grundy:   {value}", value=s.grundy)
            + (t("  ({note})", note=t.sentence(note)) if note else "")]


def _move_lines(s: Summary, t: Any) -> list[str]:
    if not s.count:
        return [t("  winning moves: not listed (too many; see the note above)") if not s.listed
                else t("  winning moves: none")]
    out = [t("  winning moves ({n}):", n=s.count) if s.listed else
           t("  winning moves ({n} listed, not all: see the note above):", n=s.count)]
    for label, to in s.moves:
        # (to None: the label names the part or step; the position is long)
        out.append(f"    {t.move(label)}" if to is None else f"    {t.move(label)}   ⇒  {to}")
    if s.more > 0:
        out.append(t("    … and {n} more (--json lists all)" if s.listed
                     else "    … and {n} more (--json lists them)", n=s.more))
    return out


def _why_lines(s: Summary, t: Any) -> list[str]:
    out = [t("  why:      {why}", why=t.reason(s.why))]
    if s.remoteness is not None:
        out.append(t("  moves:    {n} to the end (remoteness: the winner hurries, the loser delays)",
                     n=s.remoteness))
    return out


# ---- Every-SG ------------------------------------------------------------------------------------

def _every_fields(answer: Any) -> dict[str, Any]:
    """The JSON object of an Every-SG answer (:class:`~grundy.theory.every.EveryAnswer`)."""
    components = answer.components

    def fmt(index: int, position: Position) -> str:
        return str(components[index][0].format_position(position))

    data: dict[str, Any] = {
        "mode": "every",
        "components": [{"game": g.spec, "position": g.format_position(p), "suspense": s}
                       for (g, p), s in zip(components, answer.suspense, strict=True)],
        "outcome": answer.outcome.value,
        "winner": answer.outcome.winner,
        "suspense": list(answer.suspense),
        "winning_moves": [
            {"moves": [None if m is None else m.label for m in combined],
             "to": [fmt(i, p if m is None else m.to)
                    for i, ((_, p), m) in enumerate(zip(components, combined, strict=True))]}
            for combined in answer.winning_moves],
        "winning_moves_complete": answer.winning_moves_complete,
        "reason": answer.reason,
        "why": answer.why.to_json(),
    }
    if answer.note:
        data["note"] = answer.note
    return data


def _every_lines(answer: Any, t: Any, heading: Callable[[str], str], shown: int) -> list[str]:
    """``grundy solve --every`` as text (:func:`_every_english`), in ``t``'s language."""
    lines = _every_english(answer, heading, shown)
    if t.english:
        return lines
    # the fixed words by their shapes, the moves' labels, the reason from its facts
    why = f"  why:      {answer.reason}"
    return [t("  why:      {why}", why=t.reason(answer.why)) if line == why else
            " | ".join(map(t.move, line.split(" | "))) if line.startswith("    ") else
            t.sentence(line) for line in lines]


def _every_english(answer: Any, heading: Callable[[str], str], shown: int) -> list[str]:
    """The English lines of an Every-SG answer (at most ``shown`` winning moves)."""
    parts = answer.components
    written = [f"{g.spec} {g.format_position(p)}" for g, p in parts]
    out = [heading("Every-SG") + "  " + " + ".join(written),
           f"  outcome:  {heading(answer.outcome.value + '-position')}, {VERDICTS[answer.outcome.value]}",
           "  suspense: " + ", ".join(f"{w}: {s}" for w, s in zip(written, answer.suspense, strict=True))]
    moves = answer.winning_moves
    if moves:
        count = f"{len(moves)}" if answer.winning_moves_complete else "one shown"
        out.append(f"  winning moves ({count}; one move in every component that has one):")
        for combined in moves[:shown]:
            labels = " | ".join("—" if m is None else m.label for m in combined)
            to = " + ".join(f"{g.spec} {g.format_position(p if m is None else m.to)}"
                            for (g, p), m in zip(parts, combined, strict=True))
            out.append(f"    {labels}   ⇒  {to}")
        if len(moves) > shown:
            out.append(f"    … and {len(moves) - shown} more (--json lists all)")
    else:
        out.append("  winning moves: none")
    if answer.note:
        out.append(f"  note:     {answer.note}")
    out.append(f"  why:      {answer.reason}")
    return out
