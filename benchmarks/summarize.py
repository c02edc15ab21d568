#!/usr/bin/env python3
"""Turns Google Benchmark JSON (op/impl/size names, as bench_elementwise and
bench_algorithms write them) into the markdown tables of
docs/benchmarks.md: the median bytes/s of each implementation per op and size, the
ratio of tandem to the hand-written loops, and each op as a fraction of the ceiling.

usage: summarize.py RESULTS.json > tables.md
"""
import json
import sys
from collections import defaultdict


def main(path):
    with open(path) as f:
        data = json.load(f)
    # name: op/impl/size/real_time; keep medians when repetitions were run.
    rate = defaultdict(dict)  # (op, size) -> impl -> bytes/s
    seconds = defaultdict(dict)
    has_aggregates = any(b.get("run_type") == "aggregate" for b in data["benchmarks"])
    for b in data["benchmarks"]:
        if has_aggregates and b.get("aggregate_name") != "median":
            continue
        if "bytes_per_second" not in b:  # counted in items (layout's small assignments)
            continue
        parts = b["run_name"].split("/") if "run_name" in b else b["name"].split("/")
        op, impl, size = parts[0], parts[1], int(parts[2])
        rate[(op, size)][impl] = b["bytes_per_second"]
        seconds[(op, size)][impl] = b["real_time"]
    known_ops = ["add", "axpy", "fused5", "sum"]
    ops = sorted({op for op, _ in rate if not op.startswith("ceiling")},
                 key=lambda o: (known_ops.index(o) if o in known_ops else len(known_ops), o))
    known_impls = ["tandem_host", "loop_tbb", "loop_serial", "tandem_device", "kernel_cuda"]
    others = sorted({i for r in rate.values() for i in r} - set(known_impls))
    impls = known_impls + others
    ceilings = sorted({op for op, _ in rate if op.startswith("ceiling")})
    ctx = data["context"]
    repetitions = max((b.get("repetitions", 1) for b in data["benchmarks"]), default=1)
    print(f"{ctx.get('num_cpus')} CPUs at {ctx.get('mhz_per_cpu')} MHz; "
          f"{f'median of {repetitions} repetitions' if has_aggregates else 'one run each'}; "
          f"GB/s = 10^9 bytes per second.")
    print()
    for op in ops:
        sizes = sorted(s for o, s in rate if o == op)
        present = [i for i in impls if any(i in rate[(op, s)] for s in sizes)]
        print(f"### {op}\n")
        host = "tandem_host" in present
        device_ceiling = any("ceiling_d2d" == o for o, _ in rate)
        header = ["n"] + [f"{i} GB/s" for i in present]
        if host:
            header += ["host / loop_tbb", "host time / serial time"]
        if device_ceiling and "tandem_device" in present:
            header += ["device / d2d copy"]
        cub = "cub_device" in present and "tandem_device" in present
        if cub:
            header += ["device / cub"]
        print("| " + " | ".join(header) + " |")
        print("|" + "---|" * len(header))
        for s in sizes:
            row = [f"2^{s.bit_length() - 1}"]
            for i in present:
                v = rate[(op, s)].get(i)
                row.append(f"{v / 1e9:.1f}" if v else "")
            r = rate[(op, s)]
            t = seconds[(op, s)]
            if host:
                row.append(f"{r['tandem_host'] / r['loop_tbb']:.2f}" if "loop_tbb" in r and "tandem_host" in r else "")
                row.append(f"{t['tandem_host'] / t['loop_serial']:.2f}" if "loop_serial" in t and "tandem_host" in t else "")
            if device_ceiling and "tandem_device" in present:
                ceiling = rate.get(("ceiling_d2d", s), {}).get("device")
                row.append(f"{r['tandem_device'] / ceiling:.2f}" if ceiling and "tandem_device" in r else "")
            if cub:
                row.append(f"{r['tandem_device'] / r['cub_device']:.2f}" if "cub_device" in r and "tandem_device" in r else "")
            print("| " + " | ".join(row) + " |")
        print()
    if ceilings:
        print("### ceilings\n")
        sizes = sorted({s for o, s in rate if o in ceilings})
        print("| n | " + " | ".join(f"{c} GB/s" for c in ceilings) + " |")
        print("|---|" + "---|" * len(ceilings))
        for s in sizes:
            print(f"| 2^{s.bit_length() - 1} | " +
                  " | ".join(f"{rate[(c, s)][next(iter(rate[(c, s)]))] / 1e9:.1f}" if rate[(c, s)] else ""
                             for c in ceilings) + " |")
        print()


if __name__ == "__main__":
    main(sys.argv[1])
