"""Arithmetic functions of the formula grammar: exact on Python integers, and on int64 arrays.

- ``bigomega(x)``: Ω(x), the prime factors of ``x >= 1`` counted with multiplicity (Ω(1) = 0);
- ``omega(x)``: ω(x), the distinct prime factors of ``x >= 1``;
- ``numdiv(x)``: the number of divisors of ``x >= 1``;
- ``val(x, p)``: the exponent of ``p >= 2`` in ``x >= 0``, with **val(0, p) = -1** (as ``ctz``);
- ``digitsum(x, b)``: the sum of the base-``b`` digits of ``x >= 0`` (``b >= 2``);
- ``lpf(x)``: the least prime factor of ``x >= 2``, with **lpf(0) = 0 and lpf(1) = 1** (so
  ``lpf(x) < x`` exactly for the composite ``x``);
- ``primepi(x)``: π(x), the number of primes ``<= x`` (``x >= 0``; ``primepi(p)`` is the index of
  the prime ``p``: 1 for 2, 2 for 3, 3 for 5), from a sieve, refused above :data:`PRIME_SIEVE_LIMIT`.

Factoring is exact (Miller-Rabin with a deterministic set of bases, then Pollard's rho) for
``x < 2**64``; a larger argument is refused rather than factored for an unbounded time.

>>> bigomega(360), omega(360), numdiv(360), val(360, 3), digitsum(360, 10)
(6, 3, 24, 2, 9)
>>> bigomega(2**61 - 1), numdiv(10**18)
(1, 361)
>>> [lpf(x) for x in (0, 1, 2, 9, 91, 2**61 - 1)], [primepi(x) for x in (0, 1, 2, 3, 10, 100)]
([0, 1, 2, 3, 7, 2305843009213693951], [0, 0, 1, 2, 4, 25])
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from grundy.errors import InvalidInputError
from grundy.model.bounded import kept

if TYPE_CHECKING:
    import numpy as np

FACTOR_LIMIT = 1 << 64
"""Arguments of ``bigomega``, ``omega`` and ``numdiv`` must be below this."""
SIEVE_LIMIT = 1 << 20
"""Largest array value the vectorised ``bigomega``/``omega``/``numdiv`` sieve (else exact)."""
PRIME_SIEVE_LIMIT = 1 << 25
"""Largest sieve of least prime factors (int32) kept for ``lpf`` and ``primepi``: ``primepi`` is
refused above it (``lpf`` factors a larger argument instead)."""
_BASES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37)  # deterministic below 3.3 * 10**24


def _positive(name: str, x: int) -> int:
    if x < 1:
        raise InvalidInputError(f"{name}({x}) is undefined (the argument must be >= 1)")
    if x >= FACTOR_LIMIT:
        raise InvalidInputError(f"{name}({x}) is refused: factoring is bounded to arguments below 2**64")
    return x


def is_prime(n: int) -> bool:
    """Miller-Rabin, exact for ``n < 3.3 * 10**24``.

    >>> [p for p in range(30) if is_prime(p)]
    [2, 3, 5, 7, 11, 13, 17, 19, 23, 29]
    """
    if n < 2:
        return False
    for p in _BASES:
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    for a in _BASES:
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def _rho(n: int) -> int:
    """A non-trivial factor of the odd composite ``n`` (Pollard's rho, Brent's cycle search)."""
    c = 1
    while True:
        x = y = 2
        d = 1
        while d == 1:
            x = (x * x + c) % n
            y = (y * y + c) % n
            y = (y * y + c) % n
            d = math.gcd(abs(x - y), n)
        if d != n:
            return d
        c += 1


def factor(n: int) -> dict[int, int]:
    """The prime factorisation ``{p: e}`` of ``1 <= n < 2**64``.

    >>> factor(360)
    {2: 3, 3: 2, 5: 1}
    """
    out: dict[int, int] = {}
    for p in (2, 3, 5, 7, 11, 13):
        while n % p == 0:
            out[p] = out.get(p, 0) + 1
            n //= p
    todo = [n] if n > 1 else []
    while todo:
        m = todo.pop()
        if is_prime(m):
            out[m] = out.get(m, 0) + 1
            continue
        d = _rho(m)
        todo += [d, m // d]
    return dict(sorted(out.items()))


def bigomega(x: int) -> int:
    """Ω(x): prime factors counted with multiplicity (``x >= 1``)."""
    return sum(factor(_positive("bigomega", x)).values())


def omega(x: int) -> int:
    """ω(x): distinct prime factors (``x >= 1``)."""
    return len(factor(_positive("omega", x)))


def numdiv(x: int) -> int:
    """The number of divisors of ``x >= 1``."""
    return math.prod(e + 1 for e in factor(_positive("numdiv", x)).values())


def val(x: int, p: int) -> int:
    """The exponent of ``p`` in ``x`` (``x >= 0``, ``p >= 2``); ``val(0, p) = -1``."""
    if x < 0 or p < 2:
        raise InvalidInputError(f"val({x}, {p}) is undefined (needs x >= 0 and p >= 2)")
    if x == 0:
        return -1
    e = 0
    while x % p == 0:
        x //= p
        e += 1
    return e


def digitsum(x: int, b: int) -> int:
    """The sum of the base-``b`` digits of ``x >= 0`` (``b >= 2``)."""
    if x < 0 or b < 2:
        raise InvalidInputError(f"digitsum({x}, {b}) is undefined (needs x >= 0 and b >= 2)")
    if b == 10:
        return sum(map(int, str(x)))
    s = 0
    while x:
        x, r = divmod(x, b)
        s += r
    return s


def lpf(x: int) -> int:
    """The least prime factor of ``x >= 2``; ``lpf(0) = 0``, ``lpf(1) = 1``."""
    if x < 0:
        raise InvalidInputError(f"lpf({x}) is undefined (negative argument)")
    if x < 2:
        return x
    sieve = _PRIME_SIEVES.get("kept")
    if sieve is not None and x < len(sieve[0]):
        return int(sieve[0][x]) or x
    for p in (2, 3, 5, 7, 11, 13):
        if x % p == 0:
            return p
    return min(factor(_positive("lpf", x)))


def primepi(x: int) -> int:
    """π(x): the number of primes ``<= x`` (``x >= 0``), refused above :data:`PRIME_SIEVE_LIMIT`."""
    import numpy as np

    if x < 0:
        raise InvalidInputError(f"primepi({x}) is undefined (negative argument)")
    if x >= PRIME_SIEVE_LIMIT:
        raise InvalidInputError(f"primepi({x}) is refused: the prime sieve is bounded to arguments "
                                f"below {PRIME_SIEVE_LIMIT:,}")
    return int(np.searchsorted(prime_sieve(x)[1], x, side="right"))


def nimmul(x: int, y: int) -> int:
    """The nim product ``x ⊗ y`` of ``x, y >= 0`` (:func:`grundy.theory.nimber.nim_mul`).

    >>> nimmul(2, 2), nimmul(3, 3), nimmul(8, 8)
    (3, 2, 13)
    """
    from grundy.theory.nimber import nim_mul

    if x < 0 or y < 0:
        raise InvalidInputError(f"nimmul({x}, {y}) is undefined (negative argument)")
    return nim_mul(x, y)


# ---- int64 arrays ------------------------------------------------------------------------------

class TooLarge(Exception):
    """An array argument is outside what the vectorised version handles (use the exact one)."""


def _sieve(top: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Ω, ω and the divisor count of ``0..top`` (index 0 unused), from the smallest prime factors."""
    import numpy as np

    spf = np.arange(top + 1, dtype=np.int64)
    for p in range(2, math.isqrt(top) + 1):
        if spf[p] == p:
            block = spf[p * p::p]
            block[block == np.arange(p * p, top + 1, p)] = p
    big = np.zeros(top + 1, dtype=np.int64)
    distinct = np.zeros(top + 1, dtype=np.int64)
    divisors = np.ones(top + 1, dtype=np.int64)
    exponent = np.zeros(top + 1, dtype=np.int64)
    rest = np.arange(top + 1, dtype=np.int64)
    last = np.zeros(top + 1, dtype=np.int64)
    live = rest > 1
    while live.any():  # strip one smallest prime factor per round (at most log2(top) rounds)
        prime = np.where(live, spf[rest], 0)
        new = live & (prime != last)
        distinct += new
        divisors = np.where(new, divisors * (exponent + 1), divisors)
        exponent = np.where(new, 1, exponent + live)
        big += live
        last = np.where(live, prime, last)
        rest = np.where(live, rest // np.maximum(prime, 1), rest)
        live = rest > 1
    divisors *= np.where(big > 0, exponent + 1, 1)
    return big, distinct, divisors


def vec_arith(name: str, x: np.ndarray, y: np.ndarray | None = None) -> np.ndarray:
    """``name`` on int64 arrays; raises :class:`TooLarge` where the exact version must answer
    (or the function is undefined somewhere)."""
    import numpy as np

    if not len(x):
        return x
    low, high = int(x.min()), int(x.max())
    if name in ("lpf", "primepi"):
        if low < 0 or high >= PRIME_SIEVE_LIMIT:
            raise TooLarge(name)
        least, primes = prime_sieve(high)
        if name == "primepi":
            return np.searchsorted(primes, x, side="right").astype(np.int64)
        got = least[x].astype(np.int64)
        return np.where(got == 0, x, got)
    if name in ("bigomega", "omega", "numdiv"):
        if low < 1 or high > SIEVE_LIMIT:
            raise TooLarge(name)
        table = _cached_sieve(max(high, 1 << 12))[("bigomega", "omega", "numdiv").index(name)]
        return table[x]
    assert y is not None
    if low < 0 or (len(y) and int(y.min()) < 2):
        raise TooLarge(name)
    if name == "val":
        out = np.where(x == 0, -1, 0).astype(np.int64)
        rest = x.copy()
        live = rest != 0
        for _ in range(64):
            live &= rest % y == 0
            if not live.any():
                return out
            out += live
            rest = np.where(live, rest // y, rest)
        return out
    if name == "digitsum":
        out = np.zeros(len(x), dtype=np.int64)
        rest = x.copy()
        while rest.any():
            out += rest % y
            rest //= y
        return out
    raise AssertionError(name)


_SIEVES: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]] = kept(__name__ + "._SIEVES", {})


def _cached_sieve(top: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    size = 1 << max(top - 1, 1).bit_length()
    if size not in _SIEVES:
        _SIEVES.clear()  # one sieve at a time: bounded memory
        _SIEVES[size] = _sieve(size)
    return _SIEVES[size]


_PRIME_SIEVES: dict[str, tuple[np.ndarray, np.ndarray]] = kept(__name__ + "._PRIME_SIEVES", {})


def prime_sieve(top: int) -> tuple[np.ndarray, np.ndarray]:
    """``(least, primes)`` covering ``0..top`` at least (``top < PRIME_SIEVE_LIMIT``): ``least[x]``
    the least prime factor of a composite ``x`` (0 for 0, 1 and the primes), ``primes`` the primes
    in order. One sieve is kept, of a power of two entries (at least 2**12): bounded memory."""
    import numpy as np

    have = _PRIME_SIEVES.get("kept")
    if have is not None and top < len(have[0]):
        return have
    size = min(1 << max(top, 1 << 11).bit_length(), PRIME_SIEVE_LIMIT)
    least = np.zeros(size, dtype=np.int32)
    for p in range(2, math.isqrt(size - 1) + 1):
        if least[p] == 0:
            block = least[p * p::p]
            block[block == 0] = p
    primes = np.flatnonzero(least == 0)[2:].astype(np.int64)
    _PRIME_SIEVES.clear()
    _PRIME_SIEVES["kept"] = (least, primes)
    return least, primes


SPECIAL = frozenset({"G", "bigomega", "omega", "numdiv", "val", "digitsum", "nimmul", "lpf", "primepi"})
"""The calls of the grammar :func:`vec_special` evaluates on arrays."""


def vec_special(name: str, args: list[np.ndarray], table: np.ndarray | None,
                n: np.ndarray | None) -> np.ndarray:
    """The recursion ``G`` (read in ``table``, where it descends: ``0 <= x < n``), the arithmetic
    functions and the nim product on int64 arrays; :class:`TooLarge` where the exact evaluation
    must answer."""
    if name == "G":
        x = args[0]
        if table is None or n is None or not len(x):
            raise TooLarge("no table for G")
        if int(x.min()) < 0 or (x >= n).any() or int(x.max()) >= len(table):
            raise TooLarge("G outside the recursion")
        return table[x]
    if name == "nimmul":
        raise TooLarge("nim products are computed exactly")
    return vec_arith(name, *args)
