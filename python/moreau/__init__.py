"""moreau: nonsmooth contact dynamics of rigid blocks (Moreau-Jean time stepping, Signorini-Coulomb
contact) and the frictional-contact solvers behind it, from Python.

Runs (docs/python.md):
    problem = moreau.load_problem("problems/arch.yaml")
    run = moreau.Run(problem)            # or moreau.Run(problem, out="arch-results")
    while not run.finished:
        outcome = run.step()             # outcome.report.solve: the step's SolveReport
        positions = run.positions        # (n, 3) numpy array, m
    summary = run.summary()              # the dict of summary.json

Solvers on their own:
    problem = moreau.read_contact_problem("Capsules-i122-1617.hdf5")   # or ContactProblem(W, q, mu)
    solution = moreau.solve(problem, solver="nsgs", tolerance=1e-8)
    moreau.natural_map_error(problem, solution.r)

Bad input raises moreau.InputError (a ValueError) with file, line, column and key.
"""

import json as _json

from ._moreau import (  # noqa: F401 (re-exported)
    CONTACT_STATUSES,
    ContactProblem,
    GravityLoad,
    InputError,
    Problem,
    Run,
    Solution,
    SolveReport,
    StepOutcome,
    StepReport,
    __version__,
    global_solver_names,
    load_problem,
    natural_map_error,
    problem_from_text,
    read_contact_problem,
    solve,
    solver_names,
)


def problem_from_dict(document, name="<problem>", folder=".", mode=None):
    """Reads and checks a problem given as a dict of the problem-file format
    (docs/problem-files.md), e.g. a problem file read with yaml.safe_load and changed:

        document = yaml.safe_load(open("problems/arch-tilting-table.yaml"))
        document["interactions"][0]["friction"] = 0.4
        problem = moreau.problem_from_dict(document, folder="problems")

    Errors name the key (with lines of the dict's JSON text)."""
    return problem_from_text(_json.dumps(document, indent=1), name, folder, mode)
