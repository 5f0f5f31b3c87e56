"""Graph data for games on graphs: reading graph files, the loopy-game solver (retrograde
analysis and Smith's values) and drawing. Knows no game: the games live in
:mod:`grundy.games.graphs`."""
