// Reductions along an axis of a 4096x4096 float32 matrix, next to hand-written loops in
// the same binary. Bytes are the matrix's (4 per element read), so GB/s compares
// directly with the element-wise suites' copy ceilings.
//
//   colsum   td::sum(m, 0): tandem_host, tandem_device, and rows_loop: the best
//            hand-written loop for a leading axis (every row added into a vector of
//            column accumulators, rows split between threads in blocks, then the
//            blocks' vectors added; sequential along the axis, as numpy's
//            m.sum(axis=0) is, so less accurate than tandem's pairwise sums).
//   colmax   td::max(m, 0) and the same loop with max, propagating NaN as td::max and
//            numpy do (rows_loop); rows_loop_nan_unaware is that loop with a plain
//            std::max, which gives another answer when a NaN is present (for reference).
//   rowsum   td::sum(m, 1): tandem and lanes_loop: 32 accumulators per row, rows split
//            between threads.
//   rowmax   td::max(m, 1): tandem and lanes_loop: 16 running maxima per row and a NaN
//            flag beside them (NaN when the row has one, as numpy's max), rows split
//            between threads.
//   wholesum, wholemax, wholenanmax  td::sum(m), td::max(m) and td::nanmax(m), and
//            rows_loop: rowsum's and rowmax's loops per row (nanmax: 16 running maxima
//            that skip NaN), rows split between threads, the rows' results combined.
//   colargmax  td::argmax(m, 0), and rows_loop: per block of rows the best value and
//            its row per column (a branch-free select), then the blocks in order.
//   rowtopk, coltopk  td::topk(m, 16, 1) and td::topk(m, 16, 0) (indices kept), and
//            rows_loop: the best 16 of each lane as it streams past, each element
//            tested against the worst kept (coltopk: 64 columns at once, read a row at a
//            time), lanes or blocks split between threads.
//   colvar   td::var(m, 0), and rows_loop: column sums, then squared deviations from the
//            means, both as colsum's loop.
//   rowargmax  td::argmax(m, 1), and rows_loop: one pass per row keeping the first
//            largest (no NaN test: the matrix has none), rows split between threads.
//   rowvar   td::var(m, 1), and rows_loop: per row a mean then the squared deviations,
//            16 accumulators each (td::var's two passes), rows split between threads.
//   trowsum, trowargmax, trowvar  the same along the rows of td::transpose(m): the
//            column loops above compute them (colsum_rows_loop ...).
//   rowcumsum  td::cumsum(m, 1), and rows_loop: one running sum per row, rows split
//            between threads (numpy's order; bytes: read + written).
//   tcumsum  td::cumsum(td::transpose(m), 1), and tiled_loop: 32x32 tiles, running sums
//            down m's columns carried from tile to tile, each tile written transposed.
//   shortsum, shortargmax, shortvar  td::sum / argmax / var along the rows of the same
//            2^24 floats as 2^20 rows of 16, and rows_loop: a plain loop per row (a
//            running sum; first larger; mean then squared deviations), blocks of 4096
//            rows split between threads (shortvar also with the row length known
//            only at run time, as tandem's: rows_loop_runtime_length).
//   transpose  t = td::transpose(m) into a fresh 4096x4096 tensor, and tiled_loop: 32x32
//            tiles, rows of tiles split between threads (bytes: read + written).
//   scaled_transpose  t = 2 * td::transpose(m) into an existing tensor (an expression
//            over a transposed operand), and tiled_loop: the tiled transpose's loop
//            with the product (bytes: read + written).
//   permute  td::permute(c, {2, 0, 1}) of a 256^3 cube into a fresh tensor, and
//            tiled_loop: 32x32 tiles of the two axes that are innermost in source and
//            destination.
//   strided_sum  td::sum of a step-2 slice of 2^24 floats (2^23 read), and
//            strided_loop: 16 accumulators over the strided elements, chunks of 2^16
//            split between threads.
//   block_sum  td::sum of the matrix's left half (rows of 2048 floats, 4096 apart: not
//            one step), and rows_loop: 16 accumulators per row, rows split between
//            threads, the row sums added.
//   bcast_row / bcast_col  out = m + row (shape 4096) and out = m + col (4096x1) into an
//            existing 4096x4096 tensor, and the loops that write it row by row.
//   stencil  td::for_each over the 4096x4096 index space with the heat example's
//            five-point functor, and rows_loop: the same functor from nested loops, rows
//            split between threads (bytes: read + written).
//   add      c = a + b at 16, 256 and 1024 floats into existing tensors, and raw_loop.
#include <tandem/tandem.hpp>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <execution>
#include <limits>
#include <vector>

namespace td = tandem;

namespace {

constexpr td::index_t side = 4096;

const std::vector<float>& matrix_values() {
  static const std::vector<float> values = td::to_vector(td::random::generator(3).uniform<float>({side * side}));
  return values;
}

template <class Space>
td::tensor<float, 2, Space> make_matrix() {
  return td::from(matrix_values(), {side, side}, Space{});
}

template <class Space, bool Max>
void bm_colreduce_tandem(benchmark::State& state) {
  const auto m = make_matrix<Space>();
  for (auto _ : state) {
    auto r = Max ? td::max(m, 0) : td::sum(m, 0);
    td::synchronize(Space{});
    benchmark::DoNotOptimize(r.data());
  }
  state.SetBytesProcessed(state.iterations() * side * side * 4);
}

/// The larger of a and b, NaN when either is (numpy's maximum), written as a loop would.
inline float nan_max(float a, float b) {
  const float m = std::max(a, b);  // a when a is NaN
  return b != b ? b : m;
}

constexpr td::index_t row_blocks = 16;

/// f(i) for every i in [0, n), split between threads (the C++ parallel algorithms).
template <class F>
void parallel_over(td::index_t n, const F& f) {
  std::vector<td::index_t> ids(static_cast<std::size_t>(n));
  for (td::index_t i = 0; i < n; ++i) ids[std::size_t(i)] = i;
  std::for_each(std::execution::par, ids.begin(), ids.end(), f);
}

/// f(b, r0, r1) for the 16 blocks of rows [r0, r1) of the matrix, a block per task.
template <class F>
void for_row_blocks(const F& f) {
  static const std::vector<td::index_t> ids = [] {
    std::vector<td::index_t> v(row_blocks);
    for (td::index_t b = 0; b < row_blocks; ++b) v[std::size_t(b)] = b;
    return v;
  }();
  std::for_each(std::execution::par, ids.begin(), ids.end(),
                [&](td::index_t b) { f(b, b * side / row_blocks, (b + 1) * side / row_blocks); });
}

/// Column accumulators over blocks of rows (acc = op(acc, row), acc starting at the
/// block's first row when Start, else at zero), one block per task, then the blocks'
/// accumulators combined in order into out.
template <bool Start, class Op>
void column_blocks(const Op& op, std::vector<float>& partial, std::vector<float>& out) {
  const std::vector<float>& m = matrix_values();
  for_row_blocks([&](td::index_t b, td::index_t r0, td::index_t r1) {
    float* acc = partial.data() + b * side;
    if (Start)
      std::copy(m.begin() + r0 * side, m.begin() + (r0 + 1) * side, acc);
    else
      std::fill(acc, acc + side, 0.f);
    for (td::index_t r = Start ? r0 + 1 : r0; r < r1; ++r) {
      const float* row = m.data() + r * side;
      for (td::index_t j = 0; j < side; ++j) acc[j] = op(j, acc[j], row[j]);
    }
  });
  for (td::index_t j = 0; j < side; ++j) {
    float s = partial[std::size_t(j)];
    for (td::index_t b = 1; b < row_blocks; ++b) s = Start ? op(j, s, partial[std::size_t(b * side + j)]) : s + partial[std::size_t(b * side + j)];
    out[std::size_t(j)] = s;
  }
}

/// Column accumulators over blocks of rows, one block per task, then the blocks added.
/// Max: 1 propagates NaN, 2 ignores it (std::max).
template <int Max>
void bm_colreduce_rows_loop(benchmark::State& state) {
  std::vector<float> partial(static_cast<std::size_t>(row_blocks * side)), out(static_cast<std::size_t>(side));
  for (auto _ : state) {
    column_blocks<true>(
        [](td::index_t, float a, float x) {
          return Max == 1 ? nan_max(a, x) : Max == 2 ? std::max(a, x) : a + x;
        },
        partial, out);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(state.iterations() * side * side * 4);
}

/// Per column a mean (column sums), then the squared deviations from it, as two passes of
/// column accumulators: td::var(m, 0)'s arithmetic, loop style.
void bm_colvar_rows_loop(benchmark::State& state) {
  std::vector<float> partial(static_cast<std::size_t>(row_blocks * side)), mean(static_cast<std::size_t>(side)),
      out(static_cast<std::size_t>(side));
  for (auto _ : state) {
    column_blocks<false>([](td::index_t, float a, float x) { return a + x; }, partial, mean);
    for (float& x : mean) x /= float(side);
    column_blocks<false>(
        [&mean](td::index_t j, float a, float x) { return a + (x - mean[std::size_t(j)]) * (x - mean[std::size_t(j)]); },
        partial, out);
    for (float& x : out) x /= float(side);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(state.iterations() * side * side * 4);
}

/// Per column the first row of the largest value: per block of rows the best value and
/// its row in two arrays (a branch-free select), then the blocks in order.
void bm_colargmax_rows_loop(benchmark::State& state) {
  const std::vector<float>& m = matrix_values();
  std::vector<float> best(static_cast<std::size_t>(row_blocks * side));
  std::vector<std::int32_t> at(static_cast<std::size_t>(row_blocks * side));
  std::vector<td::index_t> out(static_cast<std::size_t>(side));
  for (auto _ : state) {
    for_row_blocks([&](td::index_t b, td::index_t r0, td::index_t r1) {
      float* bv = best.data() + b * side;
      std::int32_t* bi = at.data() + b * side;
      std::copy(m.begin() + r0 * side, m.begin() + (r0 + 1) * side, bv);
      std::fill(bi, bi + side, std::int32_t(r0));
      for (td::index_t r = r0 + 1; r < r1; ++r) {
        const float* row = m.data() + r * side;
        for (td::index_t j = 0; j < side; ++j) {
          const bool take = row[j] > bv[j];
          bv[j] = take ? row[j] : bv[j];
          bi[j] = take ? std::int32_t(r) : bi[j];
        }
      }
    });
    for (td::index_t j = 0; j < side; ++j) {
      std::size_t k = std::size_t(j);
      for (td::index_t b = 1; b < row_blocks; ++b)
        if (best[std::size_t(b * side + j)] > best[k]) k = std::size_t(b * side + j);
      out[std::size_t(j)] = at[k];
    }
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(state.iterations() * side * side * 4);
}

constexpr td::index_t top_k = 16;  // rowtopk's and coltopk's k

/// What each row and column benchmark computes with tandem: W along Axis, of the
/// matrix or (Transposed) of td::transpose of it.
enum class reduction { sum, argmax, var, cumsum, max, whole_sum, whole_max, whole_nanmax, topk };
template <reduction W, td::index_t Axis, bool Transposed = false>
struct along {
  static constexpr int bytes_per_element = W == reduction::cumsum ? 8 : 4;  // read (+ written)
  static constexpr bool whole = W == reduction::whole_sum || W == reduction::whole_max || W == reduction::whole_nanmax;
  template <class M>
  auto operator()(const M& matrix) const {
    const auto m = [&] {
      if constexpr (Transposed)
        return td::transpose(matrix);
      else
        return matrix.view();
    }();
    if constexpr (W == reduction::sum)
      return td::sum(m, Axis);
    else if constexpr (W == reduction::argmax)
      return td::argmax(m, Axis);
    else if constexpr (W == reduction::var)
      return td::var(m, Axis);
    else if constexpr (W == reduction::max)
      return td::max(m, Axis);
    else if constexpr (W == reduction::whole_sum)
      return td::sum(m);
    else if constexpr (W == reduction::whole_max)
      return td::max(m);
    else if constexpr (W == reduction::whole_nanmax)
      return td::nanmax(m);
    else if constexpr (W == reduction::topk)
      return td::topk(m, top_k, Axis).indices;
    else
      return td::cumsum(m, Axis);
  }
};

template <class Space, class Op>
void bm_reduce_tandem(benchmark::State& state) {
  const auto m = make_matrix<Space>();
  for (auto _ : state) {
    auto r = Op{}(m);
    td::synchronize(Space{});
    if constexpr (Op::whole)
      benchmark::DoNotOptimize(r);
    else
      benchmark::DoNotOptimize(r.data());
  }
  state.SetBytesProcessed(state.iterations() * side * side * Op::bytes_per_element);
}

/// out[r] = f(row r) for every row of the matrix, rows split between threads.
template <class T, class F>
void run_rows_loop(benchmark::State& state, F f) {
  const std::vector<float>& m = matrix_values();
  std::vector<T> out(static_cast<std::size_t>(side));
  std::vector<td::index_t> rows(side);
  for (td::index_t r = 0; r < side; ++r) rows[std::size_t(r)] = r;
  for (auto _ : state) {
    std::for_each(std::execution::par, rows.begin(), rows.end(),
                  [&](td::index_t r) { out[std::size_t(r)] = f(m.data() + r * side); });
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(state.iterations() * side * side * 4);
}

/// The sum of a row with n accumulators (n a multiple of side's divisors).
template <int N>
float accumulated(const float* row) {
  float acc[N] = {};
  for (td::index_t j = 0; j < side; j += N)
    for (int k = 0; k < N; ++k) acc[k] += row[j + k];
  float s = 0;
  for (float a : acc) s += a;
  return s;
}

void bm_rowsum_lanes_loop(benchmark::State& state) {
  run_rows_loop<float>(state, [](const float* row) { return accumulated<32>(row); });
}

/// The largest of a row, NaN if one is there (numpy's max): 16 running maxima and a NaN
/// flag beside them, so that the NaN test is not in the maxima's chain. (16 running
/// nan_max, as colmax's loop, took twice as long: GCC unrolls it and leaves it scalar.)
float nan_propagating_max(const float* row) {
  float acc[16];
  std::uint32_t nan[16] = {};
  for (int k = 0; k < 16; ++k) acc[k] = row[k];
  for (td::index_t j = 0; j < side; j += 16)
    for (int k = 0; k < 16; ++k) {
      acc[k] = acc[k] < row[j + k] ? row[j + k] : acc[k];
      nan[k] |= std::uint32_t(row[j + k] != row[j + k]);
    }
  std::uint32_t any = 0;
  float best = acc[0];
  for (int k = 0; k < 16; ++k) {
    any |= nan[k];
    best = std::max(best, acc[k]);
  }
  return any ? std::numeric_limits<float>::quiet_NaN() : best;
}

void bm_rowmax_lanes_loop(benchmark::State& state) {
  run_rows_loop<float>(state, nan_propagating_max);
}

/// a unless a is NaN or b is larger: numpy's fmax.
float nan_ignoring_max(float a, float b) { return a < b || a != a ? b : a; }

/// The largest number of a row, NaN only when all are NaN (numpy's nanmax): 16 running
/// nan_ignoring_max.
float nan_ignoring_max(const float* row) {
  float acc[16];
  for (int k = 0; k < 16; ++k) acc[k] = row[k];
  for (td::index_t j = 16; j < side; j += 16)
    for (int k = 0; k < 16; ++k) acc[k] = nan_ignoring_max(acc[k], row[j + k]);
  float best = acc[0];
  for (int k = 1; k < 16; ++k) best = nan_ignoring_max(best, acc[k]);
  return best;
}

/// The whole matrix's sum, NaN-propagating max or NaN-ignoring max (W): each row's by
/// the loops above, rows split between threads, then the rows' results combined.
template <reduction W>
void bm_whole_rows_loop(benchmark::State& state) {
  const std::vector<float>& m = matrix_values();
  std::vector<float> out(static_cast<std::size_t>(side));
  for (auto _ : state) {
    parallel_over(side, [&](td::index_t r) {
      const float* row = m.data() + r * side;
      out[std::size_t(r)] = W == reduction::whole_max      ? nan_propagating_max(row)
                            : W == reduction::whole_nanmax ? nan_ignoring_max(row)
                                                           : accumulated<32>(row);
    });
    float total = W == reduction::whole_sum ? 0.f : out[0];
    for (float x : out)
      total = W == reduction::whole_max      ? nan_max(total, x)
              : W == reduction::whole_nanmax ? nan_ignoring_max(total, x)
                                             : total + x;
    benchmark::DoNotOptimize(total);
  }
  state.SetBytesProcessed(state.iterations() * side * side * 4);
}

/// The position of the first largest of row[0, n) (no NaN test: the matrix has none).
td::index_t first_largest(const float* row, td::index_t n) {
  td::index_t best = 0;
  for (td::index_t j = 1; j < n; ++j)
    if (row[j] > row[best]) best = j;
  return best;
}

void bm_rowargmax_rows_loop(benchmark::State& state) {
  run_rows_loop<td::index_t>(state, [](const float* row) { return first_largest(row, side); });
}

/// The best top_k of a lane as it streams past (largest first, ties to the lower
/// index; the matrix has no NaN): each element tested against the worst kept, the few
/// that beat it put in their place.
struct best_of_lane {
  float value[top_k];
  td::index_t index[top_k];
  td::index_t kept = 0;
  void offer(float x, td::index_t i) {
    td::index_t to;
    if (kept < top_k)
      to = kept++;
    else if (x > value[top_k - 1])
      to = top_k - 1;
    else
      return;
    for (; to > 0 && value[to - 1] < x; --to) value[to] = value[to - 1], index[to] = index[to - 1];
    value[to] = x;
    index[to] = i;
  }
};

/// rowtopk's loop: best_of_lane along each row, rows split between threads.
void bm_rowtopk_rows_loop(benchmark::State& state) {
  const std::vector<float>& m = matrix_values();
  std::vector<td::index_t> out(static_cast<std::size_t>(side * top_k));
  for (auto _ : state) {
    parallel_over(side, [&](td::index_t r) {
      best_of_lane b;
      for (td::index_t j = 0; j < side; ++j) b.offer(m[std::size_t(r * side + j)], j);
      std::copy(b.index, b.index + top_k, out.begin() + r * top_k);
    });
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(state.iterations() * side * side * 4);
}

/// coltopk's loop: best_of_lane for 64 neighbouring columns at once, the block read a
/// row at a time (a column at a time would stride), blocks split between threads.
void bm_coltopk_rows_loop(benchmark::State& state) {
  const std::vector<float>& m = matrix_values();
  constexpr td::index_t width = 64;
  std::vector<td::index_t> out(static_cast<std::size_t>(side * top_k));
  for (auto _ : state) {
    parallel_over(side / width, [&](td::index_t t) {
      std::vector<best_of_lane> b(std::size_t{width});
      for (td::index_t r = 0; r < side; ++r)
        for (td::index_t w = 0; w < width; ++w) b[std::size_t(w)].offer(m[std::size_t(r * side + t * width + w)], r);
      for (td::index_t w = 0; w < width; ++w)
        for (td::index_t q = 0; q < top_k; ++q) out[std::size_t(q * side + t * width + w)] = b[std::size_t(w)].index[q];
    });
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(state.iterations() * side * side * 4);
}

void bm_rowvar_rows_loop(benchmark::State& state) {
  run_rows_loop<float>(state, [](const float* row) {
    const float mean = accumulated<16>(row) / float(side);
    float q[16] = {};
    for (td::index_t j = 0; j < side; j += 16)
      for (int k = 0; k < 16; ++k) q[k] += (row[j + k] - mean) * (row[j + k] - mean);
    float m2 = 0;
    for (float a : q) m2 += a;
    return m2 / float(side);
  });
}

/// Running sums along each row (what numpy's cumsum(m, axis=1) does), rows split
/// between threads.
void bm_rowcumsum_rows_loop(benchmark::State& state) {
  const std::vector<float>& m = matrix_values();
  std::vector<float> out(m.size());
  for (auto _ : state) {
    parallel_over(side, [&](td::index_t r) {
      const float* in = m.data() + r * side;
      float* o = out.data() + r * side;
      float acc = in[0];
      o[0] = acc;
      for (td::index_t j = 1; j < side; ++j) o[j] = acc += in[j];
    });
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(state.iterations() * side * side * 8);
}

/// t = cumsum(transpose(m), 1): running sums down the columns of m, written transposed.
/// Tiles of 32 columns x 32 rows: the column sums carried in 32 accumulators, each tile
/// scanned row by row into a buffer, then written out row by row of the result.
void bm_tcumsum_tiled_loop(benchmark::State& state) {
  const std::vector<float>& m = matrix_values();
  std::vector<float> out(m.size());
  constexpr td::index_t tile = 32;
  for (auto _ : state) {
    parallel_over(side / tile, [&](td::index_t bj) {
      float acc[tile] = {}, buf[tile][tile];
      for (td::index_t r0 = 0; r0 < side; r0 += tile) {
        for (td::index_t r = 0; r < tile; ++r) {
          const float* row = m.data() + (r0 + r) * side + bj * tile;
          for (td::index_t j = 0; j < tile; ++j) buf[r][j] = acc[j] = r0 + r == 0 ? row[j] : acc[j] + row[j];
        }
        for (td::index_t j = 0; j < tile; ++j) {
          float* o = out.data() + (bj * tile + j) * side + r0;
          for (td::index_t r = 0; r < tile; ++r) o[r] = buf[r][j];
        }
      }
    });
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(state.iterations() * side * side * 8);
}

// --- short rows: the same 2^24 floats as 2^20 rows of 16 --------------------------

constexpr td::index_t short_row = 16, short_rows = side * side / short_row;

template <class Space, reduction W>
void bm_short_rows_tandem(benchmark::State& state) {
  const auto m = td::from(matrix_values(), {short_rows, short_row}, Space{});
  for (auto _ : state) {
    auto r = along<W, 1>{}(m);
    td::synchronize(Space{});
    benchmark::DoNotOptimize(r.data());
  }
  state.SetBytesProcessed(state.iterations() * side * side * 4);
}

/// out[r] = f(row r) for the 2^20 rows of 16, in blocks of 4096 rows split between threads.
template <class T, class F>
void run_short_rows_loop(benchmark::State& state, F f) {
  const std::vector<float>& m = matrix_values();
  std::vector<T> out(static_cast<std::size_t>(short_rows));
  std::vector<td::index_t> blocks(short_rows / 4096);
  for (td::index_t b = 0; b < td::index_t(blocks.size()); ++b) blocks[std::size_t(b)] = b;
  for (auto _ : state) {
    std::for_each(std::execution::par, blocks.begin(), blocks.end(), [&](td::index_t b) {
      for (td::index_t r = b * 4096; r < (b + 1) * 4096; ++r) out[std::size_t(r)] = f(m.data() + r * short_row);
    });
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(state.iterations() * side * side * 4);
}

void bm_short_sum_loop(benchmark::State& state) {
  run_short_rows_loop<float>(state, [](const float* row) {
    float s = row[0];
    for (td::index_t j = 1; j < short_row; ++j) s += row[j];
    return s;
  });
}

void bm_short_argmax_loop(benchmark::State& state) {
  run_short_rows_loop<td::index_t>(state, [](const float* row) { return first_largest(row, short_row); });
}

/// The row's variance, rows of Len elements (Len 0: a length known only at run time,
/// as tandem's is).
template <td::index_t Len>
void bm_short_var_loop(benchmark::State& state) {
  const auto var_of = [](const float* row, td::index_t len) {
    float s = 0;
    for (td::index_t j = 0; j < len; ++j) s += row[j];
    const float mean = s / float(len);
    float q = 0;
    for (td::index_t j = 0; j < len; ++j) q += (row[j] - mean) * (row[j] - mean);
    return q / float(len);
  };
  if constexpr (Len > 0) {
    run_short_rows_loop<float>(state, [&var_of](const float* row) { return var_of(row, Len); });
  } else {
    static volatile td::index_t runtime_len = short_row;
    const td::index_t len = runtime_len;
    run_short_rows_loop<float>(state, [&var_of, len](const float* row) { return var_of(row, len); });
  }
}

// --- transposes and permutes -------------------------------------------------------

/// t = td::transpose(m), or with Scaled the expression t = 2 * td::transpose(m).
template <class Space, bool Scaled>
void bm_transpose_tandem(benchmark::State& state) {
  const auto m = make_matrix<Space>();
  td::tensor<float, 2, Space> t({side, side});
  for (auto _ : state) {
    if constexpr (Scaled)
      t = 2.f * td::transpose(m);
    else
      t = td::transpose(m);
    td::synchronize(Space{});
    benchmark::DoNotOptimize(t.data());
  }
  state.SetBytesProcessed(state.iterations() * side * side * 8);
}

/// The same bytes copied with no change of layout: the line a transpose or an axis
/// reduction is measured against on a GPU (a device-to-device copy), and the host's
/// memory bandwidth for the same matrix.
template <class Space>
void bm_dense_copy_tandem(benchmark::State& state) {
  const auto m = make_matrix<Space>();
  td::tensor<float, 2, Space> t({side, side});
  for (auto _ : state) {
    t = m;
    td::synchronize(Space{});
    benchmark::DoNotOptimize(t.data());
  }
  state.SetBytesProcessed(state.iterations() * side * side * 8);
}

/// out[j][i] = in[i][j] (Scaled: 2 * in[i][j]) in 32x32 tiles; a task per row of tiles.
template <bool Scaled>
void bm_transpose_tiled_loop(benchmark::State& state) {
  const std::vector<float>& m = matrix_values();
  std::vector<float> t(m.size());
  constexpr td::index_t tile = 32;
  for (auto _ : state) {
    parallel_over(side / tile, [&](td::index_t bj) {
      // Tile row bj of the output: output rows j in [bj*32, bj*32+32), all columns i.
      for (td::index_t bi = 0; bi < side; bi += tile)
        for (td::index_t j = bj * tile; j < bj * tile + tile; ++j)
          for (td::index_t i = bi; i < bi + tile; ++i) {
            const float x = m[std::size_t(i * side + j)];
            t[std::size_t(j * side + i)] = Scaled ? 2.f * x : x;
          }
    });
    benchmark::DoNotOptimize(t.data());
  }
  state.SetBytesProcessed(state.iterations() * side * side * 8);
}

constexpr td::index_t cube = 256;

template <class Space>
void bm_permute_tandem(benchmark::State& state) {
  const auto c = td::from(matrix_values(), {cube, cube, cube}, Space{});
  td::tensor<float, 3, Space> p({cube, cube, cube});
  for (auto _ : state) {
    p = td::permute(c, {2, 0, 1});
    td::synchronize(Space{});
    benchmark::DoNotOptimize(p.data());
  }
  state.SetBytesProcessed(state.iterations() * cube * cube * cube * 8);
}

/// p[k][i][j] = c[i][j][k]: for each i, a 32x32-tiled transpose of the (j, k) plane.
void bm_permute_tiled_loop(benchmark::State& state) {
  const std::vector<float>& c = matrix_values();
  std::vector<float> p(std::size_t(cube * cube * cube));
  constexpr td::index_t tile = 32;
  for (auto _ : state) {
    parallel_over(cube, [&](td::index_t i) {
      for (td::index_t bk = 0; bk < cube; bk += tile)
        for (td::index_t bj = 0; bj < cube; bj += tile)
          for (td::index_t k = bk; k < bk + tile; ++k)
            for (td::index_t j = bj; j < bj + tile; ++j)
              p[std::size_t((k * cube + i) * cube + j)] = c[std::size_t((i * cube + j) * cube + k)];
    });
    benchmark::DoNotOptimize(p.data());
  }
  state.SetBytesProcessed(state.iterations() * cube * cube * cube * 8);
}

// --- strided and broadcast reads --------------------------------------------------------

constexpr td::index_t long_n = td::index_t(1) << 24;

template <class Space>
void bm_strided_sum_tandem(benchmark::State& state) {
  const auto a = td::from(matrix_values(), {long_n}, Space{});
  const auto v = td::slice(a, td::range(0, long_n, 2));
  for (auto _ : state) benchmark::DoNotOptimize(td::sum(v));
  state.SetBytesProcessed(state.iterations() * (long_n / 2) * 4);
}

/// The hand-written sum of n floats Step apart (n a multiple of 16): 16 accumulators,
/// so the loop vectorizes, then added in order.
template <td::index_t Step>
float sum16(const float* p, td::index_t n) {
  float acc[16] = {};
  for (td::index_t i = 0; i < n; i += 16)
    for (int k = 0; k < 16; ++k) acc[k] += p[Step * (i + k)];
  float s = 0;
  for (float x : acc) s += x;
  return s;
}

void bm_strided_sum_loop(benchmark::State& state) {
  const std::vector<float>& a = matrix_values();
  constexpr td::index_t half = long_n / 2, chunk = td::index_t(1) << 16;
  std::vector<float> partial(std::size_t(half / chunk));
  std::vector<td::index_t> ids(std::size_t(half / chunk));
  for (std::size_t c = 0; c < ids.size(); ++c) ids[c] = td::index_t(c);
  for (auto _ : state) {
    std::for_each(std::execution::par, ids.begin(), ids.end(), [&](td::index_t c) {
      partial[std::size_t(c)] = sum16<2>(a.data() + 2 * c * chunk, chunk);
    });
    benchmark::DoNotOptimize(sum16<1>(partial.data(), td::index_t(partial.size())));
  }
  state.SetBytesProcessed(state.iterations() * half * 4);
}

/// The left half of the matrix: rows of 2048 contiguous floats, 4096 apart.
template <class Space>
void bm_block_sum_tandem(benchmark::State& state) {
  const auto m = make_matrix<Space>();
  const auto v = td::slice(m, td::all, td::range(0, side / 2));
  for (auto _ : state) benchmark::DoNotOptimize(td::sum(v));
  state.SetBytesProcessed(state.iterations() * side * (side / 2) * 4);
}

void bm_block_sum_loop(benchmark::State& state) {
  const std::vector<float>& m = matrix_values();
  std::vector<float> partial(side);
  std::vector<td::index_t> rows(side);
  for (td::index_t r = 0; r < side; ++r) rows[std::size_t(r)] = r;
  for (auto _ : state) {
    std::for_each(std::execution::par, rows.begin(), rows.end(), [&](td::index_t r) {
      partial[std::size_t(r)] = sum16<1>(m.data() + r * side, side / 2);
    });
    benchmark::DoNotOptimize(sum16<1>(partial.data(), td::index_t(partial.size())));
  }
  state.SetBytesProcessed(state.iterations() * side * (side / 2) * 4);
}

template <class Space, bool Column>
void bm_bcast_tandem(benchmark::State& state) {
  const auto m = make_matrix<Space>();
  const auto row = td::from(std::vector<float>(matrix_values().begin(), matrix_values().begin() + side), {side}, Space{});
  const auto col = td::reshape(row, {side, 1});
  td::tensor<float, 2, Space> out({side, side});
  for (auto _ : state) {
    if constexpr (Column)
      out = m + col;
    else
      out = m + row;
    td::synchronize(Space{});
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(state.iterations() * side * side * 8);
}

template <bool Column>
void bm_bcast_loop(benchmark::State& state) {
  const std::vector<float>& m = matrix_values();
  const std::vector<float> v(m.begin(), m.begin() + side);
  std::vector<float> out(m.size());
  for (auto _ : state) {
    parallel_over(side, [&](td::index_t r) {
      const float* in = m.data() + r * side;
      float* o = out.data() + r * side;
      if constexpr (Column) {
        const float x = v[std::size_t(r)];
        for (td::index_t j = 0; j < side; ++j) o[j] = in[j] + x;
      } else {
        for (td::index_t j = 0; j < side; ++j) o[j] = in[j] + v[std::size_t(j)];
      }
    });
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(state.iterations() * side * side * 8);
}

// --- a user's functor over a 2-d index space ---------------------------------------------

/// The heat example's five-point stencil, one output element per call.
template <class Space>
struct stencil_step {
  td::tensor_view<const float, 2, Space> u;
  td::tensor_view<float, 2, Space> next;
  TANDEM_HD void operator()(td::index_t i, td::index_t j) const {
    const td::index_t last = u.extent(0) - 1;
    if (i == 0 || j == 0 || i == last || j == last) {
      next(i, j) = u(i, j);
      return;
    }
    next(i, j) = u(i, j) + 0.2f * (u(i + 1, j) + u(i - 1, j) + u(i, j + 1) + u(i, j - 1) - 4.f * u(i, j));
  }
};

template <class Space>
void bm_stencil_tandem(benchmark::State& state) {
  const auto u = make_matrix<Space>();
  td::tensor<float, 2, Space> next({side, side});
  for (auto _ : state) {
    td::for_each(Space{}, u.shape(), stencil_step<Space>{u.view(), next.view()});
    td::synchronize(Space{});
    benchmark::DoNotOptimize(next.data());
  }
  state.SetBytesProcessed(state.iterations() * side * side * 8);
}

/// The same functor called from nested loops, rows split between threads.
void bm_stencil_rows_loop(benchmark::State& state) {
  const auto u = make_matrix<td::host_space>();
  td::tensor<float, 2> next({side, side});
  const stencil_step<td::host_space> step{u.view(), next.view()};
  std::vector<td::index_t> rows(side);
  for (td::index_t r = 0; r < side; ++r) rows[std::size_t(r)] = r;
  for (auto _ : state) {
    std::for_each(std::execution::par, rows.begin(), rows.end(), [&](td::index_t i) {
      for (td::index_t j = 0; j < side; ++j) step(i, j);
    });
    benchmark::DoNotOptimize(next.data());
  }
  state.SetBytesProcessed(state.iterations() * side * side * 8);
}

// --- small sizes -------------------------------------------------------------------------

template <class Space>
void bm_small_add_tandem(benchmark::State& state) {
  const td::index_t n = state.range(0);
  const std::vector<float> values(matrix_values().begin(), matrix_values().begin() + n);
  const auto a = td::from(values, {n}, Space{});
  const auto b = td::from(values, {n}, Space{});
  td::tensor<float, 1, Space> c({n});
  for (auto _ : state) {
    c = a + b;
    benchmark::DoNotOptimize(c.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * n);
}

void bm_small_add_raw_loop(benchmark::State& state) {
  const td::index_t n = state.range(0);
  const std::vector<float> a(matrix_values().begin(), matrix_values().begin() + n), b = a;
  std::vector<float> c(static_cast<std::size_t>(n));
  for (auto _ : state) {
    const float* pa = a.data();
    const float* pb = b.data();
    float* pc = c.data();
    benchmark::DoNotOptimize(pa);
    benchmark::DoNotOptimize(pb);
    for (td::index_t i = 0; i < n; ++i) pc[i] = pa[i] + pb[i];
    benchmark::DoNotOptimize(pc);
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * n);
}

}  // namespace

BENCHMARK(bm_colreduce_tandem<td::host_space, false>)->Name("colsum/tandem_host")->Arg(side)->UseRealTime();  // the argument names the size
BENCHMARK(bm_colreduce_tandem<td::device_space, false>)->Name("colsum/tandem_device")->Arg(side)->UseRealTime();  // the argument names the size
BENCHMARK(bm_colreduce_rows_loop<0>)->Name("colsum/rows_loop")->Arg(side)->UseRealTime();  // the argument names the size
BENCHMARK(bm_colreduce_tandem<td::host_space, true>)->Name("colmax/tandem_host")->Arg(side)->UseRealTime();  // the argument names the size
BENCHMARK(bm_colreduce_tandem<td::device_space, true>)->Name("colmax/tandem_device")->Arg(side)->UseRealTime();  // the argument names the size
BENCHMARK(bm_colreduce_rows_loop<1>)->Name("colmax/rows_loop")->Arg(side)->UseRealTime();  // the argument names the size
BENCHMARK(bm_colreduce_rows_loop<2>)->Name("colmax/rows_loop_nan_unaware")->Arg(side)->UseRealTime();  // the argument names the size
/// bm_reduce_tandem of Op in both spaces, named NAME/tandem_host and NAME/tandem_device
/// (the argument names the size).
#define REDUCE_IN_BOTH_SPACES(NAME, ...)                                                                            \
  BENCHMARK(bm_reduce_tandem<td::host_space, __VA_ARGS__>)->Name(NAME "/tandem_host")->Arg(side)->UseRealTime();    \
  BENCHMARK(bm_reduce_tandem<td::device_space, __VA_ARGS__>)->Name(NAME "/tandem_device")->Arg(side)->UseRealTime()
REDUCE_IN_BOTH_SPACES("colargmax", along<reduction::argmax, 0>);
BENCHMARK(bm_colargmax_rows_loop)->Name("colargmax/rows_loop")->Arg(side)->UseRealTime();  // the argument names the size
REDUCE_IN_BOTH_SPACES("colvar", along<reduction::var, 0>);
BENCHMARK(bm_colvar_rows_loop)->Name("colvar/rows_loop")->Arg(side)->UseRealTime();  // the argument names the size
REDUCE_IN_BOTH_SPACES("rowsum", along<reduction::sum, 1>);
BENCHMARK(bm_rowsum_lanes_loop)->Name("rowsum/lanes_loop")->Arg(side)->UseRealTime();  // the argument names the size
REDUCE_IN_BOTH_SPACES("rowmax", along<reduction::max, 1>);
BENCHMARK(bm_rowmax_lanes_loop)->Name("rowmax/lanes_loop")->Arg(side)->UseRealTime();  // the argument names the size
REDUCE_IN_BOTH_SPACES("wholesum", along<reduction::whole_sum, 0>);
BENCHMARK(bm_whole_rows_loop<reduction::whole_sum>)->Name("wholesum/rows_loop")->Arg(side)->UseRealTime();  // the argument names the size
REDUCE_IN_BOTH_SPACES("wholemax", along<reduction::whole_max, 0>);
BENCHMARK(bm_whole_rows_loop<reduction::whole_max>)->Name("wholemax/rows_loop")->Arg(side)->UseRealTime();  // the argument names the size
REDUCE_IN_BOTH_SPACES("wholenanmax", along<reduction::whole_nanmax, 0>);
BENCHMARK(bm_whole_rows_loop<reduction::whole_nanmax>)->Name("wholenanmax/rows_loop")->Arg(side)->UseRealTime();  // the argument names the size
REDUCE_IN_BOTH_SPACES("rowtopk", along<reduction::topk, 1>);
BENCHMARK(bm_rowtopk_rows_loop)->Name("rowtopk/rows_loop")->Arg(side)->UseRealTime();  // the argument names the size
REDUCE_IN_BOTH_SPACES("coltopk", along<reduction::topk, 0>);
BENCHMARK(bm_coltopk_rows_loop)->Name("coltopk/rows_loop")->Arg(side)->UseRealTime();  // the argument names the size
REDUCE_IN_BOTH_SPACES("rowargmax", along<reduction::argmax, 1>);
BENCHMARK(bm_rowargmax_rows_loop)->Name("rowargmax/rows_loop")->Arg(side)->UseRealTime();  // the argument names the size
REDUCE_IN_BOTH_SPACES("rowvar", along<reduction::var, 1>);
BENCHMARK(bm_rowvar_rows_loop)->Name("rowvar/rows_loop")->Arg(side)->UseRealTime();  // the argument names the size

REDUCE_IN_BOTH_SPACES("trowsum", along<reduction::sum, 1, true>);
BENCHMARK(bm_colreduce_rows_loop<0>)->Name("trowsum/colsum_rows_loop")->Arg(side)->UseRealTime();  // the argument names the size
REDUCE_IN_BOTH_SPACES("trowargmax", along<reduction::argmax, 1, true>);
BENCHMARK(bm_colargmax_rows_loop)->Name("trowargmax/colargmax_rows_loop")->Arg(side)->UseRealTime();  // the argument names the size
REDUCE_IN_BOTH_SPACES("trowvar", along<reduction::var, 1, true>);
BENCHMARK(bm_colvar_rows_loop)->Name("trowvar/colvar_rows_loop")->Arg(side)->UseRealTime();  // the argument names the size
REDUCE_IN_BOTH_SPACES("rowcumsum", along<reduction::cumsum, 1>);
BENCHMARK(bm_rowcumsum_rows_loop)->Name("rowcumsum/rows_loop")->Arg(side)->UseRealTime();  // the argument names the size
REDUCE_IN_BOTH_SPACES("tcumsum", along<reduction::cumsum, 1, true>);
BENCHMARK(bm_tcumsum_tiled_loop)->Name("tcumsum/tiled_loop")->Arg(side)->UseRealTime();  // the argument names the size
BENCHMARK(bm_short_rows_tandem<td::host_space, reduction::sum>)->Name("shortsum/tandem_host")->Arg(short_row)->UseRealTime();  // the argument names the row length
BENCHMARK(bm_short_rows_tandem<td::device_space, reduction::sum>)->Name("shortsum/tandem_device")->Arg(short_row)->UseRealTime();  // the argument names the row length
BENCHMARK(bm_short_sum_loop)->Name("shortsum/rows_loop")->Arg(short_row)->UseRealTime();  // the argument names the row length
BENCHMARK(bm_short_rows_tandem<td::host_space, reduction::argmax>)->Name("shortargmax/tandem_host")->Arg(short_row)->UseRealTime();  // the argument names the row length
BENCHMARK(bm_short_rows_tandem<td::device_space, reduction::argmax>)->Name("shortargmax/tandem_device")->Arg(short_row)->UseRealTime();  // the argument names the row length
BENCHMARK(bm_short_argmax_loop)->Name("shortargmax/rows_loop")->Arg(short_row)->UseRealTime();  // the argument names the row length
BENCHMARK(bm_short_rows_tandem<td::host_space, reduction::var>)->Name("shortvar/tandem_host")->Arg(short_row)->UseRealTime();  // the argument names the row length
BENCHMARK(bm_short_rows_tandem<td::device_space, reduction::var>)->Name("shortvar/tandem_device")->Arg(short_row)->UseRealTime();  // the argument names the row length
BENCHMARK(bm_short_var_loop<short_row>)->Name("shortvar/rows_loop")->Arg(short_row)->UseRealTime();  // the argument names the row length
BENCHMARK(bm_short_var_loop<0>)->Name("shortvar/rows_loop_runtime_length")->Arg(short_row)->UseRealTime();  // the argument names the row length

BENCHMARK(bm_dense_copy_tandem<td::host_space>)->Name("copy/tandem_host")->Arg(side)->UseRealTime();  // the argument names the size
BENCHMARK(bm_dense_copy_tandem<td::device_space>)->Name("copy/tandem_device")->Arg(side)->UseRealTime();  // the argument names the size
BENCHMARK(bm_transpose_tandem<td::host_space, false>)->Name("transpose/tandem_host")->Arg(side)->UseRealTime();  // the argument names the size
BENCHMARK(bm_transpose_tandem<td::device_space, false>)->Name("transpose/tandem_device")->Arg(side)->UseRealTime();  // the argument names the size
BENCHMARK(bm_transpose_tiled_loop<false>)->Name("transpose/tiled_loop")->Arg(side)->UseRealTime();  // the argument names the size
BENCHMARK(bm_transpose_tandem<td::host_space, true>)->Name("scaled_transpose/tandem_host")->Arg(side)->UseRealTime();  // the argument names the size
BENCHMARK(bm_transpose_tandem<td::device_space, true>)->Name("scaled_transpose/tandem_device")->Arg(side)->UseRealTime();  // the argument names the size
BENCHMARK(bm_transpose_tiled_loop<true>)->Name("scaled_transpose/tiled_loop")->Arg(side)->UseRealTime();  // the argument names the size
BENCHMARK(bm_permute_tandem<td::host_space>)->Name("permute/tandem_host")->Arg(cube)->UseRealTime();  // the argument names the size
BENCHMARK(bm_permute_tandem<td::device_space>)->Name("permute/tandem_device")->Arg(cube)->UseRealTime();  // the argument names the size
BENCHMARK(bm_permute_tiled_loop)->Name("permute/tiled_loop")->Arg(cube)->UseRealTime();  // the argument names the size
BENCHMARK(bm_strided_sum_tandem<td::host_space>)->Name("strided_sum/tandem_host")->Arg(long_n)->UseRealTime();  // the argument names the size
BENCHMARK(bm_strided_sum_tandem<td::device_space>)->Name("strided_sum/tandem_device")->Arg(long_n)->UseRealTime();  // the argument names the size
BENCHMARK(bm_strided_sum_loop)->Name("strided_sum/strided_loop")->Arg(long_n)->UseRealTime();  // the argument names the size
BENCHMARK(bm_block_sum_tandem<td::host_space>)->Name("block_sum/tandem_host")->Arg(side)->UseRealTime();  // the argument names the size
BENCHMARK(bm_block_sum_tandem<td::device_space>)->Name("block_sum/tandem_device")->Arg(side)->UseRealTime();  // the argument names the size
BENCHMARK(bm_block_sum_loop)->Name("block_sum/rows_loop")->Arg(side)->UseRealTime();  // the argument names the size
BENCHMARK(bm_bcast_tandem<td::host_space, false>)->Name("bcast_row/tandem_host")->Arg(side)->UseRealTime();  // the argument names the size
BENCHMARK(bm_bcast_tandem<td::device_space, false>)->Name("bcast_row/tandem_device")->Arg(side)->UseRealTime();  // the argument names the size
BENCHMARK(bm_bcast_loop<false>)->Name("bcast_row/rows_loop")->Arg(side)->UseRealTime();  // the argument names the size
BENCHMARK(bm_bcast_tandem<td::host_space, true>)->Name("bcast_col/tandem_host")->Arg(side)->UseRealTime();  // the argument names the size
BENCHMARK(bm_bcast_tandem<td::device_space, true>)->Name("bcast_col/tandem_device")->Arg(side)->UseRealTime();  // the argument names the size
BENCHMARK(bm_bcast_loop<true>)->Name("bcast_col/rows_loop")->Arg(side)->UseRealTime();  // the argument names the size
BENCHMARK(bm_stencil_tandem<td::host_space>)->Name("stencil/tandem_host")->Arg(side)->UseRealTime();  // the argument names the size
BENCHMARK(bm_stencil_tandem<td::device_space>)->Name("stencil/tandem_device")->Arg(side)->UseRealTime();  // the argument names the size
BENCHMARK(bm_stencil_rows_loop)->Name("stencil/rows_loop")->Arg(side)->UseRealTime();  // the argument names the size
BENCHMARK(bm_small_add_tandem<td::host_space>)->Name("add/tandem_host")->Arg(16)->Arg(256)->Arg(1024);
BENCHMARK(bm_small_add_tandem<td::device_space>)->Name("add/tandem_device")->Arg(16)->Arg(256)->Arg(1024);
BENCHMARK(bm_small_add_raw_loop)->Name("add/raw_loop")->Arg(16)->Arg(256)->Arg(1024);

BENCHMARK_MAIN();
