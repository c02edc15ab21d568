#!/usr/bin/env python3
"""numpy's figures for benchmarks/layout.cpp's cases, to run beside bench_layout.

Prints the median time of each case in microseconds and GB/s (bytes as layout.cpp
counts them: the 4096x4096 float32 matrix read once).
"""
import statistics
import time

import numpy as np

SIDE = 4096


def median_us(fn, reps=15):
    fn()  # warm
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1e6


def main():
    m = np.random.default_rng(3).random((SIDE, SIDE), dtype=np.float32)
    nbytes = m.nbytes
    for name, fn in [("colsum/numpy", lambda: m.sum(axis=0)),
                     ("colmax/numpy", lambda: m.max(axis=0)),
                     ("rowsum/numpy", lambda: m.sum(axis=1))]:
        us = median_us(fn)
        print(f"{name:16s} {us:10.1f} us {nbytes / us / 1e3:8.2f} GB/s")


if __name__ == "__main__":
    main()
