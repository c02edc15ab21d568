"""CuPy's side of benchmarks/vocabulary.cpp on 2^24 float32, for scripts/gpu-check to
print next to tandem's device figures: floor, round, isnan and a + b (into a buffer
allocated once, as tandem's benchmark assigns into one), var next to sum, median next to
sort, the 16 largest (CuPy has no topk: partition, then sort the 16), concatenate of two
halves and roll by 1000, convolve with 16 and 255 taps, and einsum's cases
("ij,jk->ik" and "ij,jk,kl->il" of 1024^2, "ij,ij->i", "ijk->i" and "ikj->i" of 2^24).
The median of 20 calls after a warm-up, timed with CUDA events, in milliseconds, and bytes per second counted as benchmarks/vocabulary.cpp counts them."""
import cupy as cp
from cupy_timing import median_ms

n = 1 << 24
rng = cp.random.default_rng(5)
a = rng.uniform(-100, 100, n, dtype=cp.float32)
b = rng.uniform(-100, 100, n, dtype=cp.float32)
out = cp.empty(n, dtype=cp.float32)
mask = cp.empty(n, dtype=cp.bool_)
lo, hi = a[: n // 2], a[n // 2:]
cases = (
    ("unary/floor/cupy", lambda: cp.floor(a, out=out), 8),
    ("unary/round/cupy", lambda: cp.around(a, out=out), 8),
    ("unary/isnan/cupy", lambda: cp.isnan(a, out=mask), 5),
    ("unary/add/cupy", lambda: cp.add(a, b, out=out), 12),
    ("var/cupy", lambda: cp.var(a), 4),
    ("var/sum_cupy", lambda: cp.sum(a), 4),
    ("median/cupy", lambda: cp.median(a), 4),
    ("median/sort_cupy", lambda: cp.sort(a), 4),
    ("topk16/cupy", lambda: cp.sort(cp.partition(a, n - 16)[n - 16:]), 4),
    ("concatenate/cupy", lambda: cp.concatenate((lo, hi)), 4),
    ("roll/cupy", lambda: cp.roll(a, 1000), 4),
    ("copy_d2d/cupy", lambda: out.__setitem__(slice(None), a), 8),
)
for name, f, bytes_per in cases:
    ms = median_ms(f, 20)
    print(f"{name + '/' + str(n):40s} {ms:10.4f} ms  {n * bytes_per / ms / 1e6:8.1f} GB/s")
# convolve ('full') of 2^20 float32 with 16 and 255 taps: items are multiply-adds (n m),
# as benchmarks/vocabulary.cpp counts them
x = a[: 1 << 20]
for taps in (16, 255):
    v = b[:taps]
    ms = median_ms(lambda: cp.convolve(x, v), 20)
    print(f"{'convolve/cupy/' + str(x.size) + '/' + str(taps):40s} {ms:10.4f} ms  "
          f"{x.size * taps / ms / 1e6:8.1f} G items/s")
# einsum, as benchmarks/vocabulary.cpp's cases: items are multiply-adds for the product,
# else the operands' elements
m1 = rng.uniform(-1, 1, (1024, 1024), dtype=cp.float32)
m2 = rng.uniform(-1, 1, (1024, 1024), dtype=cp.float32)
r1, r2 = a.reshape(4096, 4096), b.reshape(4096, 4096)
for name, f, items in (("einsum/matmul/cupy", lambda: cp.einsum("ij,jk->ik", m1, m2), 1024 ** 3),
                       ("einsum/chain3/cupy", lambda: cp.einsum("ij,jk,kl->il", m1, m2, m1), 2 * 1024 ** 3),
                       ("einsum/rows/cupy", lambda: cp.einsum("ij,ij->i", r1, r2), n),
                       ("einsum/sum2/cupy", lambda: cp.einsum("ijk->i", r1.reshape(4096, 64, 64)), n),
                       ("einsum/sum2_crossed/cupy", lambda: cp.einsum("ikj->i", r1.reshape(4096, 64, 64)), n)):
    ms = median_ms(f, 20)
    print(f"{name:40s} {ms:10.4f} ms  {items / ms / 1e6:8.1f} G items/s")
