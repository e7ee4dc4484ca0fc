#!/usr/bin/python3
"""Runs the validation cases with a built moreau and writes the report.

    validation/run_validation.py [--fast] [--cases a,b] [--jobs N] [--moreau PATH]
                                 [--shared DIR] [--report PATH]

Every folder of validation/cases/ with a check.py is a case (moreau_validation.py says what
a check does). The report, REPORT.md (a table of every comparison, then a section per case
with its notes and plots) and report.json, goes to validation/ for the full suite and to
build/validation-fast/ for the fast subset (--fast, the CI run), so that a quick run never
replaces the published report. Exit code 0 when every comparison of every case that ran
passed, 1 otherwise. Cases run N at a time (--jobs, default one per core), but a case
whose check.py sets TIMED = True (its results are wall times) runs alone, after the
others. The interpreter is Debian's (/usr/bin/python3), whose
python3-matplotlib and python3-scipy scripts/install-deps --test installs.
"""
import argparse
import concurrent.futures
import datetime
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import time
import traceback
from pathlib import Path

VALIDATION = Path(__file__).resolve().parent
ROOT = VALIDATION.parent
sys.path.insert(0, str(VALIDATION))
from moreau_validation import Case, Skipped  # noqa: E402


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fast", action="store_true", help="the short versions (CI)")
    parser.add_argument("--cases", help="comma-separated case folders (default: all)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count(),
                        help="cases run at a time (default: one per core)")
    parser.add_argument("--moreau", default=ROOT / "build/release/moreau", type=Path)
    parser.add_argument("--shared", default=ROOT.parent / "shared", type=Path,
                        help="the shared data (FCLib problems); cases needing it skip without")
    parser.add_argument("--report", type=Path, help="REPORT.md to write")
    arguments = parser.parse_args()
    if arguments.report is None:
        folder = ROOT / "build/validation-fast" if arguments.fast else VALIDATION
        arguments.report = folder / "REPORT.md"
    if arguments.jobs < 1:
        parser.error(f"--jobs {arguments.jobs}: at least 1")
    if not arguments.moreau.is_file():
        parser.error(f"no moreau at {arguments.moreau}: build it first "
                     "(cmake --workflow --preset release) or give --moreau")
    return arguments


def case_folders(selection):
    folders = sorted(path.parent for path in (VALIDATION / "cases").glob("*/check.py"))
    if selection:
        wanted = selection.split(",")
        unknown = set(wanted) - {folder.name for folder in folders}
        if unknown:
            sys.exit(f"run_validation.py: unknown case(s) {', '.join(sorted(unknown))}; "
                     f"cases: {', '.join(folder.name for folder in folders)}")
        folders = [folder for folder in folders if folder.name in wanted]
    return folders


def load_check(folder):
    spec = importlib.util.spec_from_file_location(f"check_{folder.name.replace('-', '_')}",
                                                  folder / "check.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run_case(folder, arguments, figures):
    """Runs one case; returns its Case and its outcome: passed, failed, skipped or error."""
    check = load_check(folder)
    work = ROOT / "build/validation-work" / folder.name
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    shared = arguments.shared if arguments.shared.is_dir() else None
    case = Case(check.TITLE, folder, work, figures, arguments.moreau, shared, arguments.fast)
    started = time.monotonic()
    try:
        check.check(case)
        outcome = "passed" if all(c.passed for c in case.comparisons) else "failed"
        if not case.comparisons:
            outcome, case.error = "error", "the check compared nothing"
    except Skipped as reason:
        outcome, case.error = "skipped", str(reason)
    except Exception:  # a bug or a refused problem: the report shows it, the run goes on
        outcome, case.error = "error", traceback.format_exc()
    case.seconds = time.monotonic() - started
    return case, outcome


def number(value):
    return f"{value:.4g}"


def write_report(path, results, arguments):
    version = subprocess.run([str(arguments.moreau), "--version"], capture_output=True,
                             text=True).stdout.strip()
    comparisons = [c for case, _ in results for c in case.comparisons]
    failed = [c for c in comparisons if not c.passed]
    lines = [
        "# moreau validation report",
        "",
        f"{'Fast subset (CI)' if arguments.fast else 'Full suite'}, {version}, "
        f"{datetime.date.today().isoformat()}; written by `validation/run_validation.py"
        f"{' --fast' if arguments.fast else ''}`. Each case's folder under "
        "[`validation/cases/`](cases/) holds its problem files, its check script and "
        "`reference.md` (sources, formulas, tolerances and why).",
        "",
        f"**{len(comparisons) - len(failed)} of {len(comparisons)} comparisons pass**; cases: "
        + ", ".join(f"{sum(o == k for _, o in results)} {k}"
                    for k in ("passed", "failed", "skipped", "error")) + ".",
        "",
        "| case | quantity | reference | moreau | error | tolerance | result |",
        "|---|---|---|---|---|---|---|",
    ]
    for c in comparisons:
        kind = "" if c.relative else " (abs.)"
        lines.append(f"| {c.case} | {c.quantity} | {number(c.reference)} | {number(c.measured)} "
                     f"| {number(c.error)}{kind} | {number(c.tolerance)} "
                     f"| {'pass' if c.passed else '**FAIL**'} |")
    for case, outcome in results:
        lines += ["", f"## {case.title}", "",
                  f"[`cases/{case.folder.name}/`](cases/{case.folder.name}/) · "
                  f"[reference](cases/{case.folder.name}/reference.md) · {outcome}, "
                  f"{case.seconds:.0f} s", ""]
        if case.error:
            lines += ["```", case.error.strip(), "```", ""]
        for text in case.notes:
            lines += [text, ""]
        sources = sorted({c.source for c in case.comparisons})
        if sources:
            lines += ["Sources: " + "; ".join(sources) + ".", ""]
        for figure, caption in case.figures:
            relative = Path(figure).resolve().relative_to(path.parent.resolve())
            lines += [f"![{caption}]({relative.as_posix()})", "", f"*{caption}*", ""]
    path.write_text("\n".join(lines).rstrip() + "\n")
    path.with_name("report.json").write_text(json.dumps(
        {"version": version, "fast": arguments.fast,
         "cases": [{"title": case.title, "folder": case.folder.name, "outcome": outcome,
                    "seconds": case.seconds, "error": case.error,
                    "comparisons": [vars(c) for c in case.comparisons]}
                   for case, outcome in results]}, indent=1))


def report_case(folder, case, outcome):
    failed = sum(not c.passed for c in case.comparisons)
    print(f"{folder.name:28} {outcome:8} {len(case.comparisons) - failed}/"
          f"{len(case.comparisons)} comparisons  {case.seconds:6.1f} s", flush=True)
    if outcome in ("skipped", "error"):
        print("  " + case.error.strip().splitlines()[-1], flush=True)


def main():
    arguments = parse_arguments()
    figures = arguments.report.parent / "figures"
    figures.mkdir(parents=True, exist_ok=True)
    folders = case_folders(arguments.cases)
    timed = [folder for folder in folders if getattr(load_check(folder), "TIMED", False)]
    results = {}
    with concurrent.futures.ProcessPoolExecutor(max_workers=arguments.jobs) as pool:
        running = {folder: pool.submit(run_case, folder, arguments, figures)
                   for folder in folders if folder not in timed}
        for folder, future in running.items():  # printed in the cases' order
            results[folder] = future.result()
            report_case(folder, *results[folder])
    for folder in timed:
        results[folder] = run_case(folder, arguments, figures)
        report_case(folder, *results[folder])
    ordered = [results[folder] for folder in folders]
    write_report(arguments.report, ordered, arguments)
    print(f"report: {arguments.report}")
    return 0 if all(outcome in ("passed", "skipped") for _, outcome in ordered) else 1


if __name__ == "__main__":
    sys.exit(main())
