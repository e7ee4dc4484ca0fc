"""Arch on a tilting table: the tilt angle at which moreau's arch collapses against the
lower-bound limit analysis of the same voussoirs under a horizontal body force,
tan(beta_c) = lambda_c (validation/limit_analysis.py; reference.md)."""
import json
import math
import re

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

import limit_analysis  # noqa: E402  (validation/, on the driver's path)

TITLE = "Arch on a tilting table"
INTRADOS_RADIUS = 1.0  # m: span 2 m, as problems/arch-tilting-table.yaml
VOUSSOIRS = 15  # the two end ones fixed: the bundled problem's springings
DEPTH = 0.5  # m, 3D runs
FRICTION = 0.8
G = 9.81
STEP = 1.0e-3
RATE = 1.0  # deg/s of tilt
START = 0.2  # s: the arch settles under vertical gravity first
MAX_TILT = 45.0  # deg: the runs end there if nothing collapsed
THRESHOLD = 0.01  # m, max_displacement of a voussoir's centre: collapse
THICKNESSES = (0.12, 0.15, 0.20, 0.25)  # m, radial (t/R_i; the bundled problem's is 0.15)
# (dimension, thickness) of each run: the fast subset runs the bundled problem's thickness
RUNS_FAST = ((2, 0.15),)
RUNS_FULL = tuple((2, t) for t in THICKNESSES) + ((3, 0.15),)
BUNDLED = "problems/arch-tilting-table.yaml"
LIMIT_TOLERANCE = 1.0e-4  # deg: two linear programs' optima, each to about 1e-7
SOURCE = ("lower-bound limit analysis of the same voussoirs under lambda = tan(beta) "
          "(Heyman 1969, Int. J. Mech. Sci. 11:363; Oppenheim 1992, Earthquake Eng. Struct. "
          "Dyn. 21:1005; DeJong et al. 2008, Earthquake Spectra 24:847; "
          "validation/limit_analysis.py)")


def problem(thickness, dimension):
    arch = {"type": "arch", "form": "semicircular", "span": 2 * INTRADOS_RADIUS,
            "thickness": thickness, "voussoirs": VOUSSOIRS, "springing_height": 0.0,
            "abutments": False, "fixed_springings": True}
    if dimension == 3:
        arch["depth"] = DEPTH
    duration = START + MAX_TILT / RATE
    return {
        "version": 1, "title": f"tilting arch {dimension}d t {thickness}",
        "dimension": dimension, "gravity": [0, 0, -G],
        "time": {"step": STEP, "duration": duration},
        "materials": [{"name": "stone", "density": 2400}],
        "interactions": {"default": {"friction": FRICTION, "restitution": 0.0}},
        "generators": [arch],
        "loads": {"tilt": {"axis": [0, 1, 0], "rate": RATE, "start": START}},
        "stop": {"collapse": {"max_displacement": THRESHOLD}},
        "output": {"every": int(duration / STEP), "vtk": False, "bodies": []},
    }


def collapse_tilt(run):
    """The tilt (deg) at which the collapse criterion fired, NaN if the arch stood."""
    collapse = run.summary["collapse"]
    return collapse["load_factor"] if collapse else math.nan


def hinge_joints(run):
    """The joints of the free arch at which moreau's collapse mechanism hinges: its hinge
    between arch/voussoirK and arch/voussoirK+1 is joint K of the free arch (voussoirs 1 to
    n - 2 between the fixed end voussoirs 0 and n - 1, its joint 0 on voussoir 0)."""
    collapse = run.summary["collapse"]
    if not collapse:
        return set()
    joints = set()
    for hinge in collapse["mechanism"]["hinges"]:
        a, b = (int(re.fullmatch(r"arch/voussoir(\d+)", hinge[key]).group(1))
                for key in ("body_a", "body_b"))
        joints.add(min(a, b))
    return joints


def compare_hinges(case, run, state, label):
    """moreau's hinge joints against the limit state's (the four of the mechanism): the
    measure is the limit-analysis hinges moreau found, less any hinge it found elsewhere."""
    expected = {joint for joint, _ in state.hinges()}
    found = hinge_joints(run)
    case.compare(f"hinge joints found at the limit-analysis ones, {label}", len(expected),
                 len(found & expected) - len(found - expected), 0, SOURCE, relative=False)
    case.note(f"{label}: collapse mechanism \"{run.summary['collapse']['mechanism']['description']}\"; "
              f"hinge joints of the free arch: moreau {sorted(found)}, limit analysis "
              f"{sorted(expected)}.")


def limit_tilt(thickness):
    """(beta_c in degrees, limit state): tilting gravity by beta is the weight W cos(beta)
    plus a horizontal W sin(beta), so the arch goes at tan(beta_c) = lambda_c."""
    arch = limit_analysis.semicircular_arch(INTRADOS_RADIUS, thickness, VOUSSOIRS,
                                            fixed_end_voussoirs=True)
    factor, state = limit_analysis.collapse_lateral_factor(arch)
    return math.degrees(math.atan(factor)), arch, state


def overshoot(arch, state, tilt, rate, threshold):
    """The bound (deg) on how far past beta_c the detection fires. Past beta_c the mechanism
    of the limit state's hinges accelerates from rest as a = a' (beta - beta_c), and beta
    grows at `rate`: a voussoir's centre moves a' rate (t - t_c)^3 / 6, which reaches
    `threshold` at beta - beta_c = (6 threshold rate^2 / a')^(1/3). The acceleration grows
    further as the hinges open (the collapse is unstable): the bound is an upper one. Plus a
    step of tilt, the detection's time resolution."""
    beta = math.radians(tilt)
    past = 1e-4  # rad: the slope a' from a small step past beta_c (a is linear there)
    gravity = (-G * math.sin(beta + past), -G * math.cos(beta + past))
    slope = limit_analysis.mechanism_peak_acceleration(arch, state.hinges(), gravity) / past
    rate = math.radians(rate)
    return math.degrees((6 * threshold * rate ** 2 / slope) ** (1 / 3) + rate * STEP)


def bundled_setting(text, key):
    """The value written after `key:` in the bundled problem (its single occurrence): the
    file is read as text, so that the case needs no YAML library."""
    found = re.findall(rf"\b{key}:\s*([^,}}\s]+)", text)
    if len(found) != 1:
        raise ValueError(f"{BUNDLED}: expected one '{key}:', found {len(found)}")
    return found[0]


def compare_bundled(case):
    """Runs the bundled problem as it is; returns its plot point (t/R, beta_c, moreau's tilt,
    bound, its rate and threshold in words)."""
    path = case.folder.parents[2] / BUNDLED
    text = path.read_text()
    same_arch = {"form": "semicircular", "span": 2 * INTRADOS_RADIUS, "voussoirs": VOUSSOIRS,
                 "abutments": "false", "fixed_springings": "true"}
    for key, value in same_arch.items():
        written = bundled_setting(text, key)
        if written != value and not (isinstance(value, (int, float))
                                     and float(written) == value):
            raise ValueError(f"{BUNDLED}: {key} is {written}; this case analyses {value}")
    thickness = float(bundled_setting(text, "thickness"))
    rate = float(bundled_setting(text, "rate"))
    threshold = float(bundled_setting(text, "max_displacement"))
    tilt, arch, state = limit_tilt(thickness)
    run = case.run(path)
    measured = collapse_tilt(run)
    compare_hinges(case, run, state, BUNDLED)
    bound = overshoot(arch, state, tilt, rate, threshold)
    case.compare(f"collapse tilt, {BUNDLED} (deg)", tilt, measured, bound, SOURCE,
                 relative=False)
    case.note(f"{BUNDLED} (t = {thickness} m, {rate:g} deg/s, collapse at "
              f"{threshold * 100:g} cm): moreau {measured:.3f} deg, {measured - tilt:+.3f} "
              f"past beta_c, the detection's bound at that rate and threshold {bound:.3f} deg.")
    return (limit_analysis.centreline_ratio(INTRADOS_RADIUS, thickness), tilt, measured, bound,
            f"{rate:g} deg/s, {threshold * 100:g} cm")


def compare_limit(case, path, tilt, label):
    """moreau limit's collapse tilt of the same problem file against beta_c: the arch turns
    on its hinges without sliding (mu is above the limit thrust's demand), where associative
    and non-associative friction agree; in 3D each of its pyramids."""
    for analysis in json.loads(case.moreau_output("limit", path, "--json"))["analyses"]:
        case.compare(f"moreau limit's collapse tilt, {label}, {analysis['cone']} cones (deg)",
                     tilt, analysis["load_factor"], LIMIT_TOLERANCE, SOURCE, relative=False)


def check(case):
    points = []
    for dimension, thickness in (RUNS_FAST if case.fast else RUNS_FULL):
        tilt, arch, state = limit_tilt(thickness)
        ratio = limit_analysis.centreline_ratio(INTRADOS_RADIUS, thickness)
        name = f"tilt-{dimension}d-{thickness}"
        run = case.run(problem(thickness, dimension), name=name)
        measured = collapse_tilt(run)
        compare_limit(case, case.work / f"{name}.yaml", tilt, f"t/R = {ratio:.3f}, {dimension}D")
        compare_hinges(case, run, state, f"t/R = {ratio:.3f}, {dimension}D")
        bound = overshoot(arch, state, tilt, RATE, THRESHOLD)
        case.compare(f"collapse tilt, t/R = {ratio:.3f}, {dimension}D (deg)", tilt, measured,
                     bound, SOURCE, relative=False)
        case.note(f"t/R = {ratio:.3f} (t = {thickness} m), {dimension}D: limit analysis "
                  f"beta_c = {tilt:.3f} deg (lambda_c = {math.tan(math.radians(tilt)):.4f}; "
                  f"hinges at joints {', '.join(f'{j} {side}' for j, side in state.hinges())} "
                  f"of the free arch; the limit thrust needs mu >= "
                  f"{state.friction_demand():.3f}, the runs have {FRICTION}); moreau "
                  f"{measured:.3f} deg, {measured - tilt:+.3f} past it, the detection's bound "
                  f"{bound:.3f} deg.")
        points.append((dimension, ratio, tilt, measured, bound))
    plot(case, points, compare_bundled(case))


def plot(case, points, bundled):
    """Top: collapse tilt against t/R. Bottom: moreau's tilt past beta_c against the
    detection's bound (the band)."""
    thicknesses = np.linspace(0.08, 0.30, 45)
    curve = [limit_tilt(t) for t in thicknesses]
    ratios = [limit_analysis.centreline_ratio(INTRADOS_RADIUS, t) for t in thicknesses]
    bounds = [overshoot(arch, state, tilt, RATE, THRESHOLD) for tilt, arch, state in curve]
    figure, (top, bottom) = plt.subplots(2, 1, figsize=(6, 5), sharex=True,
                                         gridspec_kw={"height_ratios": (2, 1)})
    top.plot(ratios, [tilt for tilt, _, _ in curve], "k-",
             label="limit analysis, same 15 voussoirs")
    bottom.fill_between(ratios, 0, bounds, color="grey", alpha=0.3,
                        label=f"detection bound, {RATE:g} deg/s, {THRESHOLD * 100:g} cm")
    bottom.axhline(0, color="k")
    for dimension, marker in ((2, "o"), (3, "s")):
        chosen = [(ratio, tilt, measured) for d, ratio, tilt, measured, _ in points
                  if d == dimension]
        if chosen:
            ratio, tilt, measured = zip(*chosen)
            top.plot(ratio, measured, marker, color=f"C{dimension - 2}", fillstyle="none",
                     markersize=8, label=f"moreau {dimension}D, {RATE:g} deg/s")
            bottom.plot(ratio, [m - t for m, t in zip(measured, tilt)], marker,
                        color=f"C{dimension - 2}", fillstyle="none", markersize=8)
    ratio, tilt, measured, bound, label = bundled
    top.plot(ratio, measured, "x", color="C3", markersize=8, label=f"moreau, {BUNDLED}")
    bottom.plot(ratio, measured - tilt, "x", color="C3", markersize=8)
    bottom.plot([ratio - 0.005, ratio + 0.005], [bound, bound], color="C3", linewidth=1,
                label=f"its bound ({label})")
    top.set_ylabel("collapse tilt (deg)")
    top.legend(fontsize=8)
    bottom.set_xlabel("t/R (R: centreline radius)")
    bottom.set_ylabel("moreau - limit (deg)")
    bottom.legend(fontsize=7, loc="upper right")
    figure.tight_layout()
    figure.savefig(case.figure("arch-tilting-table.png",
                               "Semicircular arch of 15 voussoirs on fixed end voussoirs, "
                               "tilted until collapse: the limit analysis of the same "
                               "voussoirs (tan beta_c = lambda_c) and moreau's collapse "
                               "angles; below, how far past beta_c the collapse was detected, "
                               "against the bound of the detection"), dpi=110)
    plt.close(figure)
