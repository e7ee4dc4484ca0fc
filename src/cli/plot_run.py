#!/usr/bin/env python3
"""Draws a run's curves with matplotlib, for `moreau plot RUN_DIR`: the capacity curve (the
load factor against the control body's displacement), the energies, the solver's
iterations and errors, and the tracked bodies' displacements and rotations against time.
Displacements are measured from history.csv's first row (the first output step).

usage: plot_run.py RUN_DIR CONTROL   (CONTROL: a body tracked in history.csv)
Prints the PNG files written, one per line.
"""
import csv
import json
import math
import os
import sys

try:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
except ImportError:
    sys.exit("matplotlib is not installed (Debian: apt-get install python3-matplotlib)")

LOAD_FACTORS = {
    "tilt_angle_deg": "tilt angle (deg)",
    "lambda": "lateral load factor lambda (g)",
    "pga_reached_g": "PGA reached (g)",
    "gravity_factor": "gravity factor",
}


def columns(path):
    """{column: [floats]} of a CSV file; text columns are left out."""
    with open(path, newline="") as stream:
        rows = list(csv.DictReader(stream))
    table = {}
    for name in rows[0] if rows else []:
        try:
            table[name] = [float(row[name]) for row in rows]
        except ValueError:
            pass
    return table


def displacement(history, body):
    """|x - x_first| of a tracked body, m, over history.csv's rows."""
    x, y, z = (history[f"{body}.{axis}"] for axis in "xyz")
    return [math.dist((a, b, c), (x[0], y[0], z[0])) for a, b, c in zip(x, y, z)]


def tracked(history):
    return [name[:-2] for name in history if name.endswith(".x")]


def save(figure, path):
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)
    print(path)


def capacity(folder, summary, history, control):
    figure, axes = plt.subplots(figsize=(6, 4.5))
    axes.plot(displacement(history, control), history["load_factor"], "-", color="tab:blue")
    collapse = summary.get("collapse")
    if collapse:
        axes.axhline(collapse["load_factor"], color="tab:red", linestyle="--", linewidth=1,
                     label=f"collapse: {collapse['criterion']} at {collapse['load_factor']:.4g}")
        axes.legend(loc="lower right", fontsize=8)
    axes.set_xlabel(f"displacement of {control} (m)")
    axes.set_ylabel(LOAD_FACTORS.get(summary["load_factor_name"], summary["load_factor_name"]))
    axes.set_title(f"{summary['title']}: capacity curve")
    axes.set_xlim(left=0)
    axes.grid(True, alpha=0.3)
    save(figure, os.path.join(folder, "capacity.png"))


def energies(folder, summary, history):
    figure, axes = plt.subplots(figsize=(6, 4.5))
    time = history["time"]
    potential = [e - history["potential_energy"][0] for e in history["potential_energy"]]
    for values, label in ((history["kinetic_energy"], "kinetic"),
                          (potential, "potential, from the first row"),
                          (history["dissipated_energy"], "dissipated"),
                          (history["elastic_energy"], "elastic (penalty)")):
        if any(values):
            axes.plot(time, values, label=label)
    axes.set_xlabel("time (s)")
    axes.set_ylabel("energy (J)")
    axes.set_title(f"{summary['title']}: energies")
    axes.grid(True, alpha=0.3)
    axes.legend(fontsize=8)
    save(figure, os.path.join(folder, "energy.png"))


def solver(folder, summary, steps):
    figure, (top, bottom) = plt.subplots(2, 1, figsize=(6, 5), sharex=True)
    top.plot(steps["time"], steps["iterations"], ",", color="tab:blue")
    top.set_ylabel("iterations")
    errors = [max(e, 1e-17) for e in steps["error"]]
    bottom.semilogy(steps["time"], errors, ",", color="tab:orange")
    bottom.set_ylabel("error at exit")
    bottom.set_xlabel("time (s)")
    top.set_title(f"{summary['title']}: solver ({summary['counts']['not_converged']} steps "
                  "not converged)")
    for axes in (top, bottom):
        axes.grid(True, alpha=0.3)
    save(figure, os.path.join(folder, "solver.png"))


def bodies(folder, summary, history):
    names = tracked(history)
    figure, (top, bottom) = plt.subplots(2, 1, figsize=(6, 5), sharex=True)
    for name in names:
        top.plot(history["time"], displacement(history, name), label=name)
        bottom.plot(history["time"], history[f"{name}.rotation_deg"], label=name)
    top.set_ylabel("displacement (m)")
    bottom.set_ylabel("rotation (deg)")
    bottom.set_xlabel("time (s)")
    top.set_title(f"{summary['title']}: tracked bodies")
    if len(names) <= 10:
        top.legend(fontsize=7)
    for axes in (top, bottom):
        axes.grid(True, alpha=0.3)
    save(figure, os.path.join(folder, "bodies.png"))


def main(folder, control):
    with open(os.path.join(folder, "summary.json")) as stream:
        summary = json.load(stream)
    history = columns(os.path.join(folder, "history.csv"))
    capacity(folder, summary, history, control)
    energies(folder, summary, history)
    solver(folder, summary, columns(os.path.join(folder, "solver.csv")))
    if tracked(history):
        bodies(folder, summary, history)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(*sys.argv[1:])
