"""The core: the game model (:mod:`~grundy.core.game`), the Sprague-Grundy engine
(:mod:`~grundy.core.engine`), sums (:mod:`~grundy.core.sums`) and the full answer
(:mod:`~grundy.core.solve`). Imports nothing heavier than the standard library."""
