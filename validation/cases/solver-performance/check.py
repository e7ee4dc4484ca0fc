"""Solver performance on the FCLib collection: `moreau bench` runs every moreau solver and
Siconos' on the problems of ../shared/fclib; each converged moreau answer is measured by
Siconos' own error function (reference.md)."""
import csv
import math

from plot_performance_profile import plot, profile, read_times

TITLE = "Solver performance on FCLib"
TIMED = True  # its results are wall times: it runs alone (run_validation.py)
TOLERANCE = 1e-8  # the bench's --tol: what "converged" means for every solver
# The fast subset: one small problem of each kind (3D local, 2D local, 3D global).
FAST_PROBLEMS = ("FC3D_Example1.dat", "FrictionContactProblem00031.dat", "GFC3D_TwoRods1.dat",
                 "Capsules-i101-404.dat")
SICONOS_ERROR = ("Siconos 4.4 numerics' own error function (fc3d_compute_error, "
                 "fc2d_compute_error) on the local problem, the global ones condensed: the "
                 "peer's code for the same residual; Acary, Brémond & Huber 2018, eqs. 4.1-4.6")


def check(case):
    if case.shared is None:
        case.skip("../shared/fclib is absent (it holds the FCLib problems)")
    fclib = case.shared / "fclib"
    paths = [fclib / name for name in FAST_PROBLEMS] if case.fast else [fclib]
    table = case.work / "bench.csv"
    printed = case.moreau_output("bench", *paths, "--with-siconos", "--tol", TOLERANCE,
                                 "--time-limit", 5 if case.fast else 60, "--csv", table,
                                 "--quiet")
    with open(table, newline="") as stream:
        runs = list(csv.DictReader(stream))
    moreau_solvers = sorted({run["solver"] for run in runs
                             if not run["solver"].startswith("siconos")})
    for solver in moreau_solvers:
        converged = [run for run in runs if run["solver"] == solver
                     and run["status"] == "converged"]
        worst = max((float(run["siconos_error"]) for run in converged), default=math.nan)
        problems = len({run["problem"] for run in runs})
        case.compare(f"{solver}: worst Siconos error of its {len(converged)} converged "
                     f"answers ({problems} problems)", 0.0, worst, TOLERANCE, SICONOS_ERROR,
                     relative=False)
    # Siconos' error of the global form scales the same residual by |f| and |w|: reported,
    # not compared with the tolerance of the local measure.
    global_errors = {(run["solver"], run["problem"]): float(run["siconos_global_error"])
                     for run in runs if run["siconos_global_error"]
                     and run["status"] == "converged" and not run["solver"].startswith("siconos")}
    if global_errors:
        (solver, problem), worst = max(global_errors.items(), key=lambda item: item[1])
        case.note(f"On the global problems, Siconos' gfc3d_compute_error (which scales the "
                  f"residual by |f| and |w| instead of max(|q|, |r|, |u|)) rates moreau's "
                  f"converged answers at most {worst:.3g} ({solver} on {problem}).")
    # The profile and the ratios; the per-run rows are in bench.csv, whose path ends the output.
    summary = printed[printed.find("Performance profile"):printed.find("Runs written")]
    case.note("`moreau bench` (each solve from a cold start, tolerance 1e-8 on the "
              "natural-map error; wall times on one machine, so only the ratios carry over):"
              "\n\n```\n" + summary.strip() + "\n```")
    times = read_times(table)
    plot(profile(times), len(times), case.figure(
        "fclib-performance-profile.png", f"Performance profile (Dolan & Moré 2002) of the "
        f"moreau and Siconos solvers on {len(times)} FCLib and Siconos problems"))
