"""Take-and-break games: octal games (Kayles, Dawson's Kayles, ...), Grundy's game, Lasker's Nim,
the split game and stripes."""
