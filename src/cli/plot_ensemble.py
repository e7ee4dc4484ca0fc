#!/usr/bin/env python3
"""Draws an ensemble of `moreau ensemble`: ensemble.png, the histogram of the copies' collapse
loads, the bars split by the kind of mechanism (its counts of parts, blocks,
hinges and sliding joints; the most frequent kinds named), with the 5th percentile and
the median marked, the copies' first motions as ticks on the axis, and the range of collapse
loads of limit analysis when given (LOWER, UPPER).

usage: plot_ensemble.py ENSEMBLE_CSV PNG LOAD_FACTOR_NAME TITLE [LOWER UPPER]
"""
import collections
import csv
import sys
import textwrap

from moreau_plotting import pyplot as plt
import numpy
from matplotlib.ticker import MaxNLocator

LABELS = {"tilt_angle_deg": "tilt at collapse (deg)", "lambda": "lateral load factor at collapse",
          "pga_reached_g": "PGA reached at collapse (g)",
          "gravity_factor": "gravity factor at collapse"}
SHOWN_MECHANISMS = 5


def main(table, picture, name, title, lower=None, upper=None):
    with open(table, newline="") as stream:
        rows = list(csv.DictReader(stream))
    collapsed = [row for row in rows if row["collapsed"] == "1"]
    figure, axes = plt.subplots(figsize=(8, 6.5))
    if collapsed:
        loads = numpy.array([float(row[name]) for row in collapsed])
        edges = numpy.histogram_bin_edges(loads, bins="auto")
        counts = collections.Counter(row["mechanism_kind"] for row in collapsed)
        shown = [kind for kind, _ in counts.most_common(SHOWN_MECHANISMS)]
        groups = [[float(row[name]) for row in collapsed if row["mechanism_kind"] == kind]
                  for kind in shown]
        labels = [textwrap.fill(f"{counts[kind]} x {kind}", 110) for kind in shown]
        others = [float(row[name]) for row in collapsed if row["mechanism_kind"] not in shown]
        if others:
            groups.append(others)
            labels.append(f"{len(others)} x other kinds of mechanism")
        axes.hist(groups, bins=edges, stacked=True, label=labels, edgecolor="white")
        for value, text, style in ((numpy.percentile(loads, 5), "5th percentile", ":"),
                                   (numpy.median(loads), "median", "--")):
            axes.axvline(value, color="black", linestyle=style, label=f"{text} {value:.4g}")
    for column, colour, what in (("first_motion", "tab:red", "first motions"),
                                 ("onset", "black", "onsets of the collapses")):
        values = [float(row[f"{column}_{name}"]) for row in rows if row[f"{column}_{name}"]]
        if values:
            axes.plot(values, [0] * len(values), "|", color=colour, markersize=18,
                      clip_on=False, label=f"{what} of {len(values)} copies")
    if lower is not None:
        axes.axvspan(float(lower), float(upper), color="tab:green", alpha=0.12,
                     label=f"limit analysis of the perfect structure: {float(lower):.4g} to "
                           f"{float(upper):.4g}")
    axes.set_xlabel(LABELS.get(name, name))
    axes.set_ylabel("copies")
    axes.yaxis.set_major_locator(MaxNLocator(integer=True))
    axes.set_title(f"{title}: {len(collapsed)} of {len(rows)} copies collapsed", fontsize="medium")
    axes.legend(fontsize="x-small", loc="upper center", bbox_to_anchor=(0.5, -0.14))
    axes.grid(True, alpha=0.3)
    figure.tight_layout()
    figure.savefig(picture, dpi=120)


if __name__ == "__main__":
    if len(sys.argv) not in (5, 7):
        sys.exit(__doc__)
    main(*sys.argv[1:])
