"""Time of grundy.Game("subtraction:s=1,3,4").seq(N - 1) in Python (BENCHMARKS.md).

python bench/seq.py 100000000
"""

import sys
import time

import grundy

n = int(sys.argv[1]) if len(sys.argv) > 1 else 10**8
start, cpu = time.perf_counter(), time.process_time()
values = grundy.Game("subtraction:s=1,3,4").seq(n - 1)
elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
print(f"python n={n} checksum={int(values.sum(dtype='uint64'))} seconds={elapsed:.3f} cpu={cpu:.3f} dtype={values.dtype}")
