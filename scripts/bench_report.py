#!/usr/bin/env python3
"""Turns bench_elementwise's JSON into report.md and SVG plots (scripts/bench-report).

  bench_report.py RESULTS.json OUT_DIR KIND CORES

KIND is "emulated" (no GPU: the device space ran on the CPU) or the GPU's name.
"""
import json
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

# Operands each operation reads from the host and writes back when its data starts and
# ends in host memory (float32 arrays of n elements).
TRANSFERS = {"add": (2, 1), "axpy": (2, 1), "fused5": (5, 1), "sum": (1, 0)}


def medians(path):
    data = json.loads(Path(path).read_text())
    out = {}
    for b in data["benchmarks"]:
        if b.get("aggregate_name") != "median":
            continue
        # run_name is "op/space/SIZE", with "/real_time" after it for real-time benchmarks.
        parts = [p for p in b["run_name"].split("/") if p != "real_time"]
        name, size = "/".join(parts[:-1]), parts[-1]
        scale = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}[b["time_unit"]]
        out.setdefault(name, {})[int(size)] = b["real_time"] * scale  # milliseconds
    return out


def crossover(sizes, host, device):
    """The smallest size from which the device is faster at every larger size measured."""
    found = None
    for n in reversed(sizes):
        if device[n] < host[n]:
            found = n
        else:
            break
    return found


def main():
    results, out_dir, kind, cores = sys.argv[1], Path(sys.argv[2]), sys.argv[3], sys.argv[4]
    m = medians(results)
    emulated = kind == "emulated"
    lines = ["# tandem: CPU against GPU", ""]
    if emulated:
        lines += ["**No GPU was found: the device numbers below are emulated.** The device space ran on "
                  "Thrust's TBB system on this machine's CPU cores, so they measure that, not a GPU; run this "
                  "script on a machine with an NVIDIA GPU and nvcc for real figures.", ""]
    else:
        lines += [f"Device: {kind}.", ""]
    lines += [f"Host: {cores} CPU cores. Times are medians of 3 repetitions (milliseconds); \"device + "
              "transfers\" adds copying the operands from host memory to the device and the result back "
              "(`transfer/host_to_device` and `device_to_host`, measured in the same run).", ""]
    h2d, d2h = m.get("transfer/host_to_device", {}), m.get("transfer/device_to_host", {})
    for op, (ins, outs) in TRANSFERS.items():
        host, device = m.get(f"{op}/tandem_host"), m.get(f"{op}/tandem_device")
        if not host or not device:
            continue
        sizes = sorted(set(host) & set(device))
        with_transfers = {n: device[n] + ins * h2d.get(n, 0.0) + outs * d2h.get(n, 0.0) for n in sizes}
        cross = crossover(sizes, host, device)
        cross_t = crossover(sizes, host, with_transfers)
        lines += [f"## {op}", "",
                  "| elements | host | device | device + transfers | host / device |", "|---|---|---|---|---|"]
        for n in sizes:
            lines.append(f"| {n:,} | {host[n]:.4f} | {device[n]:.4f} | {with_transfers[n]:.4f} | "
                         f"{host[n] / device[n]:.2f} |")
        lines += ["", f"Crossover (device faster than host): "
                  f"{f'{cross:,} elements' if cross else 'none in this range'}; with transfers: "
                  f"{f'{cross_t:,} elements' if cross_t else 'none in this range'}.", ""]
        fig, ax = plt.subplots(figsize=(6.4, 4.2))
        ax.loglog(sizes, [host[n] for n in sizes], "o-", label="host")
        ax.loglog(sizes, [device[n] for n in sizes], "s-", label="device" + (" (emulated)" if emulated else ""))
        ax.loglog(sizes, [with_transfers[n] for n in sizes], "^--", label="device + transfers")
        if cross:
            ax.axvline(cross, color="gray", linestyle=":", label=f"crossover {cross:,}")
        ax.set_xlabel("elements (float32)")
        ax.set_ylabel("time (ms)")
        ax.set_title(f"{op}" + (" (device emulated on the CPU)" if emulated else f" on {kind}"))
        ax.legend()
        ax.grid(True, which="both", alpha=0.3)
        fig.tight_layout()
        fig.savefig(out_dir / f"{op}.svg")
        plt.close(fig)
        lines += [f"![{op}]({op}.svg)", ""]
    (out_dir / "report.md").write_text("\n".join(lines))


if __name__ == "__main__":
    main()
