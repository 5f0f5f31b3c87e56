"""Write the formula search's spaces shipped with the package (``src/grundy/patterns/spaces``):
those of :func:`grundy.patterns.space.shipped_keys` (each prefix length of
:data:`grundy.patterns.record.PREFIX_LENGTHS`, values and truth values).

Run after any change to the search (its fingerprint is in the key of every space: a stale file
is not used, and ``tests/patterns/test_space.py`` says so); it takes a few seconds:

    PYTHONPATH=src python scripts/ship_spaces.py
"""

from __future__ import annotations

import os

from grundy.patterns import space, synthesis


def main() -> None:
    for name in os.listdir(space.SHIPPED):
        if name.endswith(".zlib"):
            os.remove(os.path.join(space.SHIPPED, name))
    for key in space.shipped_keys():
        path = space.ship(key, synthesis.built_space(key))
        print(f"{path}: {os.path.getsize(path)} bytes")


if __name__ == "__main__":
    main()
