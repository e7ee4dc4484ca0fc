#!/usr/bin/env python3
"""A solver study on the FCLib collection written with numpy: every problem of a folder (FCLib
HDF5 or Siconos text) solved by several of moreau's methods, each solution checked with the
error measure, and the performance profile of Dolan & Moré (2002) drawn: for each method, the
fraction of problems it solves within a factor tau of the fastest method's time.

    PYTHONPATH=build/release/python examples/solver_comparison.py ../shared/fclib --out .
"""

import argparse
import pathlib
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402 (after the backend)
import numpy as np  # noqa: E402

import moreau  # noqa: E402

SOLVERS = ["nsgs", "pgs", "prox", "newton-fb", "hybrid"]
TOLERANCE = 1e-8


def read_problems(folder, max_contacts):
    problems = {}
    for path in sorted(folder.iterdir()):
        try:
            problem = moreau.read_contact_problem(path)
        except moreau.InputError:
            continue  # not a problem file
        if problem.contacts <= max_contacts:
            problems[path.name] = problem
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=pathlib.Path, help="a folder of problem files")
    parser.add_argument("--out", type=pathlib.Path, default=pathlib.Path("."))
    parser.add_argument("--max-contacts", type=int, default=300)
    parser.add_argument("--time-limit", type=float, default=0.5, help="s per solve")
    arguments = parser.parse_args()
    if not arguments.folder.is_dir():
        sys.exit(f"{arguments.folder}: no such folder (the FCLib problems are in ../shared/fclib "
                 "beside the development checkout)")

    problems = read_problems(arguments.folder, arguments.max_contacts)
    # seconds[i, j]: problem i solved by SOLVERS[j], inf when it did not converge.
    seconds = np.full((len(problems), len(SOLVERS)), np.inf)
    for i, (name, problem) in enumerate(problems.items()):
        for j, solver in enumerate(SOLVERS):
            solution = moreau.solve(problem, solver, tolerance=TOLERANCE, max_iterations=100000,
                                    time_limit=arguments.time_limit)
            # The report's error is the measure of the returned reactions: check it anyway.
            assert moreau.natural_map_error(problem, solution.r) == solution.report.error
            if solution.report.converged:
                seconds[i, j] = solution.report.seconds
        print(f"{name} ({problem.contacts} contacts): " + ", ".join(
            f"{solver} {'%.3g s' % seconds[i, j] if np.isfinite(seconds[i, j]) else 'not solved'}"
            for j, solver in enumerate(SOLVERS)))

    ratios = seconds / seconds.min(axis=1, keepdims=True)
    taus = np.logspace(0, 3, 200)
    figure, axes = plt.subplots(figsize=(6, 4))
    for j, solver in enumerate(SOLVERS):
        solved = [(ratios[:, j] <= tau).mean() for tau in taus]
        axes.step(taus, solved, where="post", label=f"{solver} ({np.isfinite(seconds[:, j]).sum()}"
                  f"/{len(problems)})")
    axes.set_xscale("log")
    axes.set_xlabel("tau: time within a factor of the fastest")
    axes.set_ylabel("fraction of problems solved")
    axes.set_title(f"{len(problems)} FCLib problems, tolerance {TOLERANCE:g}")
    axes.legend(loc="lower right")
    figure.tight_layout()
    arguments.out.mkdir(parents=True, exist_ok=True)
    figure.savefig(arguments.out / "solver-comparison.png", dpi=100)


if __name__ == "__main__":
    main()
