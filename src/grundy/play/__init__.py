"""Playing against the perfect opponent: :class:`~grundy.play.session.Match` (``grundy play``,
and the play view of ``grundy serve``)."""

from grundy.play.session import Match, MoveError, Reply

__all__ = ["Match", "MoveError", "Reply"]
