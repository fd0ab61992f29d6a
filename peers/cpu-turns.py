#!/usr/bin/env python3
"""CPU time of short commands, the commands taking turns.

    python3 peers/cpu-turns.py ROUNDS 'COMMAND 1' 'COMMAND 2' ...

Each round runs every command once, in the order given, with stdout and stderr discarded, and
reads the child's CPU time (user + system) and minor page faults from `wait4`, as the `boards`
harness does, but without its 2 ms poll: the figures keep their microseconds. Prints, per
command, the median CPU time with its quartiles and the median page faults. A command that
fails stops the run.
"""

import os
import shlex
import statistics
import sys


def main():
    rounds = int(sys.argv[1])
    commands = [shlex.split(c) for c in sys.argv[2:]]
    cpu = [[] for _ in commands]
    faults = [[] for _ in commands]
    devnull = os.open(os.devnull, os.O_WRONLY)
    quiet = [(os.POSIX_SPAWN_DUP2, devnull, 1), (os.POSIX_SPAWN_DUP2, devnull, 2)]
    for _ in range(rounds):
        for k, command in enumerate(commands):
            pid = os.posix_spawnp(command[0], command, os.environ, file_actions=quiet)
            _, status, usage = os.wait4(pid, 0)
            if status != 0:
                sys.exit(f"error: {shlex.join(command)} ended with status {status}")
            cpu[k].append((usage.ru_utime + usage.ru_stime) * 1000)
            faults[k].append(usage.ru_minflt)
    for k, command in enumerate(sys.argv[2:]):
        times = sorted(cpu[k])
        q1, q3 = times[len(times) // 4], times[3 * len(times) // 4]
        print(
            f"{statistics.median(times):8.3f} ms (quartiles {q1:.3f}-{q3:.3f})"
            f"  {statistics.median(faults[k]):.0f} faults  {command}"
        )


if __name__ == "__main__":
    main()
