"""Theorems beyond normal-play values: misère play (misère Nim, SJ, genus, misère
quotients), remoteness and Every-SG, nimber arithmetic."""
