#!/usr/bin/env python3
"""Draws the IDA curve of `moreau ida` (Vamvatsikos & Cornell 2002, Fig. 2): intensity (PGA)
up, response across, one point per run; the runs that collapsed are drawn at the right edge,
where the curve flattens out.

usage: plot_ida.py IDA_CSV PNG RESPONSE TITLE
"""
import csv
import sys

from moreau_plotting import pyplot as plt

LABELS = {
    "peak_drift": "peak drift ratio of the control body",
    "peak_displacement": "peak displacement of the control body (m)",
    "residual_displacement": "residual displacement of the control body (m)",
    "fallen": "bodies fallen",
}


def main(csv_path, png_path, response, title):
    with open(csv_path, newline="") as stream:
        rows = sorted(csv.DictReader(stream), key=lambda row: float(row["scale"]))
    survived = [row for row in rows if row["collapsed"] == "0"]
    collapsed = [row for row in rows if row["collapsed"] == "1"]
    first_collapse = min((float(row["pga_g"]) for row in collapsed), default=None)
    below = [row for row in survived if first_collapse is None or float(row["pga_g"]) < first_collapse]
    figure, axes = plt.subplots(figsize=(6, 4.5))
    axes.plot([float(row[response]) for row in below], [float(row["pga_g"]) for row in below],
              "o-", color="tab:blue", label="survived")
    if collapsed:
        edge = max([float(row[response]) for row in survived] + [0.0]) * 1.15 or 1.0
        axes.plot([edge] * len(collapsed), [float(row["pga_g"]) for row in collapsed], "x",
                  color="tab:red", markersize=9, label="collapsed")
        axes.axhline(first_collapse, color="tab:red", linestyle="--", linewidth=1,
                     label=f"first collapse, PGA {first_collapse:.3g} g")
    axes.set_xlabel(LABELS[response])
    axes.set_ylabel("PGA (g)")
    axes.set_title(title)
    axes.set_xlim(left=0)
    axes.set_ylim(bottom=0)
    axes.grid(True, alpha=0.3)
    axes.legend(loc="lower right")
    figure.tight_layout()
    figure.savefig(png_path, dpi=120)


if __name__ == "__main__":
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    main(*sys.argv[1:])
