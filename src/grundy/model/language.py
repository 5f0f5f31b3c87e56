"""The language of the text a command prints: English, or Chinese (``grundy --lang zh``).

A :class:`Language` is a small context object passed to what renders text (it is never a global
setting): calling it with an English phrase gives the phrase in its language, its
:meth:`~Language.reason` renders a :class:`~grundy.model.reason.Reason` from the same facts, and
its :meth:`~Language.move` writes the common move labels (``heap 1: take 2: 3 → 1``). English is
the identity, so English output is exactly what it was; a phrase without a translation stays
English. JSON keys and rule identifiers never change.

>>> zh = language("zh")
>>> zh("second player wins"), ENGLISH("second player wins")
('后手必胜', 'second player wins')
>>> zh("  winning moves ({n}):", n=1), zh.move("heap 1: take 2: 3 → 1")
('  必胜走法（1 种）：', '第 1 堆：取 2：3 → 1')
>>> language_from_environment({"LANG": "zh_CN.UTF-8"}).code, language_from_environment({}).code
('zh', 'en')
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from grundy.errors import InvalidInputError

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing at start-up)
if TYPE_CHECKING:
    from typing import Any

    from grundy.model.reason import Reason


class Language:
    """The language text is written in (``code``: ``"en"`` or ``"zh"``)."""

    __slots__ = ("_phrases", "code")

    def __init__(self, code: str) -> None:
        if code not in ("en", "zh"):
            raise InvalidInputError(f"unknown language {code!r}: choose en or zh")
        self.code = code
        self._phrases: Mapping[str, str] | None = None

    def __repr__(self) -> str:
        return f"language({self.code!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Language) and other.code == self.code

    def __hash__(self) -> int:
        return hash(self.code)

    @property
    def english(self) -> bool:
        return self.code == "en"

    def __call__(self, phrase: str, /, **values: Any) -> str:
        """``phrase`` (English, with ``{name}`` fields filled from ``values``) in this language."""
        if self.code != "en":
            phrase = self.phrases().get(phrase, phrase)
        return phrase.format(**values) if values else phrase

    def phrases(self) -> Mapping[str, str]:
        """English phrase → its translation (loaded when first used)."""
        if self._phrases is None:
            from grundy.model.words_zh import PHRASES

            self._phrases = PHRASES
        return self._phrases

    def reason(self, why: Reason) -> str:
        """``why`` rendered in this language from its facts."""
        return why.render(self.code)

    def move(self, label: str) -> str:
        """A move's label in this language: the common shapes (``heap K: …``, ``take N: a → b``,
        ``take N from heap K``, ``split …``) translated, any other label as it is."""
        if self.code == "en":
            return label
        from grundy.model.words_zh import MOVE_WORDS

        for pattern, replacement in MOVE_WORDS:
            label = pattern.sub(replacement, label)
        return label

    def sentence(self, text: str) -> str:
        """A sentence of a known shape whose numbers vary (the computer's reason in ``play``) in
        this language; any other sentence as it is."""
        if self.code == "en":
            return text
        from grundy.model.words_zh import SENTENCES

        for pattern, replacement in SENTENCES:
            text = pattern.sub(replacement, text)
        return text


ENGLISH = Language("en")
"""The default language."""


def language(code: str | None) -> Language:
    """The :class:`Language` of ``code`` (``None``: English)."""
    return ENGLISH if code in (None, "en") else Language(str(code))


_ZH = re.compile(r"zh([_\-.@]|$)", re.IGNORECASE)


def language_from_environment(environ: Mapping[str, str]) -> Language:
    """The language of the locale (POSIX order: ``LC_ALL``, ``LC_MESSAGES``, ``LANG``; the first
    one set decides): Chinese for a ``zh…`` locale (``zh_CN.UTF-8``), else English."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name)
        if value:
            return Language("zh") if _ZH.match(value) else ENGLISH
    return ENGLISH
