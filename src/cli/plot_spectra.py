#!/usr/bin/env python3
"""Draws the response spectra of `moreau records --spectra`: the pseudo-spectral acceleration
Sa (g) against the natural period (s, log axis), one curve per record component, and their
median where there are several (a suite's mean spectrum is read on such a plot).

usage: plot_spectra.py SPECTRA_CSV PNG DAMPING_LABEL
"""
import csv
import statistics
import sys

from moreau_plotting import pyplot as plt


def main(csv_path, png_path, damping_label):
    with open(csv_path, newline="") as stream:
        reader = csv.reader(stream)
        names = next(reader)[1:]
        rows = [[float(value) for value in row] for row in reader]
    periods = [row[0] for row in rows]
    figure, axes = plt.subplots(figsize=(7, 4.5))
    many = len(names) > 8
    for column, name in enumerate(names, start=1):
        axes.plot(periods, [row[column] for row in rows], linewidth=0.8 if many else 1.3,
                  color="0.6" if many else None, label=None if many else name.split("/")[-1])
    if len(names) > 1:
        axes.plot(periods, [statistics.median(row[1:]) for row in rows], color="black",
                  linewidth=2.2, label=f"median of {len(names)}")
    axes.set_xscale("log")
    axes.set_xlabel("natural period T (s)")
    axes.set_ylabel("Sa (g)")
    axes.set_title(f"Response spectra, {damping_label}")
    axes.set_ylim(bottom=0)
    axes.grid(True, which="both", alpha=0.3)
    axes.legend(loc="upper right", fontsize="small")
    figure.tight_layout()
    figure.savefig(png_path, dpi=120)


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
