#!/usr/bin/env python3
"""Draws a suite study of `moreau ida --records`: fragility.png, the fitted lognormal
probability of collapse against the intensity measure with the records' collapse
intensities as the empirical distribution (Baker 2015, Fig. 1), and ida-curves.png, every
record's IDA curve (peak drift across, intensity up) with their 16, 50 and 84 % fractiles
(Vamvatsikos & Cornell 2002, section 6: the fractiles of the intensity at each drift).

usage: plot_fragility.py STUDY_DIR IM_NAME IM_LABEL TITLE
"""
import csv
import json
import os
import sys

from moreau_plotting import pyplot as plt
import numpy


def rows(path):
    with open(path, newline="") as stream:
        return list(csv.DictReader(stream))


def draw_fragility(folder, name, label, title):
    fit = json.load(open(os.path.join(folder, "fragility.json")))
    curve = rows(os.path.join(folder, "fragility.csv"))
    suite = rows(os.path.join(folder, "suite.csv"))
    figure, axes = plt.subplots(figsize=(6.5, 4.5))
    axes.plot([float(row[name]) for row in curve],
              [float(row["probability_of_collapse"]) for row in curve], color="tab:blue",
              linewidth=2, label=f"lognormal: median {fit['median']:.3g}, "
                                 f"dispersion {fit['dispersion']:.2f} ({fit['method']})")
    collapses = sorted(float(row["collapse_" + name]) for row in suite if row["censored"] == "0")
    count = len(suite)
    axes.plot(collapses, [(i + 0.5) / count for i in range(len(collapses))], "o",
              color="black", markersize=5, label=f"records' collapse intensities ({count} records)")
    censored = [float(row["collapse_" + name]) for row in suite if row["censored"] == "1"]
    if censored:
        axes.plot(censored, [1.0] * len(censored), "^", color="tab:red", markersize=7,
                  label=f"survived up to (censored, {len(censored)})")
    low, high = fit["median_95"]
    axes.axvspan(low, high, color="tab:blue", alpha=0.12, label="95 % interval of the median")
    axes.set_xlabel(label)
    axes.set_ylabel("probability of collapse")
    axes.set_title(f"Collapse fragility, {title}")
    axes.set_xlim(left=0)
    axes.set_ylim(0, 1.05)
    axes.grid(True, alpha=0.3)
    axes.legend(loc="lower right", fontsize="small")
    figure.tight_layout()
    figure.savefig(os.path.join(folder, "fragility.png"), dpi=120)


def intensity_at(drifts, curve, collapse):
    """The intensity at each drift along a record's curve (its survived runs by intensity,
    the first time it reaches the drift), its collapse intensity past its last drift."""
    values = []
    for drift in drifts:
        value = collapse
        previous = (0.0, 0.0)
        for point in curve:
            if point[0] >= drift:
                span = point[0] - previous[0]
                share = (drift - previous[0]) / span if span > 0 else 1.0
                value = previous[1] + share * (point[1] - previous[1])
                break
            previous = point
        values.append(value)
    return values


def draw_curves(folder, name, label, title):
    suite = rows(os.path.join(folder, "suite.csv"))
    figure, axes = plt.subplots(figsize=(6.5, 4.5))
    curves = []
    largest_drift = 0.0
    for row in suite:
        runs = sorted(rows(os.path.join(folder, row["record"], "ida.csv")),
                      key=lambda run: float(run[name]))
        survived = [(float(run["peak_drift"]), float(run[name])) for run in runs
                    if run["collapsed"] == "0"]
        first = [float(run[name]) for run in runs if run["collapsed"] == "1"]
        collapse = float(row["collapse_" + name])
        below = [point for point in survived if not first or point[1] < first[0]]
        axes.plot([0.0] + [p[0] for p in below], [0.0] + [p[1] for p in below], color="0.65",
                  linewidth=0.9)
        curves.append((below, collapse, row["censored"] == "0"))
        largest_drift = max([largest_drift] + [p[0] for p in below])
    # Past its last drift a curve is flat at its collapse intensity (the IDA curve's
    # flatline), drawn to the right edge.
    for below, collapse, collapsed in curves:
        if collapsed:
            axes.plot([below[-1][0] if below else 0.0, largest_drift], [collapse, collapse],
                      ":", color="0.65", linewidth=0.9)
    drifts = numpy.linspace(0.0, largest_drift, 100)[1:]
    table = numpy.array([intensity_at(drifts, curve, collapse) for curve, collapse, _ in curves])
    for fraction, style in ((16, ":"), (50, "-"), (84, "--")):
        axes.plot(drifts, numpy.percentile(table, fraction, axis=0), style, color="black",
                  linewidth=2 if fraction == 50 else 1.3, label=f"{fraction} % fractile")
    axes.set_xlabel("peak drift ratio of the control body")
    axes.set_ylabel(label)
    axes.set_title(f"IDA curves of {len(suite)} records, {title}")
    axes.set_xlim(left=0)
    axes.set_ylim(bottom=0)
    axes.grid(True, alpha=0.3)
    axes.legend(loc="lower right", fontsize="small")
    figure.tight_layout()
    figure.savefig(os.path.join(folder, "ida-curves.png"), dpi=120)


def main(folder, name, label, title):
    draw_fragility(folder, name, label, title)
    draw_curves(folder, name, label, title)


if __name__ == "__main__":
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    main(*sys.argv[1:])
