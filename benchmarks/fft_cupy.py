"""CuPy's FFTs of the sizes benchmarks/fft.cpp measures (complex64 2^20 and 4096 x 4096,
float32 rfft 2^20), for scripts/gpu-check to print next to tandem's and cuFFT's: the
median of 20 calls after a warm-up (CuPy caches its cuFFT plan too), timed with CUDA
events, in milliseconds and points per second."""
import cupy as cp
from cupy_timing import median_ms

rng = cp.random.default_rng(5)
n = 1 << 20
z = (rng.random(n, dtype=cp.float32) + 1j * rng.random(n, dtype=cp.float32)).astype(cp.complex64)
z2 = (rng.random((4096, 4096), dtype=cp.float32) + 1j * rng.random((4096, 4096), dtype=cp.float32)).astype(cp.complex64)
x = rng.random(n, dtype=cp.float32)
for name, f, points in (("fft_c2c_f32/cupy/1048576", lambda: cp.fft.fft(z), n),
                        ("fft2_c2c_f32/cupy/4096", lambda: cp.fft.fft2(z2), 4096 * 4096),
                        ("fft_r2c_f32/cupy/1048576", lambda: cp.fft.rfft(x), n)):
    ms = median_ms(f, 20)
    print(f"{name:40s} {ms:10.4f} ms  {points / ms / 1e6:7.2f} Gpoints/s")
