"""The rules of the catalogue's games, grouped by family: :mod:`~grundy.games.takeaway`,
:mod:`~grundy.games.takebreak`, :mod:`~grundy.games.coins` and :mod:`~grundy.games.graphs`.
:mod:`grundy.catalog` lists them by name."""
