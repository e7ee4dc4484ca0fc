#!/usr/bin/env python3
"""Draws a run's curves with matplotlib, for `moreau plot RUN_DIR`: the capacity curve (the
load factor against the control body's displacement), the energies, the solver's
iterations and errors, and the tracked bodies' displacements and rotations against time;
under ground motion also the control body's response: its displacement and drift against
time. Displacements are measured from history.csv's first row (the first output step);
under ground motion they are horizontal and relative to the shaken support (summary.json's
record.ground), as moreau ida measures them (signed along x in planar mode), and drift is
the displacement over the control body's height above the base of the structure
(record.base_z).

usage: plot_run.py RUN_DIR [CONTROL]   (CONTROL: a body tracked in history.csv; without it,
no capacity curve or response)
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


def moved(history, body):
    """x - x_first of a tracked body, m, over history.csv's rows."""
    x, y, z = (history[f"{body}.{axis}"] for axis in "xyz")
    return [(a - x[0], b - y[0], c - z[0]) for a, b, c in zip(x, y, z)]


def shaken_support(summary, history):
    """The body a ground motion shakes, if history.csv tracks it; else None."""
    record = summary.get("record")
    if record and f"{record['ground']}.x" in history:
        return record["ground"]
    return None


def displacement(history, body, ground):
    """|x - x_first| of a tracked body, m, over history.csv's rows; relative to the ground
    and horizontal when a ground is given."""
    if ground is None:
        return [math.hypot(*d) for d in moved(history, body)]
    return [math.hypot(d[0] - g[0], d[1] - g[1])
            for d, g in zip(moved(history, body), moved(history, ground))]


def tracked(history):
    return [name[:-2] for name in history if name.endswith(".x")]


def save(figure, path):
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)
    print(path)


def displacement_label(body, ground):
    if ground is None:
        return f"displacement of {body} (m)"
    return f"horizontal displacement of {body} relative to {ground} (m)"


def capacity(folder, summary, history, control, ground):
    figure, axes = plt.subplots(figsize=(6, 4.5))
    axes.plot(displacement(history, control, ground), history["load_factor"], "-",
              color="tab:blue")
    collapse = summary.get("collapse")
    if collapse:
        axes.axhline(collapse["load_factor"], color="tab:red", linestyle="--", linewidth=1,
                     label=f"collapse: {collapse['criterion']} at {collapse['load_factor']:.4g}")
        axes.legend(loc="lower right", fontsize=8)
    axes.set_xlabel(displacement_label(control, ground))
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


def response(folder, summary, history, control, ground):
    """The control body's displacement relative to the ground and its drift, against time:
    in planar mode signed (along x), in 3D the horizontal magnitude."""
    if summary["dimension"] == 2:
        relative = [d[0] - g[0] for d, g in zip(moved(history, control), moved(history, ground))]
    else:
        relative = displacement(history, control, ground)
    height = history[f"{control}.z"][0] - summary["record"]["base_z"]
    record = summary["record"]
    figure, (top, bottom) = plt.subplots(2, 1, figsize=(6, 5), sharex=True)
    top.plot(history["time"], relative, color="tab:blue",
             label=f"record x {record['scale']:.4g}, PGA {record['pga_g']:.3g} g")
    top.set_ylabel(f"{control} (m)")
    top.legend(fontsize=7)
    bottom.plot(history["time"], [100.0 * d / height for d in relative], color="tab:blue")
    bottom.set_ylabel(f"drift (%, over {height:.3g} m)")
    bottom.set_xlabel("time (s)")
    top.set_title(f"{summary['title']}:\nhorizontal displacement relative to {ground}",
                  fontsize=10)
    for axes in (top, bottom):
        axes.grid(True, alpha=0.3)
    save(figure, os.path.join(folder, "response.png"))


def bodies(folder, summary, history, ground):
    """The tracked bodies but the shaken support; nothing drawn when there is none."""
    names = [name for name in tracked(history) if name != ground]
    if not names:
        return
    figure, (top, bottom) = plt.subplots(2, 1, figsize=(6, 5), sharex=True)
    for name in names:
        top.plot(history["time"], displacement(history, name, ground), label=name)
        bottom.plot(history["time"], history[f"{name}.rotation_deg"], label=name)
    top.set_ylabel("displacement (m)" if ground is None
                   else f"horizontal displacement relative to {ground} (m)")
    bottom.set_ylabel("rotation (deg)")
    bottom.set_xlabel("time (s)")
    top.set_title(f"{summary['title']}: tracked bodies")
    if len(names) <= 10:
        top.legend(fontsize=7)
    for axes in (top, bottom):
        axes.grid(True, alpha=0.3)
    save(figure, os.path.join(folder, "bodies.png"))


def main(folder, control=None):
    with open(os.path.join(folder, "summary.json")) as stream:
        summary = json.load(stream)
    history = columns(os.path.join(folder, "history.csv"))
    ground = shaken_support(summary, history)
    if control is not None:
        capacity(folder, summary, history, control, ground)
    energies(folder, summary, history)
    solver(folder, summary, columns(os.path.join(folder, "solver.csv")))
    if control is not None and ground is not None:
        response(folder, summary, history, control, ground)
    bodies(folder, summary, history, ground)


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    main(*sys.argv[1:])
