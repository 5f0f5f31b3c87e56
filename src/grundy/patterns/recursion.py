"""The recursion ``G(x)`` of a formula, evaluated without Python's call stack.

A formula's own value at a smaller number is looked up in a memo; a value not there yet is
computed by an explicit stack (the formula is evaluated at ``x``; where it needs ``G(y)`` not yet
known, ``y`` is pushed and ``x`` evaluated again once ``y`` is known), so a recursion hundreds of
levels deep never meets Python's recursion limit, and a bound on the steps keeps any recursion
finite in time.

>>> from grundy.patterns.formulas import evaluate
>>> evaluate("n // 2 if n % 2 == 0 else G(n // 2)", n=2**5000 - 1)  # 5,000 levels
0
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from grundy.errors import InvalidInputError

RECURSION_CALLS = 1 << 17
"""Most values one evaluation computes (beyond: an error, never an unbounded time); the memo is
emptied when it holds this many (only recomputation, never a wrong value)."""


class _Need(Exception):
    """``G(x)`` is needed and not known yet (raised inside the explicit stack only)."""

    def __init__(self, x: int) -> None:
        super().__init__(x)
        self.x = x


def memoised(func: Callable[[Mapping[str, int]], int], formula: str) -> Callable[[int], int]:
    """``G``: the value of the compiled ``func`` (a formula over ``n``) at a number, memoised."""
    memo: dict[int, int] = {}
    inside = [False]

    def value_at(x0: int) -> int:
        if len(memo) >= RECURSION_CALLS:
            memo.clear()
        stack, steps = [x0], 0
        inside[0] = True
        try:
            while stack:
                steps += 1
                if steps > 4 * RECURSION_CALLS:
                    raise InvalidInputError(f"formula {formula!r} recurses through more than "
                                            f"{RECURSION_CALLS:,} values at n={x0}")
                x = stack[-1]
                if x in memo:
                    stack.pop()
                    continue
                try:
                    memo[x] = int(func({"n": x}))
                    stack.pop()
                except _Need as need:
                    stack.append(need.x)
        finally:
            inside[0] = False
        return memo[x0]

    def lookup(x: int) -> int:
        if x in memo:
            return memo[x]
        if inside[0]:
            raise _Need(x)
        return value_at(x)

    return lookup
