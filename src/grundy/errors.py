"""The exception hierarchy: every error grundy raises is a :class:`GrundyError`.

Errors caused by bad input also subclass :class:`ValueError`, and their messages quote the
offending input, so that a user sees *what* was wrong without reading a traceback.

>>> from grundy.errors import GrundyError, InvalidPositionError
>>> issubclass(InvalidPositionError, ValueError) and issubclass(InvalidPositionError, GrundyError)
True
"""

from __future__ import annotations


class GrundyError(Exception):
    """Base class of every error raised by grundy.

    A message that tells how to get further names the arguments of the library call, written
    ``name=`` (``"raise limit="``); :attr:`parameters` lists them, so that the command line can
    write its own flags instead (``--limit``).

    >>> error = SearchLimitError("nim: more than 10 steps; raise limit=", parameters=("limit",))
    >>> error.parameters, str(error)
    (('limit',), 'nim: more than 10 steps; raise limit=')
    """

    def __init__(self, *args: object, parameters: tuple[str, ...] = (), spec: str | None = None) -> None:
        super().__init__(*args)
        self.parameters = parameters
        """The parameters the message names: ``"limit"`` for ``limit=``, ``"conjecture"`` for
        ``conjecture=True``, ``"table"`` for ``analyze(game, upto=N)`` (a table of the game
        :attr:`spec` may show a pattern)."""
        self.spec = spec
        """The game the message is about, where it names a call on it."""


class InvalidGameError(GrundyError, ValueError):
    """A game specification is malformed: bad parameters, a bad octal code, an empty set."""


class UnknownGameError(InvalidGameError):
    """No game of that name is registered (the message suggests close names)."""


class InvalidPositionError(GrundyError, ValueError):
    """A position is not legal for its game (negative heap, wrong length, bad character)."""


class InvalidInputError(GrundyError, ValueError):
    """Input data (a file, a matrix, a graph) is malformed."""


class LoopyGameError(GrundyError):
    """A position can reach itself, so the plain Sprague-Grundy recursion does not apply.

    The message names one position on the cycle; :attr:`position` holds it.
    """

    def __init__(self, message: str, position: object = None, *, parameters: tuple[str, ...] = ()) -> None:
        super().__init__(message, parameters=parameters)
        self.position = position


class SearchLimitError(GrundyError):
    """Brute force would explore more positions than the limit allows."""


class ResourceLimitError(SearchLimitError):
    """A safety net stopped the work: it ran longer or used more memory than its step budget
    allows for. Always a refusal: code that falls back on a :class:`GrundyError` (treating the
    question as unanswerable and answering something else) lets this one through, so what is
    printed never depends on the machine's speed or load."""


class NotSupportedError(GrundyError):
    """The question has no answer by the methods grundy has for this game (e.g. no closed form)."""


class TooManyMovesError(NotSupportedError):
    """A position has too many moves to list (e.g. a heap of 10^18 that may be split anywhere).

    :func:`grundy.solve` still answers the outcome and the Grundy value, and says why the winning
    moves are not listed. :attr:`examples` holds winning moves found anyway (one of each class of
    a proved period: the message says how they stand for the others), so a player is never left
    without one.

    >>> TooManyMovesError("too many", examples=("take 1",)).examples
    ('take 1',)
    """

    def __init__(self, *args: object, examples: tuple[object, ...] = (),
                 parameters: tuple[str, ...] = (), spec: str | None = None) -> None:
        super().__init__(*args, parameters=parameters, spec=spec)
        self.examples = examples
        """Some of the moves (:class:`~grundy.model.game.Move`), concrete and checked; may be empty."""
