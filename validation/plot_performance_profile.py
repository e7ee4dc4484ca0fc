#!/usr/bin/python3
"""Plots the Dolan-More performance profile of a `moreau bench` CSV to PNG.

Dolan & More 2002, "Benchmarking optimization software with performance profiles",
Math. Program. 91, eq. (1): for problem p and solver s, r_ps = t_ps / min_s t_ps over the
solvers that converged on p (infinite where s did not), and rho_s(tau) is the fraction of
problems with r_ps <= tau. The curve's height at tau = 1 is how often s is the fastest; its
height far right is how often s converges at all.

Usage: validation/plot_performance_profile.py bench.csv profile.png
Needs Debian's python3-matplotlib.
"""
import csv
import math
import sys
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def read_times(path):
    """problem -> solver -> seconds (inf when the solver did not converge)."""
    times = defaultdict(dict)
    with open(path, newline="") as stream:
        for row in csv.DictReader(stream):
            converged = row["status"] == "converged"
            times[row["problem"]][row["solver"]] = float(row["seconds"]) if converged else math.inf
    return times


def profile(times):
    solvers = sorted({s for by_solver in times.values() for s in by_solver})
    ratios = {s: [] for s in solvers}
    for by_solver in times.values():
        best = min(by_solver.values())
        for s in solvers:
            t = by_solver.get(s, math.inf)
            ratios[s].append(t / best if math.isfinite(t) and math.isfinite(best) else math.inf)
    return ratios


def plot(ratios, problems, output):
    finite = [r for values in ratios.values() for r in values if math.isfinite(r)]
    tau_max = max(finite + [2.0]) * 1.5
    figure, axes = plt.subplots(figsize=(7, 4.5))
    for solver, values in sorted(ratios.items()):
        taus = sorted(r for r in values if math.isfinite(r))
        xs = [1.0] + taus + [tau_max]
        ys = [0.0] + [(k + 1) / problems for k in range(len(taus))] + [len(taus) / problems]
        axes.step(xs, ys, where="post", label=solver, linestyle="--" if "siconos" in solver else "-")
    axes.set_xscale("log")
    axes.set_xlim(1.0, tau_max)
    axes.set_ylim(0.0, 1.02)
    axes.set_xlabel("tau: time within tau x the fastest solver on each problem")
    axes.set_ylabel("fraction of problems solved")
    axes.set_title(f"Performance profile over {problems} problems")
    axes.grid(True, which="both", alpha=0.3)
    axes.legend(loc="lower right", fontsize=8)
    figure.tight_layout()
    figure.savefig(output, dpi=120)


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: plot_performance_profile.py bench.csv profile.png")
    times = read_times(sys.argv[1])
    plot(profile(times), len(times), sys.argv[2])
    print(f"wrote {sys.argv[2]}")


if __name__ == "__main__":
    main()
