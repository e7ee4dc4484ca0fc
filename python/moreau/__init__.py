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

    An error in the dict names its key path (bodies[1].shape.type) and `name`, with no line
    or column (a dict has none: the JSON text it is read through is not the user's); an error
    in a file the dict names (a record, a mesh) is located in that file."""
    try:
        return problem_from_text(_json.dumps(document, indent=1), name, folder, mode)
    except InputError as error:
        if error.file != name or error.line is None:
            raise
        location = ":".join(str(part) for part in (name, error.line, error.column)
                            if part is not None) + ": "
        message = str(error)
        in_dict = InputError(name + ": " + message[len(location):]
                             if message.startswith(location) else message)
        in_dict.file, in_dict.line, in_dict.column, in_dict.key = name, None, None, error.key
        raise in_dict from None
