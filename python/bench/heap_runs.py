"""Runs bench/heap_vs_cache.py in fresh processes, the methods alternating, and prints the median
CPU seconds of each and the ratios against Game.heap (BENCHMARKS.md).

python bench/heap_runs.py [RUNS]

Each run is its own process. `topdown` runs with the stack limit lifted (`ulimit -s unlimited`),
without which it crashes; the last lines show what it does with the default stack at each N.
"""

import re
import resource
import statistics
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).with_name("heap_vs_cache.py")
CASES = [("subtract", 10**6), ("halve", 10**6), ("squares", 10**5)]
METHODS = ["heap", "cache", "topdown", "call"]


def unlimited_stack():
    resource.setrlimit(resource.RLIMIT_STACK, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))


def run(game, n, how, lift_stack=False):
    done = subprocess.run(
        [sys.executable, str(SCRIPT), game, str(n), how],
        capture_output=True,
        text=True,
        preexec_fn=unlimited_stack if lift_stack else None,
    )
    found = re.search(r"checksum=(\d+) seconds=\S+ cpu=(\S+)", done.stdout)
    if done.returncode != 0 or not found:
        last = (done.stderr.strip().splitlines() or [""])[-1]
        return None, f"exit {done.returncode}" + (f": {last}" if last else "")
    return float(found.group(2)), found.group(1)


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    for game, n in CASES:
        times = {how: [] for how in METHODS}
        sums = set()
        for _ in range(runs):
            for how in METHODS:
                cpu, checksum = run(game, n, how, lift_stack=how == "topdown")
                if cpu is None:
                    sys.exit(f"{game} {n} {how}: {checksum}")
                times[how].append(cpu)
                if how != "call":
                    sums.add(checksum)
        assert len(sums) == 1, f"{game}: the methods disagree ({sums})"
        med = {how: statistics.median(t) for how, t in times.items()}
        print(f"{game} n={n}")
        for how in METHODS:
            shown = ", ".join(f"{t:.3f}" for t in times[how])
            ratio = "" if how in ("heap", "call") else f"  heap is {med[how] / med['heap']:.2f}x faster"
            print(f"  {how:8} median {med[how]:.3f} s ({shown}){ratio}")
    for game, n in CASES:
        cpu, outcome = run(game, n, "topdown")
        print(f"topdown {game} n={n} with the default stack: {'works' if cpu else outcome}")


main()
