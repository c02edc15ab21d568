"""CuPy's dense linear algebra at the sizes benchmarks/linalg.cpp measures (float64:
solve with one right-hand side and cholesky of 1024 and 4096, svd of 1024; solve and
eigh of a batch of 8192 matrices of 16 x 16, where items are matrices), for
scripts/gpu-check to print next to tandem's and cuSOLVER's: the median of 5 calls after
a warm-up, timed with CUDA events, in milliseconds."""
import cupy as cp
from cupy_timing import median_ms

rng = cp.random.default_rng(3)
cases = []
for n in (1024, 4096):
    r = rng.uniform(-1, 1, (n, n))
    a = r + n * cp.eye(n)
    spd = (r + r.T) / 2 + n * cp.eye(n)
    b = cp.ones(n)
    cases.append((f"solve_f64/cupy/{n}", lambda a=a, b=b: cp.linalg.solve(a, b)))
    cases.append((f"cholesky_f64/cupy/{n}", lambda spd=spd: cp.linalg.cholesky(spd)))
    if n == 1024:
        cases.append((f"svd_f64/cupy/{n}", lambda a=a: cp.linalg.svd(a, full_matrices=False)))
batch, small = 8192, 16
r = rng.uniform(-1, 1, (batch, small, small))
a = r + small * cp.eye(small)
spd = (r + r.transpose(0, 2, 1)) / 2 + small * cp.eye(small)
b = cp.ones((batch, small, 1))
cases.append((f"solve_batch16_f64/cupy/{batch}", lambda: cp.linalg.solve(a, b)))
cases.append((f"eigh_batch16_f64/cupy/{batch}", lambda: cp.linalg.eigh(spd)))
for name, f in cases:
    print(f"{name:40s} {median_ms(f, 5):10.3f} ms")
