"""The game model: :class:`~grundy.model.game.Game`, moves, outcomes, the rules a game
declares (periods, closed forms) and the reasons answers carry. Standard library only."""
