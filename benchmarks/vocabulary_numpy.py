#!/usr/bin/env python3
"""numpy's figures for benchmarks/vocabulary.cpp's random and histogram cases, to run
beside bench_vocabulary on the same machine.

Prints the median time of each case in milliseconds and the items per second, items
counted as vocabulary.cpp counts them (values drawn; elements binned or weighed).
"""
import numpy as np

from layout_numpy import median_us  # this folder's: the median of timed calls


def median_ms(fn, reps=7):
    return median_us(fn, reps) / 1e3


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
        w = rng.uniform(size=n).astype(np.float32)
        cases["histogram/weighted"] = lambda: np.histogram(a, 64, range=(-3, 3), weights=w)
        cases["histogram2d"] = lambda: np.histogram2d(a, w, [64, 32], range=[[-3, 3], [0, 1]])
        for name, fn in cases.items():
            ms = median_ms(fn)
            print(f"{name}/numpy/{n}: {ms:.2f} ms, {n / ms / 1e3:.1f} M items/s")


if __name__ == "__main__":
    main()
