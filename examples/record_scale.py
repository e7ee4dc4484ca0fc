#!/usr/bin/env python3
"""A record-scale study of a drum column (problems/tower-ground-motion.yaml): the column is
run under its ground-motion pulse scaled to a range of peak ground accelerations, stepped from
Python to track the top drum's displacement relative to the shaking table; the peak of that
drift against the PGA is the column's (single-record) incremental dynamic analysis curve.

    PYTHONPATH=build/release/python examples/record_scale.py --out .   # writes record-scale.png
"""

import argparse
import concurrent.futures
import pathlib

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402 (after the backend)
import numpy as np  # noqa: E402
import yaml  # noqa: E402

import moreau  # noqa: E402

PROBLEM = pathlib.Path(__file__).resolve().parent.parent / "problems" / "tower-ground-motion.yaml"


def peak_drift(pga_g):
    """The column under the pulse of peak pga_g (g): the peak horizontal displacement of the
    top drum relative to the table (m), and whether a collapse criterion fired."""
    document = yaml.safe_load(PROBLEM.read_text())
    document["bodies"][0]["driven"]["ricker"]["peak"] = pga_g
    run = moreau.Run(moreau.problem_from_dict(document, folder=PROBLEM.parent))
    table = run.motions.index("driven")
    top = int(np.argmax(np.where(np.array(run.motions) == "free", run.positions[:, 2], -np.inf)))
    start = run.positions[top, :2] - run.positions[table, :2]
    peak = 0.0
    while not run.finished:
        run.step()
        relative = run.positions[top, :2] - run.positions[table, :2] - start
        peak = max(peak, float(np.linalg.norm(relative)))
    return peak, run.summary()["collapse"] is not None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=pathlib.Path, default=pathlib.Path("."))
    arguments = parser.parse_args()

    pgas = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8, 1.0]
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(peak_drift, pgas))
    for pga, (drift, collapsed) in zip(pgas, results):
        print(f"PGA {pga:.2f} g: peak drift of the top drum {1000 * drift:.1f} mm"
              + (", collapse" if collapsed else ""))

    figure, axes = plt.subplots(figsize=(6, 4))
    drifts = [1000 * drift for drift, _ in results]
    axes.plot(drifts, pgas, "o-", color="tab:blue")
    for drift, pga, (_, collapsed) in zip(drifts, pgas, results):
        if collapsed:
            axes.plot(drift, pga, "x", color="tab:red", markersize=10)
    axes.set_xlabel("peak drift of the top drum (mm)")
    axes.set_ylabel("PGA of the pulse (g)")
    axes.set_title("Drum column under a scaled Ricker pulse (x: collapse)")
    figure.tight_layout()
    arguments.out.mkdir(parents=True, exist_ok=True)
    figure.savefig(arguments.out / "record-scale.png", dpi=100)


if __name__ == "__main__":
    main()
