#!/usr/bin/env python3
"""numpy's figures for benchmarks/vocabulary.cpp's random and histogram cases, to run
beside bench_vocabulary on the same machine.

Prints the median time of each case in milliseconds and the items per second, items
counted as vocabulary.cpp counts them (values drawn; elements binned).
"""
import statistics
import time

import numpy as np


def median_ms(fn, reps=7):
    fn()  # warm
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1e3


def main():
    rng = np.random.default_rng(14)
    for n in (1 << 20, 1 << 24):
        cases = {
            "random/normal": lambda: rng.normal(size=n),
            "random/gamma": lambda: rng.gamma(2.5, size=n),
            "random/poisson": lambda: rng.poisson(25.0, size=n),
            "random/binomial": lambda: rng.binomial(1000, 0.4, size=n),
        }
        a = rng.normal(size=n).astype(np.float32)
        t = np.linspace(-1, 1, 65)
        edges = 3 * t * np.abs(t)
        cases["histogram/edges"] = lambda: np.histogram(a, bins=edges)
        cases["histogram/uniform"] = lambda: np.histogram(a, 64, range=(-3, 3))
        for name, fn in cases.items():
            ms = median_ms(fn)
            print(f"{name}/numpy/{n}: {ms:.2f} ms, {n / ms / 1e3:.1f} M items/s")


if __name__ == "__main__":
    main()
