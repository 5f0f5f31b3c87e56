"""The full answer for a position (:func:`~grundy.solving.solve.solve` → a solution with
every winning move and the reason) and its step-by-step explanation."""
