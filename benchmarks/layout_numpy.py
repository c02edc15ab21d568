#!/usr/bin/env python3
"""numpy's figures for benchmarks/layout.cpp's cases, to run beside bench_layout.

Prints the median time of each case in microseconds and GB/s, with bytes counted as
layout.cpp counts them (elements read, plus written for copies and broadcasts).
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


def topk(m, axis, k=16):
    """numpy's way to the k largest along an axis, largest first: argpartition, then
    the k sorted (what td::topk(m, k, axis).indices gives)."""
    part = np.argpartition(m, -k, axis=axis)
    part = part[:, -k:] if axis == 1 else part[-k:, :]
    vals = np.take_along_axis(m, part, axis=axis)
    order = np.argsort(-vals, axis=axis, kind="stable")
    return np.take_along_axis(part, order, axis=axis)


def main():
    m = np.random.default_rng(3).random((SIDE, SIDE), dtype=np.float32)
    nbytes = m.nbytes
    out = np.empty_like(m)
    cube = m.reshape(256, 256, 256)
    short = m.reshape(-1, 16)
    flat = m.reshape(-1)
    row = m[0].copy()
    col = row.reshape(SIDE, 1)
    cases = [("colsum/numpy", lambda: m.sum(axis=0), nbytes),
             ("colmax/numpy", lambda: m.max(axis=0), nbytes),
             ("colargmax/numpy", lambda: m.argmax(axis=0), nbytes),
             ("colvar/numpy", lambda: m.var(axis=0), nbytes),
             ("rowsum/numpy", lambda: m.sum(axis=1), nbytes),
             ("rowmax/numpy", lambda: m.max(axis=1), nbytes),
             ("wholesum/numpy", lambda: m.sum(), nbytes),
             ("wholemax/numpy", lambda: m.max(), nbytes),
             ("wholenanmax/numpy", lambda: np.nanmax(m), nbytes),
             ("rowtopk/numpy", lambda: topk(m, 1), nbytes),
             ("coltopk/numpy", lambda: topk(m, 0), nbytes),
             ("rowargmax/numpy", lambda: m.argmax(axis=1), nbytes),
             ("rowvar/numpy", lambda: m.var(axis=1), nbytes),
             ("trowsum/numpy", lambda: m.T.sum(axis=1), nbytes),
             ("trowargmax/numpy", lambda: m.T.argmax(axis=1), nbytes),
             ("trowvar/numpy", lambda: m.T.var(axis=1), nbytes),
             ("rowcumsum/numpy", lambda: np.cumsum(m, axis=1), 2 * nbytes),
             ("tcumsum/numpy", lambda: np.cumsum(m.T, axis=1), 2 * nbytes),
             ("shortsum/numpy", lambda: short.sum(axis=1), nbytes),
             ("shortargmax/numpy", lambda: short.argmax(axis=1), nbytes),
             ("shortvar/numpy", lambda: short.var(axis=1), nbytes),
             ("transpose/numpy", lambda: np.copyto(out, m.T), 2 * nbytes),
             ("scaled_transpose/numpy", lambda: np.multiply(m.T, np.float32(2), out=out), 2 * nbytes),
             ("permute/numpy", lambda: np.ascontiguousarray(cube.transpose(2, 0, 1)), 2 * nbytes),
             ("strided_sum/numpy", lambda: flat[::2].sum(), nbytes // 2),
             ("bcast_row/numpy", lambda: np.add(m, row, out=out), 2 * nbytes),
             ("bcast_col/numpy", lambda: np.add(m, col, out=out), 2 * nbytes)]
    for name, fn, moved in cases:
        us = median_us(fn)
        print(f"{name:20s} {us:10.1f} us {moved / us / 1e3:8.2f} GB/s")
    for n in (16, 256, 1024):
        a = flat[:n].copy()
        b = a.copy()
        c = np.empty_like(a)
        us = median_us(lambda: np.add(a, b, out=c), reps=2001)
        print(f"{'add/numpy/' + str(n):20s} {us * 1e3:10.1f} ns")

if __name__ == "__main__":
    main()
