#!/usr/bin/env python3
"""Peak resident memory of a command, split into anonymous and file-backed pages.

Usage: python3 peers/rss-parts.py RUNS "command 1" "command 2" ...

Each command runs RUNS times, one after another; while it runs, /proc/PID/status is read
every half millisecond and the largest RssAnon (memory the program allocated), RssFile (pages
of its binary and libraries mapped from the page cache) and VmHWM (their peak sum, what
`/usr/bin/time` reports) are kept. The medians are printed, in kB. A sampled peak can miss a
peak shorter than the interval, so RssAnon + RssFile may fall short of VmHWM.
"""
import shlex
import statistics
import subprocess
import sys
import time

FIELDS = ("RssAnon", "RssFile", "VmHWM")


def peaks(command):
    child = subprocess.Popen(shlex.split(command), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    best = dict.fromkeys(FIELDS, 0)
    status = f"/proc/{child.pid}/status"
    while child.poll() is None:
        try:
            with open(status) as lines:
                for line in lines:
                    key, _, rest = line.partition(":")
                    if key in best:
                        best[key] = max(best[key], int(rest.split()[0]))
        except (OSError, ValueError, IndexError):
            pass
        time.sleep(0.0005)
    return best


def main():
    runs = int(sys.argv[1])
    for command in sys.argv[2:]:
        results = [peaks(command) for _ in range(runs)]
        medians = {k: statistics.median(r[k] for r in results) for k in FIELDS}
        print(f"{command}: " + ", ".join(f"{k} {medians[k]:.0f} kB" for k in FIELDS))


if __name__ == "__main__":
    main()
