"""Structured reasons: the rule or theorem that decided an answer, with the numbers it used.

A :class:`Reason` is ``Reason(rule, facts)``: ``rule`` a stable identifier of the law applied
(``"bouton"``, ``"bash"``, ``"octal-period"``, ``"sprague-grundy-sum"``, ``"misere-quotient"``, …)
and ``facts`` the named numbers it used. The one-line text that ``grundy solve`` prints is rendered
from them by the rule's template, so text and numbers cannot disagree; a program (or a test) reads
the numbers from ``facts`` instead of parsing the sentence. A sum's reason holds its parts'
reasons among its facts.

>>> from grundy import load_game, solve
>>> answer = solve(load_game("nim"), (3, 4, 5))
>>> answer.why.rule, dict(answer.why.facts)
('bouton', {'heaps': (3, 4, 5), 'total': 2})
>>> str(answer.why) == answer.reason
True
>>> answer.why.to_json()
{'rule': 'bouton', 'facts': {'heaps': [3, 4, 5], 'total': 2}}

A template is a function of the facts, registered under its rule by :func:`template`; ``"text"``
is the rule of a reason that is only a sentence (a game of one's own whose ``explain`` returns a
string). Each rule has a Chinese template too (:mod:`grundy.model.reason_zh`, loaded when first
asked for), rendered from the same facts by :meth:`Reason.render`:

>>> print(answer.why.render("zh"))
Bouton 定理：异或和 3 ⊕ 4 ⊕ 5 = 2 ≠ 0
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from grundy.errors import GrundyError
from grundy.model.record import FrozenRecord
from grundy.model.textio import BIG_BITS, int_text

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing at start-up)
if TYPE_CHECKING:
    from typing import Any

Facts = Mapping[str, "Any"]
Template = Callable[[Facts], str]

TEMPLATES: dict[str, Template] = {}
"""The template of each rule, by rule identifier (filled by :func:`template` as modules load)."""

LANGUAGES = ("en", "zh")
"""The languages a reason is rendered in: English (:data:`TEMPLATES`) and Chinese."""

TRANSLATED: dict[str, dict[str, Template]] = {"zh": {}}
"""The templates of the other languages, by language, then by rule (a rule without one in a
language is rendered in English)."""

_TRANSLATIONS = {"zh": "grundy.model.reason_zh"}
"""The module that registers each language's templates, imported when first rendered."""

SHOWN = 8
"""Sequences of numbers in facts are cut to this many items (the text shows no more; the full
length, where it matters, is a fact of its own)."""


def template(rule: str, lang: str = "en") -> Callable[[Template], Template]:
    """Register the function that renders the text of ``rule`` from its facts (in ``lang``:
    ``"en"``, or ``"zh"`` for the Chinese template).

    >>> @template("doc-example")
    ... def _(f: Facts) -> str:
    ...     return f"{f['a']} + {f['b']} = {f['a'] + f['b']}"
    >>> str(Reason("doc-example", {"a": 1, "b": 2}))
    '1 + 2 = 3'
    """
    table = TEMPLATES if lang == "en" else TRANSLATED[lang]

    def register(render: Template) -> Template:
        old = table.get(rule)
        if old is not None and old.__qualname__ != render.__qualname__:
            raise GrundyError(f"reason rule {rule!r} has two templates")
        table[rule] = render
        return render

    return register


class Reason(FrozenRecord):
    """The rule that decided an answer and the facts it used; ``str(reason)`` is the text."""

    rule: str
    facts: Facts

    _fields = ("rule", "facts")
    __hash__ = None  # type: ignore[assignment]  # facts are a mapping

    def __init__(self, rule: str, facts: Facts) -> None:
        self._init(rule, facts)

    @property
    def text(self) -> str:
        """The sentence, rendered from :attr:`facts` by the rule's template."""
        render = TEMPLATES.get(self.rule)
        if render is None:
            raise GrundyError(f"reason rule {self.rule!r} has no template")
        return render({k: _written(v) for k, v in self.facts.items()})

    def render(self, lang: str = "en") -> str:
        """The sentence in ``lang`` (``"en"``: :attr:`text`; ``"zh"``: Chinese), from the same
        facts; a rule without a template in ``lang`` is rendered in English."""
        if lang == "en":
            return self.text
        if lang not in TRANSLATED:
            raise GrundyError(f"no reasons in the language {lang!r} (known: {', '.join(LANGUAGES)})")
        if not TRANSLATED[lang]:
            import importlib

            importlib.import_module(_TRANSLATIONS[lang])
        render = TRANSLATED[lang].get(self.rule)
        if render is None:
            return self.text
        return render({k: _written(v) for k, v in self.facts.items()})

    def __str__(self) -> str:
        return self.text

    def parts(self) -> list[Reason]:
        """The reasons held among the facts (a sum's parts' reasons), in order."""
        out: list[Reason] = []
        for value in self.facts.values():
            if isinstance(value, Reason):
                out.append(value)
            elif isinstance(value, (list, tuple)):
                out.extend(v for v in value if isinstance(v, Reason))
        return out

    def walk(self) -> list[Reason]:
        """This reason and, depth first, every reason it holds."""
        out = [self]
        for part in self.parts():
            out.extend(part.walk())
        return out

    def to_json(self) -> dict[str, Any]:
        """``{"rule": …, "facts": {…}}``: numbers as JSON numbers, nested reasons as objects."""
        return {"rule": self.rule, "facts": {k: _json(v) for k, v in self.facts.items()}}


class _BigInt(int):
    """A big int fact as a template sees it: the same number, whose text (``str``, an f-string)
    is written by :func:`~grundy.model.textio.int_text` in near-linear time."""

    __slots__ = ()

    def __str__(self) -> str:
        return int_text(int(self))

    __repr__ = __str__

    def __format__(self, spec: str) -> str:
        return int_text(int(self)) if not spec else int(self).__format__(spec)


def _written(value: Any) -> Any:
    """``value`` with each int of more than :data:`~grundy.model.textio.BIG_BITS` bits (itself,
    or an item of a tuple or list) as a :class:`_BigInt`."""
    if type(value) is int:
        return _BigInt(value) if value.bit_length() > BIG_BITS else value
    if isinstance(value, (tuple, list)) and any(type(v) is int and v.bit_length() > BIG_BITS for v in value):
        return type(value)(_written(v) for v in value)
    return value


def _json(value: Any) -> Any:
    if isinstance(value, Reason):
        return value.to_json()
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (list, tuple)):
        return [_json(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _json(v) for k, v in value.items()}
    return str(value)


def text_reason(text: str) -> Reason:
    """A reason that is only a sentence (rule ``"text"``)."""
    return Reason("text", {"text": text})


@template("text")
def _text(f: Facts) -> str:
    return str(f["text"])


def as_reason(value: Reason | str | None) -> Reason | None:
    """``value`` as a :class:`Reason` (a string becomes a ``"text"`` reason), ``None`` kept."""
    if value is None or isinstance(value, Reason):
        return value
    return text_reason(value)


def head(values: Sequence[Any], n: int = SHOWN) -> tuple[Any, ...]:
    """The first ``n`` items (what a fact keeps of a long sequence)."""
    return tuple(values[:n])


def xor_text(values: Sequence[Any], count: int, n: int = SHOWN) -> str:
    """``a ⊕ b ⊕ …``: the first ``n`` of ``count`` values, ``⊕ …`` when some are left out."""
    return " ⊕ ".join(map(str, values[:n])) + (" ⊕ …" if count > n else "")


def period_reason(spec: str, found: Any, n: int) -> Reason:
    """Rule ``"periodic"``: heap ``n`` of ``spec`` valued by the proved period ``found`` (a
    :class:`~grundy.model.periodic.Periodicity`), as the heap of the first period it repeats."""
    start, period = found.preperiod, found.period
    return Reason("periodic", {"game": spec, "period": period, "preperiod": start,
                               "proof": found.reason, "n": n,
                               "same_as": start + (n - start) % period})


@template("periodic")
def _periodic(f: Facts) -> str:
    return (f"{f['game']} is periodic with period {f['period']:,} from heap {f['preperiod']:,} "
            f"({f['proof']}), so G({f['n']}) = G({f['same_as']})")
