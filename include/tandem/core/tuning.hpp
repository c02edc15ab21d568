#pragma once
/// \file core/tuning.hpp
/// The performance constants of the CPU paths, in one place. None of them changes a
/// result. The constants that fix how float sums and scans round (core/pairwise.hpp's
/// block and chunk sizes, the scan's chunks in backend/host/loops.hpp) are part of the
/// arithmetic and stay next to it.

#include <cstddef>

#include "../config.hpp"

namespace tandem::detail::tuning {

/// Work (elements) below which a host loop runs serially on the calling thread: starting
/// pool tasks costs more than that much work.
inline constexpr index_t serial_threshold = index_t(1) << 15;
/// Elements one parallel host task handles.
inline constexpr index_t task_size = index_t(1) << 14;
/// Work (elements) from which a host loop or reduction that has an AVX2 build
/// (backend/host/loops.hpp) runs it: below, reaching it costs more than it saves (td::max
/// of 16 floats: 8.0-8.3 ns in the SSE2 build, 9.8-10.0 through the AVX2 one).
inline constexpr index_t wide_min_work = 1024;
/// Elements per chunk in two-pass compaction and in per-chunk histogram counters.
inline constexpr index_t count_chunk = index_t(1) << 16;
/// Most counters (chunks x bins) the per-chunk histogram keeps before it uses atomics.
inline constexpr index_t count_rows_limit = index_t(1) << 22;
/// Side of the square tiles of a copy between layouts (a transpose or permute).
inline constexpr index_t copy_tile = 32;
/// Bytes of accumulators (pairwise lanes x outputs, or one row of outputs for an op whose
/// result does not depend on the order) of one task reducing along a leading axis on CPU
/// cores: sized to stay in a 48 KiB L1 data cache (a float sum's tile: 512 lanes). Tiles
/// of 4096 floats (256 KiB, in L2) could not be told from 512 on a noisy Intel host; on
/// an AMD EPYC one, sum(m, 0) of 4096^2 floats took 1.64 ms with them and 1.42 with 512
/// (1024: 1.54-1.64, 256: 1.48-1.60, 128: 2.4-2.6; the loop 1.15). max(m, 0), one row of
/// accumulators: whole rows of 4096 1.11-1.17 ms, tiles of 2048 2.1-2.3.
inline constexpr std::size_t axis_block_bytes = std::size_t(1) << 15;
/// Lanes of one task of argmax/argmin along a leading axis on CPU cores (the best value
/// and its row per lane, in two arrays). On an AMD EPYC host, argmax(m, 0) of 4096^2
/// floats: 128 lanes 2.8-2.9 ms, 512 2.15-2.19, 1024 2.94-2.98, 2048 3.15-3.19.
inline constexpr index_t axis_rows_tile = 512;
/// Lanes (neighbouring columns) one task of a scan along a leading axis carries from row
/// to row on CPU cores: a row of them and its predecessor stay in the L1 cache.
inline constexpr index_t scan_tile = 1024;
/// Tasks a reduction along a leading axis aims for, splitting the axis when the outputs
/// alone give fewer.
inline constexpr index_t axis_tasks = 32;
/// Rows per task of the host matrix-vector product.
inline constexpr index_t gemv_rows = 64;
/// Alignment of host blocks: a cache line, enough for AVX-512 loads.
inline constexpr std::size_t host_alignment = 64;
/// Host blocks from twice this size on are aligned to it and offered for transparent
/// huge pages.
inline constexpr std::size_t huge_page = std::size_t(1) << 21;

}  // namespace tandem::detail::tuning
