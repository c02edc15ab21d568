"""Timing for the CuPy baselines (fft_cupy.py, linalg_cupy.py): the median of `reps`
calls after a warm-up, timed with CUDA events, in milliseconds."""
import cupy as cp


def median_ms(f, reps):
    f()
    cp.cuda.Device().synchronize()
    times = []
    for _ in range(reps):
        start, stop = cp.cuda.Event(), cp.cuda.Event()
        start.record()
        f()
        stop.record()
        stop.synchronize()
        times.append(cp.cuda.get_elapsed_time(start, stop))
    return sorted(times)[len(times) // 2]
