#!/usr/bin/env python3
"""The tilting-table test of a masonry arch, repeated over a range of friction coefficients:
the table tilt at collapse against mu, with the tilt at which a block would slide on the
table (atan mu) for reference. The runs go in parallel threads (moreau releases the GIL).

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


def collapse_tilt(friction):
    """The tilt (deg) at which the arch of PROBLEM collapses with this friction, or None."""
    document = yaml.safe_load(PROBLEM.read_text())
    document["interactions"]["default"]["friction"] = friction
    summary = moreau.Run(moreau.problem_from_dict(document, folder=PROBLEM.parent)).run()
    return summary["collapse"]["load_factor"] if summary["collapse"] else None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=pathlib.Path, default=pathlib.Path("."))
    arguments = parser.parse_args()

    frictions = [0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 0.7, 0.8]
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        tilts = list(pool.map(collapse_tilt, frictions))
    for friction, tilt in zip(frictions, tilts):
        print(f"mu = {friction:.2f}: " + (f"collapse at a tilt of {tilt:.2f} deg" if tilt
                                          else "no collapse"))

    figure, axes = plt.subplots(figsize=(6, 4))
    axes.plot(frictions, [tilt if tilt else math.nan for tilt in tilts], "o-", label="moreau")
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
