"""A one-heap game defined in Python: Game.heap (the library's dense engine) against the same
game as a memoised Python function (functools.cache and a mex), both for n = 0..N (BENCHMARKS.md).

python bench/heap_vs_cache.py GAME N heap|cache|topdown|call
GAME: subtract (S = {1, 3, 4}, 3 options), halve (n - 1, n - 2, n // 2), squares (subtract a
square, about sqrt(n) options)
heap: grundy.Game.heap(fn).seq(N)
cache: functools.cache + mex, called for m = 0, 1, ..., N in increasing order (the recursion is
  one level deep): the strongest form of the cache version
topdown: the same function called once, g(N), as one writes it (sys.setrecursionlimit(3 N + 1000): two frames a level,
  first); deep recursion can crash the interpreter, so run it in a subprocess (bench/heap_runs.py)
call: only the calls fn(0), ..., fn(N) from C (collections.deque(map(fn, range(N + 1)), 0)), the
  floor of any engine that calls fn once per position

Prints one line: GAME HOW n=N checksum=... seconds=WALL cpu=CPU (process_time around the work).
"""

import sys
import time
from collections import deque
from functools import cache
from math import isqrt

import grundy

GAMES = {
    "subtract": lambda n: [n - s for s in (1, 3, 4) if s <= n],
    "halve": lambda n: [m for m in (n - 1, n - 2, n // 2) if 0 <= m < n],
    "squares": lambda n: [n - k * k for k in range(1, isqrt(n) + 1)],
}


def memoised(options):
    @cache
    def g(m):
        seen = {g(o) for o in options(m)}
        v = 0
        while v in seen:
            v += 1
        return v

    return g


def by_cache(options, n):
    g = memoised(options)
    # increasing order, so that the recursion is one level deep
    return [g(m) for m in range(n + 1)]


def top_down(options, n):
    g = memoised(options)
    g(n)
    # the values were all computed by g(n) (every m <= n is reached in these games); reading
    # them back is a cache hit each
    return [g(m) for m in range(n + 1)]


def main():
    name, n, how = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    options = GAMES[name]
    if how == "topdown":
        sys.setrecursionlimit(3 * n + 1000)
    start, cpu = time.perf_counter(), time.process_time()
    if how == "heap":
        values = grundy.Game.heap(options).seq(n).tolist()
    elif how == "cache":
        values = by_cache(options, n)
    elif how == "topdown":
        values = top_down(options, n)
    elif how == "call":
        deque(map(options, range(n + 1)), 0)
        values = []
    else:
        sys.exit(f"unknown method {how}: heap, cache, topdown or call")
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(f"{name} {how} n={n} checksum={sum(values)} seconds={elapsed:.3f} cpu={cpu:.3f}", flush=True)


main()
