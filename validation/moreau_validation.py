"""What a validation case sees: running moreau, reading its outputs, recording comparisons.

A case is a folder under validation/cases/ with its problem files, a reference.md (the
sources, the formulas, each tolerance and why) and a check.py that defines

    TITLE = "Bouncing ball"            # the report's name of the case
    def check(case: Case) -> None      # runs moreau through `case`, calls case.compare(...)

run_validation.py imports every check.py, gives it a Case and writes the report from what
the cases recorded. A check runs the full case, or a shorter version of it when case.fast
(the CI subset: seconds, not minutes); both compare against the same references.
"""
import csv
import json
import subprocess
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Comparison:
    """One row of the report: a quantity moreau computed next to its reference."""
    case: str
    quantity: str
    reference: float
    measured: float
    tolerance: float  # on `error`
    relative: bool  # error = |measured - reference| / |reference|, else |measured - reference|
    source: str  # author, year, equation or table of the reference
    passed: bool = field(init=False)
    error: float = field(init=False)

    def __post_init__(self):
        difference = abs(self.measured - self.reference)
        self.error = difference / abs(self.reference) if self.relative else difference
        # NaN compares false: a quantity moreau failed to produce never passes.
        self.passed = bool(self.error <= self.tolerance)


@dataclass
class Run:
    """One finished `moreau run`: its folder, summary.json and history.csv as columns."""
    folder: Path
    exit_code: int
    summary: dict
    history: dict  # column name -> list of floats (solver_status stays text)

    def column(self, name):
        return self.history[name]


class MoreauFailed(RuntimeError):
    """moreau refused a problem or crashed: the case fails with its message."""


class Skipped(Exception):
    """The case cannot run here (its data is absent); the report says why."""


class Case:
    """The interface between one check.py and the driver."""

    def __init__(self, title, folder, work, figures, moreau, shared, fast):
        self.title = title
        self.folder = Path(folder)  # the case's own files
        self.work = Path(work)  # scratch space for this case's runs, emptied before
        self.figures_folder = Path(figures)
        self.moreau = Path(moreau)
        self.shared = Path(shared) if shared else None  # ../shared, or None when absent
        self.fast = fast
        self.comparisons = []
        self.notes = []
        self.figures = []
        self.error = None  # why the case was skipped or could not finish (set by the driver)
        self.seconds = 0.0

    def run(self, problem, name=None, arguments=(), allow_unconverged=False):
        """Runs `moreau run` on a problem file (a path) or on a problem given as a dict
        (written as JSON, which is YAML) and returns the Run. Exit code 3 (a step whose
        solver missed its tolerance) is an error unless allow_unconverged."""
        if isinstance(problem, dict):
            name = name or problem.get("title", "problem").replace(" ", "-").lower()
            path = self.work / f"{name}.yaml"
            path.write_text(json.dumps(problem, indent=1))
        else:
            path = Path(problem)
            name = name or path.stem
        out = self.work / f"{name}-results"
        command = [str(self.moreau), "run", str(path), "--out", str(out), "--overwrite",
                   "--quiet", *arguments]
        finished = subprocess.run(command, capture_output=True, text=True)
        if finished.returncode not in (0, 3) or (finished.returncode == 3 and not allow_unconverged):
            raise MoreauFailed(f"{' '.join(command)} exited {finished.returncode}: "
                               f"{finished.stderr.strip() or finished.stdout.strip()}")
        return Run(out, finished.returncode, json.loads((out / "summary.json").read_text()),
                   read_history(out / "history.csv"))

    def moreau_output(self, *arguments):
        """Runs another moreau command (bench, compare, ...) and returns its stdout."""
        finished = subprocess.run([str(self.moreau), *map(str, arguments)],
                                  capture_output=True, text=True)
        if finished.returncode not in (0, 3):
            raise MoreauFailed(f"moreau {' '.join(map(str, arguments))} exited "
                               f"{finished.returncode}: {finished.stderr.strip()}")
        return finished.stdout

    def compare(self, quantity, reference, measured, tolerance, source, relative=True):
        """Records one comparison; the case passes when all of its comparisons do."""
        comparison = Comparison(self.title, quantity, float(reference), float(measured),
                                float(tolerance), relative, source)
        self.comparisons.append(comparison)
        return comparison

    def note(self, text):
        """A paragraph of the case's section: what the numbers mean, a known gap."""
        self.notes.append(text)

    def skip(self, reason):
        raise Skipped(reason)

    def figure(self, file_name, caption):
        """The path to save a PNG at; the report shows it under the case with the caption."""
        path = self.figures_folder / file_name
        self.figures.append((path, caption))
        return path


def bisect(is_above, low, high, steps):
    """The bracket (low, high) of the value where `is_above` turns true, after `steps`
    halvings of [low, high]: is_above(x) says whether x lies above it (a run per call)."""
    for _ in range(steps):
        middle = 0.5 * (low + high)
        if is_above(middle):
            high = middle
        else:
            low = middle
    return low, high


def read_history(path):
    columns = {}
    with open(path, newline="") as stream:
        for row in csv.DictReader(stream):
            for key, value in row.items():
                columns.setdefault(key, []).append(to_number(value))
    return columns


def to_number(text):
    try:
        return float(text)
    except ValueError:
        return text
