#!/usr/bin/env python3
"""Differential test of tandem against numpy.

  differential.py DRIVER [--seed N] [--cases-per-op K] [--keep DIR]

Generates randomized cases (fixed seeds) for every operation the driver knows
(tests/numpy/driver.cpp): element-wise functions and operators, integer division and
bitwise operations, reductions whole and along an axis, scans, sorts and closeness, in
float32, float64, int32 and int64 (and complex64 and complex128 where tandem takes
complex numbers), with broadcast operands, transposed (strided)
operands, empty and size-1 extents, searching (searchsorted, digitize, isin, topk,
partition, argsort along an axis, unique's counts and inverse, bincount), numpy.fft and
numpy.linalg (solve, inv, det, slogdet, cholesky, qr, svd, eigh, eig, lstsq, pinv,
matrix_rank and the matrix norms, on well-conditioned square, tall and wide matrices), and NaN,
infinities and signed zeros among the floats. The driver computes each case in tandem's host and device spaces; numpy
computes it here; the results are compared: exactly for integers, bools, orders and the
correctly rounded float operations, within a stated tolerance for the others. Exits
nonzero, listing every mismatch, if any result differs.
"""
import argparse
import math
import subprocess
import sys
import tempfile
import warnings
from pathlib import Path

import numpy as np

FLOATS = ("f32", "f64")
INTS = ("i32", "i64")
COMPLEX = ("c64", "c128")
NP = {"f32": np.float32, "f64": np.float64, "i32": np.int32, "i64": np.int64, "bool": np.bool_,
      "c64": np.complex64, "c128": np.complex128}
PART = {"c64": "f32", "c128": "f64"}  # the type of a complex type's parts

# Tolerances for float results, in units of the result type's epsilon, relative to the
# magnitude of the expected value ("ulp"), or to the sum of magnitudes of what was
# summed ("sum"). "exact" compares bits (NaN with NaN, zeros by sign).
EXACT = "exact"

# op: (arity, dtypes, tolerance, domain) -- domain names how floats are drawn.
OPS = {
    # correctly rounded, or exact by definition
    "add": (2, FLOATS + INTS, EXACT, "any"),
    "subtract": (2, FLOATS + INTS, EXACT, "any"),
    "multiply": (2, FLOATS + INTS, EXACT, "any"),
    "divide": (2, FLOATS, EXACT, "any"),
    "maximum": (2, FLOATS + INTS, EXACT, "any"),
    "minimum": (2, FLOATS + INTS, EXACT, "any"),
    "less": (2, FLOATS + INTS, EXACT, "any"),
    "equal": (2, FLOATS + INTS, EXACT, "few"),
    "remainder": (2, FLOATS + INTS, EXACT, "any"),
    "floor_divide": (2, FLOATS + INTS, EXACT, "any"),
    "fmod": (2, FLOATS + INTS, EXACT, "any"),
    "copysign": (2, FLOATS, EXACT, "any"),
    "negative": (1, FLOATS + INTS, EXACT, "any"),
    "absolute": (1, FLOATS + INTS, EXACT, "any"),
    "sign": (1, FLOATS + INTS, EXACT, "any"),
    "square": (1, FLOATS + INTS, EXACT, "any"),
    "sqrt": (1, FLOATS, EXACT, "any"),
    "floor": (1, FLOATS, EXACT, "any"),
    "ceil": (1, FLOATS, EXACT, "any"),
    "trunc": (1, FLOATS, EXACT, "any"),
    "rint": (1, FLOATS, EXACT, "halves"),
    "round": (1, FLOATS, EXACT, "halves"),
    # round(a, decimals): the scaling rounds in the element type, as numpy's; eighths put
    # ties at both scales (x * 10 and x / 10)
    "round_1": (1, FLOATS, EXACT, "eighths"),
    "round_m1": (1, FLOATS + INTS, EXACT, "eighths"),
    "reciprocal": (1, FLOATS, EXACT, "any"),
    "isnan": (1, FLOATS, EXACT, "any"),
    "isinf": (1, FLOATS, EXACT, "any"),
    "isfinite": (1, FLOATS, EXACT, "any"),
    "signbit": (1, FLOATS, EXACT, "any"),
    "isclose": (2, FLOATS, EXACT, "close"),
    "allclose": (2, FLOATS, EXACT, "close"),
    "array_equal": (2, FLOATS + INTS, EXACT, "few"),
    "bitwise_and": (2, INTS, EXACT, "any"),
    "bitwise_or": (2, INTS, EXACT, "any"),
    "bitwise_xor": (2, INTS, EXACT, "any"),
    "invert": (1, INTS, EXACT, "any"),
    "left_shift": (2, INTS, EXACT, "shift"),
    "right_shift": (2, INTS, EXACT, "shift"),
    # library functions: a few ulp (numpy has its own SIMD versions of some)
    "exp": (1, FLOATS, 8, "small"),
    "log": (1, FLOATS, 8, "positive"),
    "sin": (1, FLOATS, 8, "small"),
    "cos": (1, FLOATS, 8, "small"),
    "tan": (1, FLOATS, 8, "small"),
    "tanh": (1, FLOATS, 8, "small"),
    "arcsin": (1, FLOATS, 8, "unit"),
    "arccos": (1, FLOATS, 8, "unit"),
    "arctan": (1, FLOATS, 8, "any"),
    "sinh": (1, FLOATS, 8, "small"),
    "cosh": (1, FLOATS, 8, "small"),
    "arcsinh": (1, FLOATS, 8, "any"),
    "arccosh": (1, FLOATS, 8, "positive"),
    "arctanh": (1, FLOATS, 8, "unit"),
    "exp2": (1, FLOATS, 8, "small"),
    "expm1": (1, FLOATS, 8, "small"),
    "log2": (1, FLOATS, 8, "positive"),
    "log10": (1, FLOATS, 8, "positive"),
    "log1p": (1, FLOATS, 8, "positive"),
    "cbrt": (1, FLOATS, 8, "any"),
    "power": (2, FLOATS, 16, "power"),
    "arctan2": (2, FLOATS, 8, "any"),
    "hypot": (2, FLOATS, 8, "any"),
    # max(a, b) + log1p(exp(-|a - b|)): the sum cancels when it is near zero, so an ulp
    # of the terms (which differ between the GPU's and the host's libraries) is the scale
    "logaddexp": (2, FLOATS, "terms", "small"),
    "logaddexp2": (2, FLOATS, "terms", "small"),
    "sinc": (1, FLOATS, 8, "small"),  # sin(pi x) / (pi x): sin's ulps
    # exact: a choice, or one product by numpy's own constant, or one step
    # (numpy's fmax and fmin of -0. and 0. give the second operand in its vector loop
    # and the first in its scalar loop for short arrays: zeros compare by value)
    "fmax": (2, FLOATS, "zeros", "any"),
    "fmin": (2, FLOATS, "zeros", "any"),
    "heaviside": (2, FLOATS, EXACT, "any"),
    "nextafter": (2, FLOATS, EXACT, "any"),
    "deg2rad": (1, FLOATS, EXACT, "any"),
    "rad2deg": (1, FLOATS, EXACT, "any"),
    "fix": (1, FLOATS + INTS, EXACT, "any"),
    # integers: gcd and lcm (|a| / gcd * |b| wrapping, as numpy's), powers by squaring
    # (non-negative exponents: numpy refuses negative ones), true division in float64
    "gcd": (2, INTS, EXACT, "any"),
    "lcm": (2, INTS, EXACT, "any"),
    "power_int": (2, INTS, EXACT, "counts"),
    "true_divide": (2, INTS, EXACT, "any"),
    # reductions and scans: float sums associate differently ("sum" tolerance)
    "sum": (1, FLOATS + INTS, "sum", "finite"),
    "sum_axis": (1, FLOATS + INTS, "sum", "finite"),
    "prod_axis": (1, FLOATS + INTS, 64, "near_one"),
    "mean": (1, FLOATS + INTS, "sum", "finite"),
    "mean_axis": (1, FLOATS + INTS, "sum", "finite"),
    "norm": (1, FLOATS, "sum", "finite"),
    "cumsum": (1, FLOATS + INTS, "sum", "finite"),
    "cumsum_axis": (1, FLOATS + INTS, "sum", "finite"),
    # extremes: tolerance 0 (+0 and -0 equal): which zero numpy's max and nanmax return
    # depends on its loop (np.nanmax([-0., -inf, 0.]) is -0.0, along axis 0 of a
    # column holding the same, 0.0)
    "max": (1, FLOATS + INTS, 0, "any"),
    "max_axis": (1, FLOATS + INTS, 0, "any"),
    "min_axis": (1, FLOATS + INTS, 0, "any"),
    "argmax": (1, FLOATS + INTS, EXACT, "any"),
    "argmin_axis": (1, FLOATS + INTS, EXACT, "any"),
    "any_axis": (1, FLOATS + INTS, EXACT, "sparse"),
    "all": (1, FLOATS + INTS, EXACT, "sparse"),
    "count_nonzero": (1, FLOATS + INTS, EXACT, "sparse"),
    "sort_axis": (1, FLOATS + INTS, EXACT, "nozero"),
    "argsort": (1, FLOATS + INTS, EXACT, "few_nozero"),
    "unique": (1, FLOATS + INTS, EXACT, "few_nozero"),
    # statistics: var merges blocks (numpy: two passes), so a stated tolerance in ulps;
    # order statistics are exact values (numpy's own lerp and mean of the middle two;
    # tolerance 0: which of +0 and -0 is the k-th smallest is not defined)
    "var": (1, FLOATS + INTS, 256, "finite"),
    "var_axis": (1, FLOATS + INTS, 256, "finite"),
    "stddev_axis": (1, FLOATS + INTS, 256, "finite"),
    "ptp_axis": (1, FLOATS + INTS, EXACT, "any"),
    "median": (1, FLOATS + INTS, 0, "any"),
    "median_axis": (1, FLOATS + INTS, 0, "any"),
    "quantile_axis": (1, FLOATS + ("i32",), 0, "any"),
    "percentile": (1, FLOATS + ("i32",), 0, "any"),
    # several q: numpy's float64 q array makes the result float64. Finite data: where the
    # virtual index is integral (always in a lane of one), numpy's _lerp multiplies an
    # infinite neighbour by 0 and gives NaN (numpy issue 21091), tandem the order
    # statistic (docs/api.md); NaN lanes are in tests/tandem/algorithm/statistics.cpp.
    # Floats: of integers numpy subtracts the neighbours in the integer type, which wraps
    # (the median of int32 [-36, 2^31 - 1] is 3.2e9), where tandem's difference is exact
    "quantiles": (1, FLOATS, 0, "finite"),
    # the NaN-ignoring forms: NaNs among finite numbers (the lerp next to an infinity is
    # numpy issue 21091, above)
    "nanmedian_axis": (1, FLOATS + INTS, 0, "any"),
    "nanquantile_axis": (1, FLOATS, 0, "near_one_nan"),
    "nanpercentiles": (1, FLOATS, 0, "near_one_nan"),
    "percentiles_axis": (1, FLOATS, 0, "finite"),
    "quantiles_grid_axis": (1, FLOATS, 0, "finite"),  # a 2-d array of q: q's shape first
    "nansum_axis": (1, FLOATS, "sum", "any"),
    "nanmean_axis": (1, FLOATS + INTS, "sum", "any"),
    "nanmax_axis": (1, FLOATS + INTS, 0, "any"),
    "nanmin_axis": (1, FLOATS + INTS, 0, "any"),
    "nanprod_axis": (1, FLOATS, 64, "near_one_nan"),
    # ddof 1: a lane of one number, or none, is NaN (numpy's nanvar; its var divides by 0)
    "nanvar_axis": (1, FLOATS + INTS, 256, "any"),
    "nanstddev": (1, FLOATS, 256, "any"),
    "cumprod_axis": (1, FLOATS + INTS, EXACT, "near_one"),
    "count_nonzero_axis": (1, FLOATS + INTS, EXACT, "sparse"),
    "flip_axis": (1, FLOATS + INTS, EXACT, "any"),
    "diff_axis": (1, FLOATS + INTS, EXACT, "any"),  # integers wrap in both
    "nan_to_num": (1, FLOATS, EXACT, "any"),
    # joining, repeating, padding: copies, exact
    "concatenate_axis": (1, FLOATS + INTS, EXACT, "any"),
    "roll": (1, FLOATS + INTS, EXACT, "any"),
    "roll_axis": (1, FLOATS + INTS, EXACT, "any"),
    "tile": (1, FLOATS + INTS, EXACT, "any"),
    "repeat_axis": (1, FLOATS + INTS, EXACT, "any"),
    "take_axis": (1, FLOATS + INTS, EXACT, "any"),
    "pad_constant": (1, FLOATS + INTS, EXACT, "any"),
    "pad_edge": (1, FLOATS + INTS, EXACT, "any"),
    "pad_reflect": (1, FLOATS + INTS, EXACT, "any"),
    "pad_wrap": (1, FLOATS + INTS, EXACT, "any"),
    "tril": (1, FLOATS + INTS, EXACT, "any"),
    "triu": (1, FLOATS + INTS, EXACT, "any"),
    # searching: indices, counts and bools, exact; partition is checked by its property
    # (a permutation of the lane with the kth element in place), as numpy's order of the
    # other elements is its own
    "searchsorted_left": (2, FLOATS + INTS, EXACT, "few_nozero"),
    "searchsorted_right": (2, FLOATS + INTS, EXACT, "few_nozero"),
    "digitize": (2, FLOATS + INTS, EXACT, "few_finite"),
    "digitize_right": (2, FLOATS + INTS, EXACT, "few_finite"),
    "isin": (2, FLOATS + INTS, EXACT, "few"),
    # cov and corrcoef of a's rows (or columns), in double: one matrix product of the
    # centred data, as numpy's, whose BLAS may add in another order ("sum" tolerance of
    # the squared deviations); outer: one product per element, exact
    "cov": (1, FLOATS, "cov", "finite"),
    "cov_columns": (1, FLOATS, "cov", "finite"),
    "outer": (2, FLOATS + INTS, EXACT, "any"),
    # einsum: a row's products summed (td::sum along the letter), a b^T as one matmul
    # (floats) or a loop per element (integers, which wrap as numpy's), and a b^T b, a
    # pair contracted first (numpy's one loop sums in another order): sums of products
    "einsum_rows": (2, FLOATS + INTS, "products", "finite"),
    "einsum_abt": (2, FLOATS + INTS, "products", "finite"),
    "einsum_chain": (2, FLOATS + INTS, "products", "finite"),
    # interp through (unique(b), 2 unique(b) + 1), in double as numpy's
    "interp": (2, FLOATS, EXACT, "finite"),
    # with period e: x and b (the sample points, unsorted) modulo e, b's values 2 b + 1 (e, not
    # a short binary fraction, so that no two sample points tie modulo the period: numpy's
    # unstable argsort would order tied points differently)
    "interp_period": (2, FLOATS, EXACT, "finite"),
    # histograms: counts between the edges unique(b) (values on the edges), and 7 equal
    # bins over [min, max] (numpy computes those edges in float32 for float32 data,
    # tandem in double: float64 and integers only); exact
    "histogram_edges": (2, FLOATS + INTS, EXACT, "few_finite"),
    "histogram_auto": (1, ("f64",) + INTS, EXACT, "few_finite"),
    # weighted by a itself (sums in a's type: numpy's float64 bincount, tandem's double or
    # int64 sums, added in other orders) and density=True (counts over widths and total)
    "histogram_weighted": (2, FLOATS + INTS, "sum", "few_finite"),
    "histogram_density": (1, ("f64",) + INTS, "sum", "few_finite"),
    # histogram2d of the points (a, b broadcast to a's shape) over their own ranges, 3 x 4
    # cells weighted by a (float64 sums) and 4 x 3 as a density (numpy's edges are float32
    # for float32 data: float64 and integers only)
    "histogram2d_weighted": (2, ("f64",) + INTS, "sum", "few_finite"),
    "histogram2d_density": (2, ("f64",) + INTS, "sum", "few_finite"),
    # ediff1d of the flattened elements (integers wrap, as numpy's); trim_zeros of them;
    # lexsort by column 1, then column 0 (NaN last, as argsort); exact
    "ediff1d": (1, FLOATS + INTS, EXACT, "any"),
    "trim_zeros": (1, FLOATS + INTS, EXACT, "sparse"),
    "lexsort_columns": (1, FLOATS + INTS, EXACT, "few"),
    # unwrap along an axis: the corrections' running sum associates differently ("sum")
    "unwrap_axis": (1, FLOATS, "sum", "small_finite"),
    # convolve and correlate (a and b taken flat): sums of products, summed in another
    # order ("products": of the same sums of magnitudes); cross and kron: each product
    # rounded on its own, exact; gradient (edge order 1) exact; trapezoid a sum
    "convolve": (2, FLOATS + INTS, "products", "finite"),
    "convolve_same": (2, FLOATS + INTS, "products", "finite"),
    "correlate": (2, FLOATS + INTS, "products", "finite"),
    "correlate_full": (2, FLOATS + INTS, "products", "finite"),
    "cross": (2, FLOATS + INTS, EXACT, "any"),
    "kron": (2, FLOATS + INTS, EXACT, "any"),
    "argwhere": (1, FLOATS + INTS, EXACT, "sparse"),
    "gradient_axis": (1, FLOATS + INTS, EXACT, "any"),
    "tensordot": (1, FLOATS, "sum", "finite"),  # a's axis 0 with a's axis 0: a^T a
    # uneven sample points, second-order ends: numpy's coefficients and order, exact
    "gradient_points_axis": (1, FLOATS + INTS, EXACT, "any"),
    # (numpy adds neighbouring integers in their own type, which wraps, before it turns
    # them into float64; tandem converts first: integers drawn where neither wraps)
    "trapezoid_axis": (1, FLOATS + INTS, "sum", "moderate"),
    "topk_values": (1, FLOATS + INTS, EXACT, "any"),
    "topk_indices": (1, FLOATS + INTS, EXACT, "few_nozero"),
    "partition_axis": (1, FLOATS + INTS, "partition", "nozero"),
    "argpartition_axis": (1, FLOATS + INTS, "partition", "nozero"),
    "argsort_axis": (1, FLOATS + INTS, EXACT, "few_nozero"),
    "unique_counts": (1, FLOATS + INTS, EXACT, "few_nozero"),
    "unique_inverse": (1, FLOATS + INTS, EXACT, "few_nozero"),
    "bincount": (1, INTS, EXACT, "counts"),
    "bincount_weighted": (1, INTS, "sum", "counts"),  # weights a * 0.5, float64 sums
    # numpy.fft: "fft" tolerance, 8 epsilon times log2(n) of the operand's L2 norm
    "fft": (1, FLOATS, "fft", "finite"), "fft_axis": (1, FLOATS, "fft", "finite"),
    "fft_n": (1, FLOATS, "fft", "finite"), "ifft_ortho": (1, FLOATS, "fft", "finite"),
    "fft2": (1, FLOATS, "fft", "finite"), "ifft2_forward": (1, FLOATS, "fft", "finite"),
    "fftn_s": (1, FLOATS, "fft", "finite"), "rfft": (1, FLOATS, "fft", "finite"),
    "rfft_n_axis": (1, FLOATS, "fft", "finite"), "rfft2": (1, FLOATS, "fft", "finite"),
    "fftshift": (1, FLOATS + INTS, EXACT, "any"),
}
# Complex operands (complex64, complex128): op: (arity, tolerance, domain). Tolerances in
# ulps are relative to the magnitude of the expected complex value, for both parts. The
# arithmetic and the library functions are drawn finite: at infinite and NaN parts C++'s
# complex * and / recover infinities (C99 Annex G) where numpy's formulas give NaN, and
# the functions' special values differ in the signs of zeros and infinities. tanh keeps
# |imag| < 1, away from its poles at odd multiples of i pi / 2.
COMPLEX_OPS = {
    "add": (2, EXACT, "any"), "subtract": (2, EXACT, "any"), "negative": (1, EXACT, "any"),
    "equal": (2, EXACT, "few"), "conjugate": (1, EXACT, "any"), "real": (1, EXACT, "any"),
    "imag": (1, EXACT, "any"), "isnan": (1, EXACT, "any"), "isinf": (1, EXACT, "any"),
    "isfinite": (1, EXACT, "any"), "isclose": (2, EXACT, "close"), "allclose": (2, EXACT, "close"),
    "array_equal": (2, EXACT, "few"), "count_nonzero": (1, EXACT, "sparse"),
    "multiply": (2, 4, "finite"), "divide": (2, 8, "finite"), "square": (1, 4, "finite"),
    "absolute": (1, 4, "finite"), "sign": (1, 4, "finite"), "angle": (1, 4, "finite"),
    "exp": (1, 8, "small_finite"), "log": (1, 8, "finite"), "sqrt": (1, 8, "finite"),
    "sin": (1, 8, "small_finite"), "cos": (1, 8, "small_finite"), "tanh": (1, 16, "unit_finite"),
    "power": (2, 64, "power"),
    "sum": (1, "sum", "finite"), "sum_axis": (1, "sum", "finite"), "mean": (1, "sum", "finite"),
    "mean_axis": (1, "sum", "finite"), "cumsum": (1, "sum", "finite"), "cumsum_axis": (1, "sum", "finite"),
    "var": (1, 256, "finite"), "var_axis": (1, 256, "finite"), "stddev_axis": (1, 256, "finite"),
    "norm": (1, "sum", "finite"), "vdot": (1, "sum", "unit_finite"), "matmul": (1, "sum", "unit_finite"),
    "prod_axis": (1, 64, "near_one"), "cumprod_axis": (1, 64, "near_one"),
    "sort_axis": (1, EXACT, "nozero"), "argsort": (1, EXACT, "few_nozero"),
    "flip_axis": (1, EXACT, "any"), "concatenate_axis": (1, EXACT, "any"), "roll": (1, EXACT, "any"),
    "roll_axis": (1, EXACT, "any"), "tile": (1, EXACT, "any"), "repeat_axis": (1, EXACT, "any"),
    "take_axis": (1, EXACT, "any"),
    "pad_constant": (1, EXACT, "any"), "pad_edge": (1, EXACT, "any"), "pad_reflect": (1, EXACT, "any"),
    "pad_wrap": (1, EXACT, "any"), "tril": (1, EXACT, "any"), "triu": (1, EXACT, "any"),
    "fft": (1, "fft", "finite"), "fft_axis": (1, "fft", "finite"), "fft_n": (1, "fft", "finite"),
    "ifft_ortho": (1, "fft", "finite"), "fft2": (1, "fft", "finite"), "ifft2_forward": (1, "fft", "finite"),
    "fftn_s": (1, "fft", "finite"), "irfft": (1, "fft", "finite"), "irfft_n": (1, "fft", "finite"),
    "irfft2": (1, "fft", "finite"), "fftshift": (1, EXACT, "any"),
    "convolve": (2, "products", "finite"), "correlate_full": (2, "products", "finite"),
    "kron": (2, 4, "finite"),
}
# numpy.linalg, in all four float and complex types: op: (arity, matrix, tolerance). The
# matrices are drawn well conditioned (a random matrix plus a diagonal that dominates
# it), so a backward-stable result is within "linalg": 64 n epsilon of the largest
# element of numpy's (n the matrix's larger extent); singular vectors and eigenvectors
# ("vectors", 1024 n epsilon) also depend on the gaps between their values. Factors
# unique only up to signs or phases are compared as magnitudes; general eigenvalues are
# compared sorted (np.sort_complex), as LAPACK does not fix their order.
LINALG_OPS = {
    "linalg_solve": (2, "square", "linalg"), "linalg_inv": (1, "square", "linalg"),
    "linalg_det": (1, "square", "linalg"), "linalg_slogdet": (1, "square", "linalg"),
    "linalg_cholesky": (1, "hpd", "linalg"), "linalg_qr_q": (1, "any", "vectors"),
    "linalg_qr_r": (1, "any", "linalg"), "linalg_svdvals": (1, "any", "linalg"),
    "linalg_svd_u": (1, "any", "vectors"), "linalg_svd_vh": (1, "any", "vectors"),
    "linalg_eigvalsh": (1, "hermitian", "linalg"), "linalg_eigh_vectors": (1, "hermitian", "vectors"),
    "linalg_eig_values": (1, "square", "linalg"), "linalg_lstsq_x": (2, "tall", "linalg"),
    "linalg_lstsq_residuals": (2, "tall", "linalg"), "linalg_pinv": (1, "any", "linalg"),
    "linalg_matrix_rank": (1, "lowrank", EXACT), "linalg_norm_fro": (1, "any", "linalg"),
    "linalg_norm_nuc": (1, "any", "linalg"), "linalg_norm_inf": (1, "any", "linalg"),
    "linalg_norm_1": (1, "any", "linalg"), "linalg_norm_2": (1, "any", "linalg"),
    "linalg_norm_m2": (1, "any", "linalg"), "linalg_eigvals": (1, "square", "linalg"),
    "linalg_cond": (1, "any", "linalg"), "linalg_cond_1": (1, "square", "linalg"),
    "linalg_matrix_power": (1, "square", "linalg"), "linalg_matrix_power_m2": (1, "square", "linalg"),
    "linalg_multi_dot": (2, "square", "linalg"),
}
LINALG_SHAPES = {
    "square": [(1, 1), (2, 2), (3, 3), (5, 5), (8, 8), (13, 13)],
    "any": [(1, 1), (3, 5), (6, 4), (8, 8), (13, 5), (2, 9)],
    "tall": [(3, 1), (5, 3), (13, 5), (9, 2), (20, 7)],
}
LINALG_SHAPES.update(hpd=LINALG_SHAPES["square"], hermitian=LINALG_SHAPES["square"], lowrank=LINALG_SHAPES["any"])


def linalg_numpy(op, a, b):
    la = np.linalg
    cplx = {np.dtype(np.float32): np.complex64, np.dtype(np.complex64): np.complex64}.get(a.dtype, np.complex128)
    return {
        "linalg_solve": lambda: la.solve(a, b), "linalg_inv": lambda: la.inv(a), "linalg_det": lambda: la.det(a),
        "linalg_slogdet": lambda: la.slogdet(a)[1], "linalg_cholesky": lambda: la.cholesky(a),
        "linalg_qr_q": lambda: np.abs(la.qr(a)[0]), "linalg_qr_r": lambda: np.abs(la.qr(a)[1]),
        "linalg_svdvals": lambda: la.svd(a, compute_uv=False),
        "linalg_svd_u": lambda: np.abs(la.svd(a, full_matrices=False)[0]),
        "linalg_svd_vh": lambda: np.abs(la.svd(a, full_matrices=False)[2]),
        "linalg_eigvalsh": lambda: la.eigvalsh(a), "linalg_eigh_vectors": lambda: np.abs(la.eigh(a)[1]),
        "linalg_eig_values": lambda: np.sort_complex(la.eigvals(a)).astype(cplx),
        "linalg_lstsq_x": lambda: la.lstsq(a, b)[0], "linalg_lstsq_residuals": lambda: la.lstsq(a, b)[1],
        "linalg_pinv": lambda: la.pinv(a), "linalg_matrix_rank": lambda: np.int64(la.matrix_rank(a)),
        "linalg_norm_fro": lambda: la.norm(a, "fro"), "linalg_norm_nuc": lambda: la.norm(a, "nuc"),
        "linalg_norm_inf": lambda: la.norm(a, np.inf), "linalg_norm_1": lambda: la.norm(a, 1),
        "linalg_norm_2": lambda: la.norm(a, 2), "linalg_norm_m2": lambda: la.norm(a, -2),
        "linalg_eigvals": lambda: np.sort_complex(la.eigvals(a)).astype(cplx),
        "linalg_cond": lambda: la.cond(a), "linalg_cond_1": lambda: la.cond(a, 1),
        "linalg_matrix_power": lambda: la.matrix_power(a, 3), "linalg_matrix_power_m2": lambda: la.matrix_power(a, -2),
        "linalg_multi_dot": lambda: la.multi_dot([a, a, b]),
    }[op]()


def draw_matrix(rng, dt, shape, kind):
    """A matrix of `kind` (see LINALG_OPS) with elements of dt."""
    m, n = shape

    def rand(r, c):
        x = rng.uniform(-1, 1, (r, c))
        return x + 1j * rng.uniform(-1, 1, (r, c)) if dt in COMPLEX else x

    if kind == "lowrank":
        r = int(rng.integers(0, min(m, n) + 1))
        x = rand(m, r) @ rand(r, n)
    elif kind in ("hpd", "hermitian"):
        x = rand(m, n)
        x = x @ x.conj().T + n * np.eye(n) if kind == "hpd" else (x + x.conj().T) / 2
    else:
        x = rand(m, n)
        k = min(m, n)
        x[np.arange(k), np.arange(k)] += 2 * (math.sqrt(m) + math.sqrt(n))
    return x.astype(NP[dt])


def take_indices(n):
    """take_axis's indices along an axis of length n (the driver's are the same): a 2 x 2
    block with the last, first, a negative and the middle one; none when n is 0."""
    return np.array([[n - 1, 0], [-1, n // 2]]) if n else np.zeros((2, 0), np.int64)


AXIS_OPS = {"sum_axis", "prod_axis", "mean_axis", "cumsum_axis", "max_axis", "min_axis", "argmin_axis",
            "any_axis", "sort_axis", "var_axis", "stddev_axis", "ptp_axis", "median_axis", "quantile_axis", "nanmedian_axis", "nanquantile_axis",
            "percentiles_axis", "quantiles_grid_axis",
            "nansum_axis", "nanmean_axis", "nanmax_axis", "nanmin_axis", "nanprod_axis", "nanvar_axis",
            "cumprod_axis", "count_nonzero_axis", "flip_axis", "diff_axis", "gradient_axis", "unwrap_axis", "gradient_points_axis", "trapezoid_axis",
            "concatenate_axis", "roll_axis", "repeat_axis", "take_axis", "topk_values", "topk_indices", "partition_axis",
            "argpartition_axis", "argsort_axis", "fft_axis", "rfft_n_axis"}
# (numpy's nanpercentile of an empty array returns nanmean's 0-d NaN, whatever the q's)
NEEDS_NONEMPTY = {"max", "max_axis", "min_axis", "argmax", "argmin_axis", "ptp_axis", "quantile_axis", "percentile",
                  "quantiles", "nanpercentiles", "percentiles_axis", "quantiles_grid_axis",
                  "nanmax_axis", "nanmin_axis", "pad_edge", "pad_reflect", "pad_wrap", "partition_axis",
                  "argpartition_axis",
                  "digitize", "digitize_right", "interp", "interp_period", "cov", "cov_columns", "outer", "fft", "fft_axis", "ifft_ortho", "fft2", "ifft2_forward",
                  "rfft", "rfft_n_axis", "rfft2", "fft_n", "fftn_s",
                  "convolve", "convolve_same", "correlate", "correlate_full"}
# irfft without n needs two or more points along the last axis (n = 2 (m - 1) >= 2)
# (and gradient two or more along its axis)
NEEDS_TWO_COLUMNS = {"irfft", "irfft2", "irfft_n", "gradient_axis", "lexsort_columns"}
NEEDS_THREE = {"gradient_points_axis"}  # three or more along its axis (second-order ends)
# cross: rows of 3-vectors, b of a's shape or one row
THREE_COLUMNS = {"cross"}


def topk_order(a, axis):
    """Indices of each lane, largest first, NaN largest, ties by lower index (stable)."""
    if a.dtype.kind == "f":
        keys = (np.where(np.isnan(a), 0, -a), ~np.isnan(a))  # lexsort: the last key is primary
    else:
        keys = (~a,)  # ~x = -x - 1: descending without overflow
    return np.lexsort(keys, axis=axis).astype(np.int64)


def topk(a, axis, values):
    n = a.shape[axis]
    idx = np.take(topk_order(a, axis), np.arange(min(3, n)), axis=axis)
    return np.take_along_axis(a, idx, axis=axis) if values else idx


def linear_quantile(a, q, axis):
    """numpy's default (linear) quantile, but the order statistic itself where the virtual
    index (n - 1) q is a whole number: numpy's _lerp multiplies an infinite neighbour by
    t = 0 there and gives NaN (numpy issue 21091), where tandem gives the element
    (docs/api.md). The several-q ops draw finite data instead. Integers are taken as
    float64 first: numpy subtracts the two neighbours in the integer type, which wraps
    where they are far apart (int32 -2^31 + 5 and 2^31 - 7), tandem's difference is exact
    (docs/api.md); where nothing wraps the two are the same operations."""
    n = a.size if axis is None else a.shape[axis]
    if a.dtype.kind in "iu":
        a = a.astype(np.float64)
    want = np.quantile(a, q, axis=axis)
    if n and (n - 1) * q == math.floor((n - 1) * q):
        return np.asarray(np.quantile(a, q, axis=axis, method="lower")).astype(want.dtype)
    return want


def numpy_result(op, dt, a, b, axis):
    if op in LINALG_OPS:
        return np.asarray(linalg_numpy(op, a, b))
    t = NP[dt]
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # numpy's "mean of empty slice"
        f = {
            "add": lambda: a + b, "subtract": lambda: a - b, "multiply": lambda: a * b,
            "divide": lambda: a / b, "maximum": lambda: np.maximum(a, b), "minimum": lambda: np.minimum(a, b),
            "less": lambda: a < b, "equal": lambda: a == b, "remainder": lambda: np.remainder(a, b),
            "floor_divide": lambda: np.floor_divide(a, b), "fmod": lambda: np.fmod(a, b),
            "copysign": lambda: np.copysign(a, b), "negative": lambda: -a, "absolute": lambda: np.abs(a),
            "sign": lambda: np.sign(a), "square": lambda: np.square(a), "sqrt": lambda: np.sqrt(a),
            "floor": lambda: np.floor(a), "ceil": lambda: np.ceil(a), "trunc": lambda: np.trunc(a),
            "rint": lambda: np.rint(a), "round": lambda: np.round(a), "round_1": lambda: np.round(a, 1),
            "round_m1": lambda: np.round(a, -1), "reciprocal": lambda: np.reciprocal(a),
            "isnan": lambda: np.isnan(a), "isinf": lambda: np.isinf(a), "isfinite": lambda: np.isfinite(a),
            "signbit": lambda: np.signbit(a), "isclose": lambda: np.isclose(a, b),
            "allclose": lambda: np.bool_(np.allclose(a, b)), "array_equal": lambda: np.bool_(np.array_equal(a, b)),
            "bitwise_and": lambda: a & b, "bitwise_or": lambda: a | b, "bitwise_xor": lambda: a ^ b,
            "invert": lambda: ~a, "left_shift": lambda: np.left_shift(a, b), "right_shift": lambda: np.right_shift(a, b),
            "exp": lambda: np.exp(a), "log": lambda: np.log(a), "sin": lambda: np.sin(a), "cos": lambda: np.cos(a),
            "tan": lambda: np.tan(a), "tanh": lambda: np.tanh(a), "arcsin": lambda: np.arcsin(a),
            "arccos": lambda: np.arccos(a), "arctan": lambda: np.arctan(a), "sinh": lambda: np.sinh(a),
            "cosh": lambda: np.cosh(a), "arcsinh": lambda: np.arcsinh(a), "arccosh": lambda: np.arccosh(a),
            "arctanh": lambda: np.arctanh(a), "exp2": lambda: np.exp2(a), "expm1": lambda: np.expm1(a),
            "log2": lambda: np.log2(a), "log10": lambda: np.log10(a), "log1p": lambda: np.log1p(a),
            "cbrt": lambda: np.cbrt(a), "power": lambda: np.power(a, b), "arctan2": lambda: np.arctan2(a, b),
            "hypot": lambda: np.hypot(a, b), "logaddexp": lambda: np.logaddexp(a, b),
            "logaddexp2": lambda: np.logaddexp2(a, b), "sinc": lambda: np.sinc(a),
            "fmax": lambda: np.fmax(a, b), "fmin": lambda: np.fmin(a, b), "heaviside": lambda: np.heaviside(a, b),
            "nextafter": lambda: np.nextafter(a, b), "deg2rad": lambda: np.deg2rad(a),
            "rad2deg": lambda: np.rad2deg(a), "fix": lambda: np.fix(a), "gcd": lambda: np.gcd(a, b),
            "lcm": lambda: np.lcm(a, b), "power_int": lambda: np.power(a, b),
            "true_divide": lambda: np.true_divide(a, b),
            # tandem keeps the element type of sums and products (docs/api.md)
            "sum": lambda: np.sum(a, dtype=t), "sum_axis": lambda: np.sum(a, axis=axis, dtype=t),
            "prod_axis": lambda: np.prod(a, axis=axis, dtype=t),
            "mean": lambda: np.mean(a, dtype=np.float64 if dt in INTS else t).astype(np.float64 if dt in INTS else t),
            "mean_axis": lambda: np.mean(a, axis=axis, dtype=np.float64 if dt in INTS else t).astype(
                np.float64 if dt in INTS else t),
            "norm": lambda: (NP[PART[dt]](np.sqrt(np.sum(np.abs(a.astype(np.complex128)) ** 2))) if dt in COMPLEX
                             else t(np.sqrt(np.sum(a.astype(np.float64) ** 2)))),
            "conjugate": lambda: np.conjugate(a), "real": lambda: np.ascontiguousarray(np.real(a)),
            "imag": lambda: np.ascontiguousarray(np.imag(a)), "angle": lambda: np.angle(a),
            "vdot": lambda: t(np.vdot(a, a + np.sin(a))), "matmul": lambda: a @ a.T,
            "cumsum": lambda: np.cumsum(a, dtype=t), "cumsum_axis": lambda: np.cumsum(a, axis=axis, dtype=t),
            "max": lambda: np.max(a), "max_axis": lambda: np.max(a, axis=axis), "min_axis": lambda: np.min(a, axis=axis),
            "argmax": lambda: np.int64(np.argmax(a)), "argmin_axis": lambda: np.argmin(a, axis=axis).astype(np.int64),
            "any_axis": lambda: np.any(a, axis=axis), "all": lambda: np.bool_(np.all(a)),
            "count_nonzero": lambda: np.int64(np.count_nonzero(a)),
            "sort_axis": lambda: np.sort(a, axis=axis, kind="stable"),
            "argsort": lambda: np.argsort(a.reshape(-1), kind="stable").astype(np.int64),
            "unique": lambda: np.unique(a),
            "var": lambda: np.var(a), "var_axis": lambda: np.var(a, axis=axis, ddof=1),
            "stddev_axis": lambda: np.std(a, axis=axis), "ptp_axis": lambda: np.ptp(a, axis=axis),
            "median": lambda: np.median(a), "median_axis": lambda: np.median(a, axis=axis),
            "nanmedian_axis": lambda: np.nanmedian(a, axis=axis),
            "nanquantile_axis": lambda: np.nanquantile(a, 0.3, axis=axis),
            # float64 for float32 too (the list of q's promotes), which numpy's all-NaN
            # path forgets (it returns float32 NaNs there)
            "nanpercentiles": lambda: np.nanpercentile(a, [77.31, 22.69]).astype(np.float64),
            "quantile_axis": lambda: linear_quantile(a, 0.3, axis), "percentile": lambda: linear_quantile(a, 0.9, None),
            "quantiles": lambda: np.quantile(a, [0.9137, 0.0871, 0.5113]),
            "percentiles_axis": lambda: np.percentile(a, [77.31, 22.69], axis=axis),
            "quantiles_grid_axis": lambda: np.quantile(a, np.array([[0.1, 0.7], [0.35, 1.0]]), axis=axis),
            "nansum_axis": lambda: np.nansum(a, axis=axis), "nanmean_axis": lambda: np.nanmean(a, axis=axis),
            "nanmax_axis": lambda: np.nanmax(a, axis=axis), "nanmin_axis": lambda: np.nanmin(a, axis=axis),
            "nanprod_axis": lambda: np.nanprod(a, axis=axis), "nanvar_axis": lambda: np.nanvar(a, axis=axis, ddof=1),
            "nanstddev": lambda: np.nanstd(a), "cumprod_axis": lambda: np.cumprod(a, axis=axis, dtype=t),
            "count_nonzero_axis": lambda: np.count_nonzero(a, axis=axis).astype(np.int64),
            "flip_axis": lambda: np.flip(a, axis=axis), "diff_axis": lambda: np.diff(a, axis=axis),
            "nan_to_num": lambda: np.nan_to_num(a),
            "concatenate_axis": lambda: np.concatenate((a, np.flip(a, 0)), axis=axis),
            "roll": lambda: np.roll(a, -5), "roll_axis": lambda: np.roll(a, 3, axis=axis),
            "tile": lambda: np.tile(a, (2, 3)), "repeat_axis": lambda: np.repeat(a, 2, axis=axis),
            "take_axis": lambda: np.take(a, take_indices(a.shape[axis]), axis=axis),
            "pad_constant": lambda: np.pad(a, ((2, 1), (0, 3)), constant_values=7),
            "pad_edge": lambda: np.pad(a, ((2, 1), (0, 3)), mode="edge"),
            "pad_reflect": lambda: np.pad(a, ((2, 1), (0, 9)), mode="reflect"),
            "pad_wrap": lambda: np.pad(a, ((5, 1), (0, 3)), mode="wrap"),
            "tril": lambda: np.tril(a, 1), "triu": lambda: np.triu(a, -1),
            "searchsorted_left": lambda: np.searchsorted(np.sort(a.reshape(-1)), b, side="left").astype(np.int64),
            "searchsorted_right": lambda: np.searchsorted(np.sort(a.reshape(-1)), b, side="right").astype(np.int64),
            "digitize": lambda: np.digitize(a, np.unique(b)).astype(np.int64),
            "digitize_right": lambda: np.digitize(a, np.unique(b), right=True).astype(np.int64),
            "isin": lambda: np.isin(a, b),
            # numpy squeezes one variable's [1, 1] to 0-d; a rank-2 operand keeps rank 2 here
            "cov": lambda: np.atleast_2d(np.cov(a)),
            "cov_columns": lambda: np.atleast_2d(np.cov(a, rowvar=False, ddof=0)),
            "outer": lambda: np.outer(a[0], b[0]),
            "einsum_rows": lambda: np.einsum("ij,ij->i", a, b), "einsum_abt": lambda: np.einsum("ij,kj->ik", a, b),
            "einsum_chain": lambda: np.einsum("ij,kj,kl->il", a, b, b),
            "interp": lambda: np.interp(a, np.unique(b), np.unique(b).astype(np.float64) * 2 + 1),
            "interp_period": lambda: np.interp(a, b.ravel(), b.ravel().astype(np.float64) * 2 + 1, period=2.718281828459045),
            "histogram_edges": lambda: np.histogram(a, bins=np.unique(b))[0].astype(np.int64),
            "histogram_auto": lambda: np.histogram(a, 7)[0].astype(np.int64),
            "histogram_weighted": lambda: np.histogram(a, bins=np.unique(b), weights=a)[0],
            "histogram_density": lambda: np.histogram(a, 7, density=True)[0],
            "histogram2d_weighted": lambda: np.histogram2d(a.ravel(), np.broadcast_to(b, a.shape).ravel(), [3, 4],
                                                           weights=a.ravel())[0],
            "histogram2d_density": lambda: np.histogram2d(a.ravel(), np.broadcast_to(b, a.shape).ravel(), [4, 3],
                                                          density=True)[0],
            "ediff1d": lambda: np.ediff1d(a),
            "trim_zeros": lambda: np.trim_zeros(a.ravel()),
            "lexsort_columns": lambda: np.lexsort((a[:, 0], a[:, 1])).astype(np.int64),
            "unwrap_axis": lambda: np.unwrap(a, axis=axis),
            "convolve": lambda: np.convolve(a.reshape(-1), b.reshape(-1)),
            "convolve_same": lambda: np.convolve(a.reshape(-1), b.reshape(-1), "same"),
            "correlate": lambda: np.correlate(a.reshape(-1), b.reshape(-1)),
            "correlate_full": lambda: np.correlate(a.reshape(-1), b.reshape(-1), "full"),
            "cross": lambda: np.cross(a, b), "kron": lambda: np.kron(a, b[:2, :3]),
            "argwhere": lambda: np.argwhere(a).astype(np.int64),
            "gradient_axis": lambda: np.gradient(a, 0.3, axis=axis),
            "tensordot": lambda: np.tensordot(a, a, ([0], [0])),
            "gradient_points_axis": lambda: np.gradient(
                a, np.arange(a.shape[axis]) + 0.25 * (np.arange(a.shape[axis]) % 3), axis=axis, edge_order=2),
            "trapezoid_axis": lambda: np.trapezoid(a, dx=0.5, axis=axis),
            "topk_values": lambda: topk(a, axis, True), "topk_indices": lambda: topk(a, axis, False),
            "partition_axis": lambda: np.sort(a, axis=axis), "argpartition_axis": lambda: np.sort(a, axis=axis),
            "argsort_axis": lambda: np.argsort(a, axis=axis, kind="stable").astype(np.int64),
            "unique_counts": lambda: np.unique(a, return_counts=True)[1].astype(np.int64),
            "unique_inverse": lambda: np.unique(a, return_inverse=True)[1].reshape(a.shape).astype(np.int64),
            "bincount": lambda: np.bincount(a.reshape(-1), minlength=3).astype(np.int64),
            # (numpy gives int64 zeros for an empty x, weights or not; tandem doubles)
            "bincount_weighted": lambda: np.bincount(a.reshape(-1), weights=a.reshape(-1) * 0.5,
                                                     minlength=3).astype(np.float64),
            "fft": lambda: np.fft.fft(a), "fft_axis": lambda: np.fft.fft(a, axis=axis),
            "fft_n": lambda: np.fft.fft(a, n=7, axis=0), "ifft_ortho": lambda: np.fft.ifft(a, norm="ortho"),
            "fft2": lambda: np.fft.fft2(a), "ifft2_forward": lambda: np.fft.ifft2(a, norm="forward"),
            "fftn_s": lambda: np.fft.fftn(a, s=(5, 4), axes=(1, 0)),
            "rfft": lambda: np.fft.rfft(a), "rfft_n_axis": lambda: np.fft.rfft(a, n=9, axis=axis),
            "rfft2": lambda: np.fft.rfft2(a), "irfft": lambda: np.fft.irfft(a),
            "irfft_n": lambda: np.fft.irfft(a, n=9), "irfft2": lambda: np.fft.irfft2(a),
            "fftshift": lambda: np.fft.fftshift(a),
        }[op]
        return np.asarray(f())


def draw_floats(rng, dt, shape, domain):
    t = NP[dt]
    n = int(np.prod(shape))
    if domain == "positive":
        x = np.exp(rng.uniform(-8, 8, n))
    elif domain in ("unit", "unit_finite"):
        x = rng.uniform(-1, 1, n)
    elif domain in ("small", "small_finite"):
        x = rng.uniform(-10, 10, n)
    elif domain == "halves":
        x = rng.integers(-20, 20, n) / 2.0
    elif domain == "eighths":
        x = rng.integers(-800, 800, n) / 8.0
    elif domain == "power":
        x = rng.uniform(0, 4, n)
    elif domain in ("near_one", "near_one_nan"):
        x = rng.uniform(0.9, 1.1, n)
        if domain == "near_one_nan":
            x[rng.random(n) < 0.15] = np.nan
    elif domain == "sparse":
        x = np.where(rng.random(n) < 0.9, 0.0, rng.uniform(-5, 5, n))
    elif domain in ("few", "few_nozero", "close", "few_finite"):
        x = rng.integers(-3, 4, n).astype(np.float64)
    else:
        x = rng.uniform(-100, 100, n) * np.exp(rng.uniform(-3, 3, n))
    if domain in ("any", "small", "positive", "unit", "close", "few", "eighths"):  # the special values
        specials = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0])
        hit = rng.random(n) < 0.15
        x[hit] = rng.choice(specials, hit.sum())
    if domain in ("nozero", "few_nozero"):  # sorts: -0 and +0 compare equal; keep one zero
        x[x == 0] = 0.0
        hit = rng.random(n) < 0.1
        x[hit] = rng.choice(np.array([np.inf, -np.inf, np.nan]), hit.sum())
    return x.astype(t).reshape(shape)


def draw_ints(rng, dt, shape, domain, op):
    t = NP[dt]
    info = np.iinfo(t)
    n = int(np.prod(shape))
    if domain == "shift":
        return rng.integers(-200, 200, n).astype(t).reshape(shape)
    if domain in ("sparse",):
        return np.where(rng.random(n) < 0.9, 0, rng.integers(-5, 5, n)).astype(t).reshape(shape)
    if domain in ("few", "few_nozero", "few_finite"):
        return rng.integers(-3, 4, n).astype(t).reshape(shape)
    if domain == "moderate":
        return rng.integers(-10**6, 10**6, n).astype(t).reshape(shape)
    if domain == "counts":
        return rng.integers(0, 12, n).astype(t).reshape(shape)
    if domain == "eighths":  # round(a, -1) of integers: ties at odd multiples of 5
        return rng.integers(-1000, 1000, n).astype(t).reshape(shape)
    if domain == "near_one":
        return rng.integers(-2, 3, n).astype(t).reshape(shape)
    if op in ("sum", "sum_axis", "mean", "mean_axis", "cumsum", "cumsum_axis"):
        x = rng.integers(info.min // 4, info.max // 4, n, dtype=np.int64 if dt == "i64" else np.int32)
    else:
        x = rng.integers(-1000, 1000, n)
    x = x.astype(t)
    hit = rng.random(n) < 0.1
    x[hit] = rng.choice(np.array([0, -1, 1, info.min, info.max], dtype=t), hit.sum())
    return x.reshape(shape)


def draw(rng, dt, shape, domain, op):
    if dt in COMPLEX:  # each part as a float of the part type; near one, a small imaginary part
        re = draw_floats(rng, PART[dt], shape, domain)
        im = draw_floats(rng, PART[dt], shape, domain)
        if domain == "near_one":
            im = rng.uniform(-0.05, 0.05, shape).astype(NP[PART[dt]])
        return _complex(re, im, dt)
    if dt in FLOATS:
        return draw_floats(rng, dt, shape, domain)
    return draw_ints(rng, dt, shape, domain, op)


def _complex(re, im, dt):
    """re + i im without arithmetic (which would turn an infinite part's partner into NaN)."""
    z = np.empty(re.shape, dtype=NP[dt])
    z.real, z.imag = re, im
    return z


def float_text(v):
    return "nan" if math.isnan(v) else float(v).hex()


def text(x, dt):
    if dt in COMPLEX:
        return " ".join(f"{float_text(v.real)}:{float_text(v.imag)}" for v in x.reshape(-1).tolist())
    if dt in FLOATS:
        return " ".join(float_text(v) for v in x.reshape(-1).tolist())
    return " ".join(str(int(v)) for v in x.reshape(-1).tolist())


def make_cases(seed, per_op):
    rng = np.random.default_rng(seed)
    cases = []
    shapes = [(1, 1), (1, 7), (5, 1), (4, 6), (16, 33), (3, 0), (0, 4), (64, 65), (300, 7)]
    table = [(op, arity, dtypes, domain) for op, (arity, dtypes, _, domain) in OPS.items()]
    table += [(op, arity, COMPLEX, domain) for op, (arity, _, domain) in COMPLEX_OPS.items()]
    for op, arity, dtypes, domain in table:
        for dt in dtypes:
            for k in range(per_op):
                shape = shapes[rng.integers(len(shapes))] if k else (2, 3)
                if (op in NEEDS_NONEMPTY and 0 in shape) or (op in NEEDS_TWO_COLUMNS and min(shape) < 2) or (
                        op in NEEDS_THREE and min(shape) < 3):
                    shape = (3, 5)
                if op in THREE_COLUMNS:
                    shape = (shape[0], 3)
                transposed = bool(rng.integers(2))
                a = draw(rng, dt, shape, domain, op)
                b = None
                if arity == 2:
                    form = rng.integers(2 if op in THREE_COLUMNS else 4)  # same shape, a row, a column, or one element
                    bshape = [shape, (1, shape[1]), (shape[0], 1), (1, 1)][form]
                    b = draw(rng, dt, bshape, domain, op)
                    if domain == "close" and form == 0:  # a mixture of close and far pairs
                        noise = rng.choice([0.0, 1e-9, 1e-6, 1e-3], size=shape)
                        with np.errstate(all="ignore"):  # infinite parts times (1 + noise)
                            b = (a * (1 + noise)).astype(NP[dt])
                    if op in ("array_equal",) and rng.integers(2):
                        b = a.copy()
                axis = int(rng.integers(-2, 2)) if op in AXIS_OPS else 0
                cases.append({"id": f"{op}.{dt}.{k}", "op": op, "dt": dt, "a": a, "b": b, "axis": axis,
                              "transposed": transposed})
    for op, (arity, kind, _) in LINALG_OPS.items():
        for dt in FLOATS + COMPLEX:
            for k in range(per_op):
                shapes_of = LINALG_SHAPES[kind]
                shape = shapes_of[rng.integers(len(shapes_of))]
                a = draw_matrix(rng, dt, shape, kind)
                b = draw_matrix(rng, dt, (shape[0], 2), "rand") if arity == 2 else None
                cases.append({"id": f"{op}.{dt}.{k}", "op": op, "dt": dt, "a": a, "b": b, "axis": 0,
                              "transposed": bool(rng.integers(2))})
    return cases


def write_cases(cases, path):
    with open(path, "w") as f:
        for c in cases:
            a = c["a"]
            sent = a.T if c["transposed"] else a
            layout = "transposed" if c["transposed"] else "plain"
            f.write(f"case {c['id']} {c['op']} {c['dt']} {layout} {c['axis']}\n")
            f.write(f"a {sent.shape[0]} {sent.shape[1]} {text(np.ascontiguousarray(sent), c['dt'])}\n")
            if c["b"] is not None:
                b = c["b"]
                f.write(f"b {b.shape[0]} {b.shape[1]} {text(b, c['dt'])}\n")
            f.write("end\n")


def parse_float(v):
    return float("nan") if v == "nan" else float.fromhex(v)


def parse_results(path):
    out = {}
    for line in open(path):
        parts = line.split()
        if parts[0] == "error":
            out[(parts[1], parts[2])] = ("error", " ".join(parts[3:]))
            continue
        _, cid, space, dt, rank = parts[:5]
        rank = int(rank)
        shape = tuple(int(v) for v in parts[5:5 + rank])
        vals = parts[6 + rank:]
        if dt in COMPLEX:
            parts = [v.split(":") for v in vals]
            arr = np.array([complex(parse_float(r), parse_float(i)) for r, i in parts], dtype=np.complex128)
        elif dt in FLOATS:
            arr = np.array([parse_float(v) for v in vals], dtype=np.float64)
        else:
            arr = np.array([int(v) for v in vals], dtype=np.int64)
        out[(cid, space)] = (dt, arr.astype(NP[dt]).reshape(shape))
    return out


def compare(c, want, got_dt, got):
    """None when they agree, else a description of the first difference."""
    op, dt = c["op"], c["dt"]
    tol = LINALG_OPS[op][2] if op in LINALG_OPS else COMPLEX_OPS[op][1] if dt in COMPLEX else OPS[op][2]
    if tol == "partition":
        return partition_mismatch(c, want, got)
    want_dt = {np.dtype(v): k for k, v in NP.items()}.get(want.dtype)
    if want_dt != got_dt:
        return f"element type {got_dt}, numpy's is {want.dtype}"
    if want.shape != got.shape:
        return f"shape {got.shape}, numpy's is {want.shape}"
    if got_dt not in FLOATS and got_dt not in COMPLEX:
        bad = np.nonzero(want.reshape(-1) != got.reshape(-1))[0]
        return None if bad.size == 0 else f"element {bad[0]}: {got.reshape(-1)[bad[0]]}, numpy {want.reshape(-1)[bad[0]]}"
    if got_dt in COMPLEX:  # both parts, each to the complex value's tolerance
        wz, gz = want.reshape(-1).astype(np.complex128), got.reshape(-1).astype(np.complex128)
        w, g = np.stack([wz.real, wz.imag], -1).reshape(-1), np.stack([gz.real, gz.imag], -1).reshape(-1)
        magnitude = np.repeat(np.abs(wz), 2)
        part_dt = PART[got_dt]
    else:
        w, g = want.reshape(-1).astype(np.float64), got.reshape(-1).astype(np.float64)
        magnitude = np.abs(w)
        part_dt = got_dt
    eps = float(np.finfo(NP[part_dt]).eps)
    nan_w, nan_g = np.isnan(w), np.isnan(g)
    same = (nan_w & nan_g) | ((w == g) & (np.signbit(w) == np.signbit(g)))
    if tol == EXACT:
        ok = same
    elif tol == "zeros":  # exact, but -0. and 0. taken as one value
        ok = (nan_w & nan_g) | (w == g)
    else:
        if tol in ("linalg", "vectors"):  # relative to the result's largest element
            finite = np.abs(w[np.isfinite(w)])
            top = max(float(finite.max()) if finite.size else 0.0, float(np.finfo(NP[part_dt]).tiny))
            scale = np.full(w.shape, top * (64 if tol == "linalg" else 1024) * max(c["a"].shape) * eps)
        elif tol == "terms":  # 8 ulp of the larger operand, as well as of the result
            with np.errstate(all="ignore"):
                terms = np.maximum(np.abs(c["a"].astype(np.float64)), np.abs(c["b"].astype(np.float64)))
                scale = (np.broadcast_to(terms, want.shape).reshape(-1) + magnitude) * 8 * eps
        elif tol == "cov":  # each element a sum of n products of centred values, over n - ddof
            x = c["a"].astype(np.float64)
            x = x if c["op"] == "cov" else x.T
            d = np.abs(x - x.mean(axis=1, keepdims=True))
            n = max(x.shape[1], 2)
            scale = (d @ d.T).reshape(-1) * 8 * eps * math.log2(n) / max(n - (1 if c["op"] == "cov" else 0), 1)
        elif tol == "products":  # each output a sum of products: those of the magnitudes
            mag = numpy_result(op, "f64", np.abs(c["a"]).astype(np.float64), np.abs(c["b"]).astype(np.float64), 0)
            bound = mag.reshape(-1)
            if dt in COMPLEX:
                bound = np.repeat(bound, 2)
            n = min(c["a"].size, c["b"].size)
            scale = bound * 4 * eps * max(1.0, math.log2(max(n, 2)))
        elif tol == "fft":  # each output an n-point sum of products with unit twiddles
            x = c["a"].astype(np.complex128)
            n = max(x.size, 2)
            scale = np.full(w.shape, float(np.sqrt(np.sum(np.abs(x) ** 2))) * 8 * eps * math.log2(n))
        elif tol == "sum":
            x = c["a"].astype(np.complex128 if dt in COMPLEX else np.float64)
            if op == "vdot":  # a sum of products: the products' magnitudes
                bound, n = np.array([np.sum(np.abs(x) * np.abs(x + np.sin(x)))]), x.size
            elif op == "matmul":  # each element a sum of a row's products
                bound, n = (np.abs(x) @ np.abs(x).T).reshape(-1), x.shape[1]
            elif op == "tensordot":  # each element a sum of a column's products
                bound, n = (np.abs(x).T @ np.abs(x)).reshape(-1), x.shape[0]
            else:
                a = np.abs(x)
                a = a[np.isfinite(a)]  # NaNs (skipped by nansum) and infinities (compared as values)
                bound, n = np.array([a.sum() if a.size else 0.0]), a.size
            if dt in COMPLEX and bound.size > 1:
                bound = np.repeat(bound, 2)
            scale = np.broadcast_to(bound, w.shape) * 4 * eps * max(1.0, math.log2(max(n, 2)))
            if op == "norm":
                scale = np.abs(w) * 8 * eps
        else:
            with np.errstate(all="ignore"):  # infinities times a tolerance of 0
                scale = magnitude * tol * eps + tol * float(np.finfo(NP[part_dt]).tiny)
        with np.errstate(all="ignore"):
            close = np.isfinite(w) & np.isfinite(g) & (np.abs(w - g) <= scale)
        ok = same | close
    bad = np.nonzero(~ok)[0]
    if bad.size == 0:
        return None
    i = bad[0]
    return f"{bad.size} elements differ; element {i}: {g[i]!r}, numpy {w[i]!r}"


def partition_mismatch(c, want, got):
    """None when `got` is a partition of each lane at kth = n // 2 (values, or indices into
    the operand): a permutation of the lane, the kth element the kth smallest, none before
    it larger and none after it smaller (NaN largest). `want` is numpy's sorted lanes."""
    a, axis = c["a"], c["axis"]
    n = a.shape[axis]
    if c["op"] == "argpartition_axis":
        if got.shape != a.shape or (got.size and (got.min() < 0 or got.max() >= max(n, 1))):
            return f"indices out of range or shape {got.shape}"
        got = np.take_along_axis(a, got.astype(np.int64), axis=axis)
    if got.shape != want.shape or got.dtype != want.dtype:
        return f"shape {got.shape} {got.dtype}, numpy's sort {want.shape} {want.dtype}"
    g, w = np.moveaxis(got, axis, -1), np.moveaxis(want, axis, -1)
    k = n // 2

    def key(x):  # a total order with NaN largest, as rank pairs (is NaN, value)
        x = x.astype(np.float64)
        return np.isnan(x), np.where(np.isnan(x), 0, x)

    def same(x, y):
        return (x == y) | (np.isnan(x.astype(np.float64)) & np.isnan(y.astype(np.float64)))

    if not np.all(same(np.sort(g, axis=-1), w)):
        return "a lane is not a permutation of the operand's"
    if n == 0:
        return None
    kth = g[..., k:k + 1]
    if not np.all(same(kth, w[..., k:k + 1])):
        return "the kth element is not the kth smallest"
    kn, kv = key(kth)
    gn, gv = key(g)
    before_ok = ~gn | kn
    before_ok &= gn | kn | (gv <= kv)
    after_ok = gn | (~kn & (gv >= kv))
    idx = np.arange(n)
    if not (np.all(before_ok[..., idx < k]) and np.all(after_ok[..., idx > k])):
        return "an element before kth is larger, or one after it smaller"
    return None


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("driver")
    p.add_argument("--seed", type=int, default=20261202)
    p.add_argument("--cases-per-op", type=int, default=8)
    p.add_argument("--keep", help="a folder to keep the case and result files in")
    args = p.parse_args()
    cases = make_cases(args.seed, args.cases_per_op)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(args.keep) if args.keep else Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        cin, cout = folder / "cases.txt", folder / "results.txt"
        write_cases(cases, cin)
        r = subprocess.run([args.driver, str(cin), str(cout)], capture_output=True, text=True, timeout=600)
        sys.stderr.write(r.stderr)
        if r.returncode == 77:  # a CUDA build of the driver on a machine without a GPU
            print("skipped: the driver found no GPU")
            sys.exit(77)
        if r.returncode != 0:
            sys.exit(f"the driver failed ({r.returncode})")
        results = parse_results(cout)
    failures = []
    for c in cases:
        b = c["b"]
        want = numpy_result(c["op"], c["dt"], c["a"], b if b is not None else None, c["axis"])
        for space in ("host", "device"):
            got = results.get((c["id"], space))
            if got is None:
                failures.append(f"{c['id']} {space}: no result")
                continue
            if got[0] == "error":
                failures.append(f"{c['id']} {space}: tandem threw: {got[1]}")
                continue
            if c["op"] in ("linalg_eig_values", "linalg_eigvals"):
                got = (got[0], np.sort_complex(got[1]).astype(got[1].dtype))
            why = compare(c, want, got[0], got[1])
            if why:
                failures.append(f"{c['id']} {space} (a {c['a'].shape}{' transposed' if c['transposed'] else ''}"
                                f"{', b ' + str(b.shape) if b is not None else ''}): {why}")
    ops = len(set(OPS) | set(COMPLEX_OPS) | set(LINALG_OPS))
    print(f"{len(cases)} cases of {ops} operations, each in two spaces, against numpy {np.__version__}: "
          f"{len(failures)} mismatches")
    for f in failures:
        print("  " + f)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
