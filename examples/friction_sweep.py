#!/usr/bin/env python3
"""The tilting-table test of a masonry arch, repeated over a range of friction coefficients:
the table tilt at collapse against mu, beside the range of collapse tilts that limit analysis
of the same arch gives (moreau.limit: from the least at which non-associative friction allows
a mechanism to the associative collapse) and the tilt at which a block would slide on the
table (atan mu). The runs go in parallel threads (moreau releases the GIL).

    PYTHONPATH=build/release/python examples/friction_sweep.py --out .   # writes friction-sweep.png
"""

import argparse
import concurrent.futures
import math
import pathlib

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402 (after the backend)
import yaml  # noqa: E402

import moreau  # noqa: E402

PROBLEM = pathlib.Path(__file__).resolve().parent.parent / "problems" / "arch-tilting-table.yaml"


def arch(friction):
    """The arch of PROBLEM with this friction."""
    document = yaml.safe_load(PROBLEM.read_text())
    document["interactions"]["default"]["friction"] = friction
    return moreau.problem_from_dict(document, folder=PROBLEM.parent)


def collapse_tilt(friction):
    """The tilt (deg) at which the arch collapses with this friction, or None."""
    summary = moreau.Run(arch(friction)).run()
    return summary["collapse"]["load_factor"] if summary["collapse"] else None


def limit_range(friction):
    """The range of collapse tilts (deg) of limit analysis, (lower, upper): the iteration's
    lower end (time_limit=0: not proven the least by Cbc) and the associative upper end."""
    (analysis,) = moreau.limit(arch(friction), time_limit=0)["analyses"]
    return analysis["nonassociative"]["load_factor"], analysis["load_factor"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=pathlib.Path, default=pathlib.Path("."))
    arguments = parser.parse_args()

    frictions = [0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 0.7, 0.8]
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        tilts = list(pool.map(collapse_tilt, frictions))
    ranges = [limit_range(friction) for friction in frictions]
    for friction, tilt, (lower, upper) in zip(frictions, tilts, ranges):
        print(f"mu = {friction:.2f}: " + (f"collapse at a tilt of {tilt:.2f} deg" if tilt
                                          else "no collapse")
              + f"; limit analysis from {lower:.2f} to {upper:.2f} deg")

    figure, axes = plt.subplots(figsize=(6, 4))
    axes.plot(frictions, [tilt if tilt else math.nan for tilt in tilts], "o-",
              label="moreau run (1 deg/s, 2 cm criterion)")
    axes.plot(frictions, [upper for _, upper in ranges], "s-", fillstyle="none",
              label="limit analysis, upper end (associative)")
    axes.plot(frictions, [lower for lower, _ in ranges], "v:",
              label="limit analysis, lower end (non-associative)")
    axes.plot(frictions, [math.degrees(math.atan(mu)) for mu in frictions], "--",
              label="a block sliding on the level table, atan(mu)")
    axes.set_xlabel("friction coefficient mu")
    axes.set_ylabel("tilt at collapse (deg)")
    axes.set_title("Arch on a tilting table (t/R = 0.15)")
    axes.legend()
    figure.tight_layout()
    arguments.out.mkdir(parents=True, exist_ok=True)
    figure.savefig(arguments.out / "friction-sweep.png", dpi=100)


if __name__ == "__main__":
    main()
