#!/usr/bin/env python3
"""Round trips of .npy and .npz files between numpy and tandem.

  npy_roundtrip.py DRIVER [--keep DIR]

numpy writes arrays of every element type tandem has (bool, the integers, float16,
ml_dtypes' bfloat16, float32, float64, complex64, complex128), of rank 0 to 4 including
empty ones, in C and Fortran order, little- and big-endian, in format versions 1.0, 2.0
and 3.0, and .npz archives stored (savez) and deflated (savez_compressed). The driver
(tests/numpy/npy_driver.cpp) reads each with load_npy (host and device space) and
map_npy, and each archive's arrays, and writes them back with save_npy and save_npz.
numpy reads what tandem wrote and compares it with what it wrote: the same shape, the
same element type (in native byte order) and the same bytes. Exits nonzero, listing
every difference, if any.
"""
import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

try:
    import ml_dtypes
except ImportError:  # scripts/install-deps installs it; without it bfloat16 is not covered
    ml_dtypes = None

TYPES = {"b1": np.bool_, "i1": np.int8, "u1": np.uint8, "i2": np.int16, "u2": np.uint16, "i4": np.int32,
         "u4": np.uint32, "i8": np.int64, "u8": np.uint64, "f2": np.float16, "f4": np.float32, "f8": np.float64,
         "c8": np.complex64, "c16": np.complex128}
if ml_dtypes is not None:
    TYPES["bf16"] = ml_dtypes.bfloat16

SHAPES = {0: [()], 1: [(7,), (0,), (1,)], 2: [(3, 5), (0, 4), (1, 1)], 3: [(2, 3, 4), (3, 0, 2)],
          4: [(2, 1, 3, 2), (1, 2, 2, 0)]}


def sample(rng, code, shape):
    n = int(np.prod(shape, dtype=np.int64))
    dtype = TYPES[code]
    if code == "b1":
        return (rng.integers(0, 2, n) == 1).reshape(shape)
    if code[0] in "iu":
        info = np.iinfo(dtype)
        values = rng.integers(info.min, info.max, n, dtype=dtype, endpoint=True)
        if n >= 2:
            values[0], values[1] = info.min, info.max
        return values.reshape(shape)
    if code[0] == "c":
        part = np.float32 if code == "c8" else np.float64
        out = np.empty(shape, dtype=dtype)
        out.real = sample(rng, "f4" if code == "c8" else "f8", shape).astype(part)
        out.imag = sample(rng, "f4" if code == "c8" else "f8", shape).astype(part)
        return out
    values = rng.standard_normal(n) * 100
    special = [np.nan, np.inf, -np.inf, -0.0, 1e-30]
    for k, v in enumerate(special[: max(0, n - 2)]):
        values[k + 1] = v
    return values.astype(dtype).reshape(shape)


def write_version(path, array, version):
    with open(path, "wb") as f:
        np.lib.format.write_array(f, array, version=version)


def bits(array):
    """The array's bytes in C order and native byte order (what equality means here)."""
    a = np.ascontiguousarray(array)
    if a.dtype.byteorder == ">":
        a = a.astype(a.dtype.newbyteorder("="))
    return a.tobytes()


def same(expected, got):
    if got.shape != expected.shape:
        return f"shape {got.shape}, expected {expected.shape}"
    want_type = expected.dtype.newbyteorder("=") if expected.dtype.byteorder == ">" else expected.dtype
    if ml_dtypes is not None and expected.dtype == np.dtype("V2"):
        want_type = np.dtype(ml_dtypes.bfloat16)
    if got.dtype != want_type:
        return f"dtype {got.dtype}, expected {want_type}"
    if bits(got) != bits(expected):
        return "the elements differ"
    return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("driver")
    parser.add_argument("--keep", help="write the files here and keep them")
    args = parser.parse_args()
    work = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="tandem-npy-"))
    src, out = work / "numpy", work / "tandem"
    src.mkdir(parents=True, exist_ok=True)
    out.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(20261204)
    expected = {}  # tandem's output file -> the array numpy wrote
    lines = []
    count = 0
    for code in TYPES:
        for rank, shapes in SHAPES.items():
            for s, shape in enumerate(shapes):
                base = sample(rng, code, shape)
                variants = [("c", base, None)]
                if rank >= 2:
                    variants.append(("f", np.asfortranarray(base), None))
                if base.dtype.itemsize > 1 and code != "bf16":
                    variants.append(("be", base.astype(base.dtype.newbyteorder(">")), None))
                variants += [("v2", base, (2, 0)), ("v3", base, (3, 0))]
                for name, array, version in variants:
                    file = src / f"{code}_r{rank}_{s}_{name}.npy"
                    if version:
                        write_version(file, array, version)
                    else:
                        np.save(file, array)
                    count += 1
                    mappable = int(name != "be")
                    lines.append(f"npy {file} {code} {rank} {mappable}")
                    for space in ("host", "device") + (("map",) if mappable else ()):
                        expected[out / f"{file.name}.{space}.npy"] = base
    # Archives: a few arrays of mixed types each, stored and deflated.
    for k, codes in enumerate([("f8", "i4", "b1"), ("c8", "u2", "f2"), tuple(TYPES)]):
        arrays = {}
        for j, code in enumerate(codes):
            rank = (j + k) % 5
            arrays[f"a{j}_{code}"] = sample(rng, code, SHAPES[rank][0])
        for saver, suffix in ((np.savez, "stored"), (np.savez_compressed, "deflated")):
            file = src / f"archive{k}_{suffix}.npz"
            saver(file, **arrays)
            for name, array in arrays.items():
                code = next(c for c in TYPES if name.endswith("_" + c))
                lines.append(f"npz {file} {name} {code} {array.ndim}")
            expected[out / file.name] = arrays
            expected[out / (file.name + ".deflated.npz")] = arrays
    (work / "manifest.txt").write_text("\n".join(lines) + "\n")
    run = subprocess.run([args.driver, str(work / "manifest.txt"), str(out)], capture_output=True, text=True)
    sys.stdout.write(run.stdout)
    if run.returncode == 77:  # the CUDA build's driver on a machine without a GPU
        sys.stderr.write(run.stderr)
        return 77
    if run.returncode != 0:
        sys.stderr.write(run.stderr)
        print("FAILED: the driver stopped")
        return 1
    failures = []
    for path, want in expected.items():
        if not path.exists():
            failures.append(f"{path.name}: not written")
            continue
        if isinstance(want, dict):
            with np.load(path) as z:
                if sorted(z.files) != sorted(want):
                    failures.append(f"{path.name}: holds {sorted(z.files)}, expected {sorted(want)}")
                    continue
                for name, array in want.items():
                    problem = same(array, z[name])
                    if problem:
                        failures.append(f"{path.name} [{name}]: {problem}")
        else:
            problem = same(want, np.load(path))
            if problem:
                failures.append(f"{path.name}: {problem}")
    for f in failures:
        print("MISMATCH", f)
    print(f"{count} .npy files and 6 archives written by numpy {np.__version__}, {len(expected)} files written "
          f"back by tandem: {len(failures)} mismatches" + ("" if ml_dtypes else " (ml_dtypes missing: no bfloat16)"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
