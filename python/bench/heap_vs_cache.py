"""A one-heap game defined in Python: Game.heap (the library's dense engine) against the same
game as a memoised Python function (functools.cache and a mex), both for n = 0..N (BENCHMARKS.md).

python bench/heap_vs_cache.py GAME N heap|cache
GAME: subtract (S = {1, 3, 4}, 3 options), halve (n - 1, n - 2, n // 2), squares (subtract a
square, about sqrt(n) options)
"""

import sys
import time
from functools import cache
from math import isqrt

import grundy

GAMES = {
    "subtract": lambda n: [n - s for s in (1, 3, 4) if s <= n],
    "halve": lambda n: [m for m in (n - 1, n - 2, n // 2) if 0 <= m < n],
    "squares": lambda n: [n - k * k for k in range(1, isqrt(n) + 1)],
}


def by_cache(options, n):
    @cache
    def g(m):
        seen = {g(o) for o in options(m)}
        v = 0
        while v in seen:
            v += 1
        return v

    # increasing order, so that the recursion is one level deep
    return [g(m) for m in range(n + 1)]


def main():
    name, n, how = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    options = GAMES[name]
    start, cpu = time.perf_counter(), time.process_time()
    if how == "heap":
        values = grundy.Game.heap(options).seq(n).tolist()
    else:
        values = by_cache(options, n)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(f"{name} {how} n={n} checksum={sum(values)} seconds={elapsed:.3f} cpu={cpu:.3f}")


main()
