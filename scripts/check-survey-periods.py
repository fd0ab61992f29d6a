#!/usr/bin/env python3
"""Checks every proven period of a `grundy survey` CSV on ogs's values, member by member.

For each row with `proven` true, runs `grundy-peers octal-period CODE PERIOD PREPERIOD` (the
peers crate, release build): ogs 0.0.6's RC2 solver computes the values the octal periodicity
theorem needs, the theorem's hypothesis, the least preperiod and the absence of a smaller
period are checked on ogs's values, and grundy's engine must give the same values. Prints one
line per failure and a summary; exits 1 if any member fails.

    cargo build --release --manifest-path peers/Cargo.toml
    python3 scripts/check-survey-periods.py runs/survey-octal-3-digits-2e20.csv
"""

import csv
import subprocess
import sys

PEERS = "peers/target/release/grundy-peers"


def main(path: str) -> int:
    rows = [r for r in csv.DictReader(open(path)) if r["proven"] == "true"]
    failures = 0
    for row in rows:
        code = row["game"].split(":", 1)[1]
        args = [PEERS, "octal-period", code, row["period"], row["preperiod"]]
        done = subprocess.run(args, capture_output=True, text=True)
        line = done.stdout.strip()
        good = (
            done.returncode == 0
            and ": true; preperiod" in line
            and "least: true" in line
            and line.split("periods from")[1].split(":")[1].strip().startswith("[]")
        )
        if not good:
            failures += 1
            print(f"FAIL {row['game']}: {line or done.stderr.strip()[-300:]}")
    print(f"{len(rows)} proven members checked on ogs's values: {len(rows) - failures} hold, {failures} fail")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
