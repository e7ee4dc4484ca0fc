"""moreau: nonsmooth contact dynamics of rigid blocks (Moreau-Jean time stepping, Signorini-Coulomb
contact) and the frictional-contact solvers behind it, from Python.

Runs (docs/python.md):
    problem = moreau.load_problem("problems/arch.yaml")
    run = moreau.Run(problem)            # or moreau.Run(problem, out="arch-results")
    while not run.finished:
        outcome = run.step()             # outcome.report.solve: the step's SolveReport
        positions = run.positions        # (n, 3) numpy array, m
    summary = run.summary()              # the dict of summary.json

Collapse loads by limit analysis (`moreau limit`, docs/limit-analysis.md):
    answer = moreau.limit(problem)       # the dict of limit.json
    answer["analyses"][0]["load_factor"], answer["analyses"][0]["nonassociative"]["load_factor"]

Solvers on their own:
    problem = moreau.read_contact_problem("Capsules-i122-1617.hdf5")   # or ContactProblem(W, q, mu)
    solution = moreau.solve(problem, solver="nsgs", tolerance=1e-8)
    moreau.natural_map_error(problem, solution.r)

Seismic studies (`moreau ida`, docs/user-guide.md), here or on a Dask cluster:
    study = moreau.ida_suite("problems/rocking-block-pulse.yaml", ["records/"], "study",
                             intensity="sa:0.5", units="g", client=dask_client)
    study["fragility"]["median"], study["records"]   # fragility.json, suite.csv's rows

Bad input raises moreau.InputError (a ValueError) with file, line, column and key.
"""

import csv as _csv
import json as _json
import os as _os
import pathlib as _pathlib
import shutil as _shutil
import subprocess as _subprocess

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
    limit,
    load_problem,
    natural_map_error,
    problem_from_text,
    read_contact_problem,
    solve,
    solver_names,
)


def problem_from_dict(document, name="<problem>", folder=".", mode=None, integration=None):
    """Reads and checks a problem given as a dict of the problem-file format
    (docs/problem-files.md), e.g. a problem file read with yaml.safe_load and changed:

        document = yaml.safe_load(open("problems/arch-tilting-table.yaml"))
        document["interactions"][0]["friction"] = 0.4
        problem = moreau.problem_from_dict(document, folder="problems")

    An error in the dict names its key path (bodies[1].shape.type) and `name`, with no line
    or column (a dict has none: the JSON text it is read through is not the user's); an error
    in a file the dict names (a record, a mesh) is located in that file."""
    try:
        return problem_from_text(_json.dumps(document, indent=1), name, folder, mode,
                                 integration)
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


def ida_suite(problem, records, out, intensity="pga", client=None, executable=None,
              **options):
    """Runs `moreau ida PROBLEM --records RECORDS... --out OUT --im INTENSITY` (a study per
    record, then their collapse fragility) and returns what it wrote: {"records": suite.csv's
    rows as dicts, "fragility": fragility.json (None when fewer than two records collapsed),
    "exit_code": moreau's, "output": what it printed}. With `client`, a
    dask.distributed.Client, the runs go to its cluster's workers (`--scheduler`, the
    client's scheduler address; the paths must be the same on the workers). Other options
    are moreau ida's, by name: precision=0.01 is --precision 0.01, units="g" is --units g.
    `executable` is the moreau program: by default $MOREAU_EXECUTABLE, else `moreau` on the
    PATH. A study that moreau refuses raises InputError with its message."""
    program = executable or _os.environ.get("MOREAU_EXECUTABLE") or _shutil.which("moreau")
    if program is None:
        raise FileNotFoundError("the moreau executable: give executable= or set MOREAU_EXECUTABLE")
    command = [program, "ida", str(problem), "--records", *map(str, records), "--out", str(out),
               "--im", intensity, "--quiet"]
    if client is not None:
        command += ["--scheduler", client.scheduler.address]
    for name, value in options.items():
        command += ["--" + name.replace("_", "-"), str(value)]
    finished = _subprocess.run(command, capture_output=True, text=True, check=False)
    if finished.returncode == 2:
        raise InputError(finished.stderr.strip() or finished.stdout.strip())
    folder = _pathlib.Path(out)
    rows = []
    if (folder / "suite.csv").exists():
        with open(folder / "suite.csv", newline="") as stream:
            rows = list(_csv.DictReader(stream))
    fragility = None
    if (folder / "fragility.json").exists():
        fragility = _json.loads((folder / "fragility.json").read_text())
    return {"records": rows, "fragility": fragility, "exit_code": finished.returncode,
            "output": finished.stdout + finished.stderr}
