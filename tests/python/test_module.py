#!/usr/bin/env python3
"""The Python module `tandem` against numpy: zero copies both ways through DLPack
(checked by data pointers and by writes seen on the other side), lifetimes, .npy files,
and the kernels it exposes (sum, sort, matmul, fft) against numpy's results.

Run with the module on PYTHONPATH (CTest `python.module` sets build/python); exits
nonzero, naming each failed check, if any fails. Every function named test_* runs.
"""
import gc
import os
import sys
import tempfile
import traceback

import numpy as np

import tandem


def test_numpy_to_tandem_without_a_copy():
    a = np.arange(12, dtype=np.float32).reshape(3, 4)
    t = tandem.from_dlpack(a)
    assert t.data_ptr == a.ctypes.data
    assert t.shape == (3, 4) and t.strides == (4, 1) and t.dtype == "float32"
    assert tandem.sum(t) == a.sum()
    a[1, 2] = 100.0  # the same memory: tandem sees the write
    assert tandem.sum(t) == a.sum()
    strided = a[:, ::2]
    s = tandem.from_dlpack(strided)
    assert s.data_ptr == strided.ctypes.data
    assert s.strides == (4, 2)
    np.testing.assert_array_equal(tandem.sum(s, 0).numpy(), strided.sum(0))
    reversed_view = a[::-1]
    r = tandem.from_dlpack(reversed_view)
    assert r.strides == (-4, 1)
    np.testing.assert_array_equal(r.numpy(), reversed_view)


def test_tandem_to_numpy_without_a_copy():
    t = tandem.sort(tandem.from_dlpack(np.array([3.0, 1.0, 2.0])))
    b = np.from_dlpack(t)
    assert b.ctypes.data == t.data_ptr
    np.testing.assert_array_equal(b, [1.0, 2.0, 3.0])
    c = t.numpy()
    assert c.ctypes.data == t.data_ptr
    # numpy marks arrays from unversioned (pre-1.0) DLPack capsules read-only.
    assert not b.flags.writeable


def test_lifetimes():
    a = np.linspace(0, 1, 1001)
    t = tandem.from_dlpack(a)
    expected = a.sum()
    del a
    gc.collect()
    assert abs(tandem.sum(t) - expected) < 1e-12  # the view keeps numpy's array alive
    t2 = tandem.sort(t)
    b = np.from_dlpack(t2)
    del t, t2
    gc.collect()
    assert b[0] == 0.0 and b[-1] == 1.0  # numpy's array keeps tandem's tensor alive


def test_element_types():
    rng = np.random.default_rng(3)
    for dtype in (np.int32, np.int64, np.float64, np.complex64, np.complex128, np.bool_):
        a = (rng.standard_normal((2, 3)) * 10).astype(dtype)
        t = tandem.from_dlpack(a)
        assert t.dtype == np.dtype(dtype).name, (t.dtype, dtype)
        assert t.data_ptr == a.ctypes.data
        np.testing.assert_array_equal(np.from_dlpack(t), a)
    try:
        tandem.from_dlpack(np.zeros(3, np.float16))
    except TypeError as e:
        assert "float16" in str(e)
    else:
        raise AssertionError("float16 was accepted")


def test_npy_files():
    with tempfile.TemporaryDirectory() as d:
        a = np.arange(24, dtype=np.int64).reshape(2, 3, 4)
        np.save(os.path.join(d, "a.npy"), a)
        t = tandem.load_npy(os.path.join(d, "a.npy"))
        assert t.shape == (2, 3, 4) and t.dtype == "int64"
        np.testing.assert_array_equal(t.numpy(), a)
        tandem.save_npy(os.path.join(d, "b.npy"), tandem.from_dlpack(a[:, ::-1]))
        np.testing.assert_array_equal(np.load(os.path.join(d, "b.npy")), a[:, ::-1])
        np.save(os.path.join(d, "f.npy"), np.asfortranarray(a.astype(np.float32)))
        np.testing.assert_array_equal(tandem.load_npy(os.path.join(d, "f.npy")).numpy(), a.astype(np.float32))


def test_kernels_against_numpy():
    rng = np.random.default_rng(11)
    x = rng.standard_normal((5, 7))
    t = tandem.from_dlpack(x)
    np.testing.assert_allclose(tandem.sum(t), x.sum(), rtol=1e-12)
    np.testing.assert_allclose(tandem.sum(t, 1).numpy(), x.sum(1), rtol=1e-12)
    np.testing.assert_allclose(tandem.sum(t, -2).numpy(), x.sum(0), rtol=1e-12)
    np.testing.assert_array_equal(tandem.sort(t).numpy(), np.sort(x))
    y = rng.standard_normal((7, 3))
    np.testing.assert_allclose(tandem.matmul(t, tandem.from_dlpack(y)).numpy(), x @ y, rtol=1e-12, atol=1e-12)
    z = rng.standard_normal(100)
    np.testing.assert_allclose(tandem.fft(tandem.from_dlpack(z)).numpy(), np.fft.fft(z), rtol=1e-10, atol=1e-10)
    zc = (rng.standard_normal(17) + 1j * rng.standard_normal(17)).astype(np.complex64)
    np.testing.assert_allclose(tandem.fft(tandem.from_dlpack(zc)).numpy(), np.fft.fft(zc), rtol=1e-4, atol=1e-4)
    try:
        tandem.matmul(t, t)
    except RuntimeError as e:
        assert "5" in str(e) and "7" in str(e)
    else:
        raise AssertionError("a 5x7 by 5x7 product was accepted")


def main():
    tests = [(name, f) for name, f in sorted(globals().items()) if name.startswith("test_") and callable(f)]
    failed = 0
    for name, f in tests:
        try:
            f()
            print(f"ok      {name}")
        except Exception:
            failed += 1
            print(f"FAILED  {name}")
            traceback.print_exc()
    print(f"{len(tests) - failed} of {len(tests)} tests passed (tandem module {tandem.__file__}, numpy {np.__version__})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
