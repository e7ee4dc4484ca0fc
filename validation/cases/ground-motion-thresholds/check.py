"""Ground-motion thresholds through `moreau ida`: the scale of a pulse at which a block
starts to rock (a = g b/h), at which a slender block overturns under a short rectangular
pulse (Housner's equation of motion, integrated here), and at which a monolithic wall
overturns under a sustained acceleration (a = g t/h, the tilting table's atan(t/h))
(reference.md)."""
import csv
import json
import math
import shutil

import numpy
from scipy.integrate import solve_ivp

TITLE = "Ground-motion thresholds (moreau ida)"
G = 9.80665  # m/s^2: records in g are read with the standard gravity (model::kStandardGravity)
PRECISION = {True: 0.01, False: 0.002}  # the search's width on the scale; fast, full
STEP = 1.0e-3  # s, every problem's time step
HOUSNER = ("Housner 1963, 'The behavior of inverted pendulum structures during earthquakes', "
           "BSSA 53(2):403, eq. 2 (rocking about a corner under a horizontal ground "
           "acceleration), integrated by scipy's solve_ivp (RK45, rtol 1e-10)")
UPLIFT = ("Housner 1963, BSSA 53(2):403: a block of base b and height h lifts off when the "
          "horizontal ground acceleration exceeds g b/h")
WALL = ("rigid-block statics: a monolithic wall of thickness t and height h overturns under a "
        "sustained horizontal acceleration a > g t/h, the tilting table's atan(t/h) (Housner "
        "1963; de Felice & Giannini 2001, J. Earthquake Eng. 5(4):511)")

# The planar block of problems/rocking-block-pulse.yaml and its 0.25 g, 0.25 s pulse.
HALF_WIDTH, HALF_HEIGHT = 0.1, 0.4
PULSE_G, PULSE_SECONDS = 0.25, 0.25
SUITE_RECORDS = 10  # pulses of a suite study
# The wall: thickness, length, height (m), under 0.1 g from t = 0 on.
WALL_SIZE = (0.25, 1.5, 1.5)
WALL_PULSE_G = 0.1


def write_record(path, amplitude_g, seconds):
    """A rectangular pulse as a record table (0 after it; its step down takes 0.1 ms)."""
    rows = [(0.0, amplitude_g), (seconds, amplitude_g), (seconds + 1e-4, 0.0),
            (seconds + 10.0, 0.0)]
    with open(path, "w") as stream:
        stream.write("time_s,accel_g\n")
        stream.writelines(f"{t!r},{a!r}\n" for t, a in rows)


def table(dimension, record):
    shape = ({"type": "polygon", "vertices": [[-2, -0.1], [2, -0.1], [2, 0], [-2, 0]]}
             if dimension == 2 else {"type": "box", "size": [4, 4, 0.2]})
    return {"name": "table", "shape": shape, "position": [0, 0, 0 if dimension == 2 else -0.1],
            "driven": {"ground_motion": {"record": record, "units": "g",
                                         "direction": [1, 0, 0], "baseline": "none"}}}


def block_problem(record, duration, max_rotation):
    x, z = HALF_WIDTH, HALF_HEIGHT
    return {"version": 1, "title": "rocking block under a rectangular pulse", "dimension": 2,
            "time": {"step": STEP, "duration": duration},
            "interactions": {"default": {"friction": 0.8, "restitution": 0.0}},
            "bodies": [table(2, record),
                       {"name": "block", "shape": {"type": "polygon", "vertices":
                                                   [[-x, -z], [x, -z], [x, z], [-x, z]]},
                        "position": [0, 0, z]}],
            "stop": {"collapse": {"max_rotation": max_rotation}},
            "output": {"every": 10, "vtk": False}}


def wall_problem(record):
    t, length, h = WALL_SIZE
    return {"version": 1, "title": "monolithic wall under a sustained acceleration",
            "time": {"step": STEP, "duration": 3.0},
            "materials": [{"name": "stone", "density": 2000}],
            "interactions": {"default": {"friction": 0.8, "restitution": 0.0}},
            "bodies": [table(3, record),
                       {"name": "wall", "shape": {"type": "box", "size": [t, length, h]},
                        "position": [0, 0, h / 2]}],
            "stop": {"collapse": {"max_rotation": 20}},
            "output": {"every": 10, "vtk": False}}


def collapse_bracket(case, name, problem):
    """(highest scale that survived, lowest that collapsed, the study's folder) from a
    `moreau ida` search on a problem file or dict."""
    path = problem
    if isinstance(problem, dict):
        path = case.work / f"{name}.yaml"
        path.write_text(json.dumps(problem, indent=1))
    out = case.work / f"{name}-ida"
    case.moreau_output("ida", path, "--out", out, "--precision", PRECISION[case.fast],
                       "--quiet")
    with open(out / "ida.csv", newline="") as stream:
        rows = [(float(row["scale"]), row["collapsed"] == "1") for row in csv.DictReader(stream)]
    collapsed = min(scale for scale, fell in rows if fell)
    survived = max((scale for scale, fell in rows if not fell and scale < collapsed), default=0.0)
    return survived, collapsed, out


def housner_overturns(amplitude_g, pulse_seconds=PULSE_SECONDS):
    """Whether the block of problems/rocking-block-pulse.yaml overturns under a pulse of
    that amplitude and duration: theta'' = -p^2 (sin(alpha - theta) - (a/g) cos(alpha - theta)) about the
    corner, from rest, until theta reaches alpha (overturned) or returns to 0 (it falls back:
    with e = 0 it cannot gain energy later, the pulse being over)."""
    radius = math.hypot(HALF_WIDTH, HALF_HEIGHT)
    alpha = math.atan(HALF_WIDTH / HALF_HEIGHT)
    p2 = 3 * G / (4 * radius)

    def motion(t, y):
        a = amplitude_g if t < pulse_seconds else 0.0
        return [y[1], -p2 * (math.sin(alpha - y[0]) - a * math.cos(alpha - y[0]))]

    def overturned(t, y):
        return y[0] - alpha
    overturned.terminal = True

    def fell_back(t, y):
        return y[0] + 1e-12 if t > pulse_seconds else 1.0
    fell_back.terminal = True

    during = solve_ivp(motion, (0, pulse_seconds), [0.0, 0.0], rtol=1e-10, atol=1e-13,
                       events=overturned)
    if during.status == 1:
        return True
    after = solve_ivp(motion, (pulse_seconds, 60.0), during.y[:, -1], rtol=1e-10, atol=1e-13,
                      events=(overturned, fell_back))
    return len(after.t_events[0]) > 0


def housner_threshold(pulse_seconds=PULSE_SECONDS, tolerance=1e-9):
    """The smallest pulse amplitude (g) that overturns the block, by bisection."""
    low, high = HALF_WIDTH / HALF_HEIGHT, 2.0  # uplift: no motion below
    while high - low > tolerance:
        middle = 0.5 * (low + high)
        low, high = (low, middle) if housner_overturns(middle, pulse_seconds) else (middle, high)
    return high


def check_suite(case, precision):
    """A suite of rectangular pulses whose durations are drawn from a lognormal (seeded):
    `moreau ida --records` finds each one's collapse PGA and fits the fragility; its median and
    dispersion against those of the pulses' thresholds by Housner's equation of motion (the
    same moments, Baker 2015 eq. 2)."""
    random = numpy.random.default_rng(20261130)
    durations = numpy.round(numpy.exp(random.normal(math.log(0.3), 0.35, SUITE_RECORDS)), 3)
    folder = case.work / "suite-records"
    folder.mkdir(exist_ok=True)
    for i, seconds in enumerate(durations):
        write_record(folder / f"pulse-{i:02d}.csv", PULSE_G, float(seconds))
    out = case.work / "suite-ida"
    case.moreau_output("ida", case.folder.parents[2] / "problems/rocking-block-pulse.yaml",
                       "--records", folder, "--units", "g", "--out", out, "--precision",
                       precision, "--quiet")
    fit = json.loads((out / "fragility.json").read_text())
    thresholds = numpy.array([housner_threshold(float(seconds), 1e-6) for seconds in durations])
    logs = numpy.log(thresholds)
    median = math.exp(logs.mean())
    dispersion = logs.std(ddof=1)
    source = (f"{HOUSNER}, for each of {SUITE_RECORDS} pulses of 0.25 g scaled, their durations "
              f"lognormal about 0.3 s (seeded); the lognormal's median and dispersion by the "
              f"moments of ln a (Baker 2015, Earthquake Spectra 31(1), eq. 2)")
    # Each collapse PGA is the middle of a bracket of width `precision` (g), within 0.5% of the
    # equation of motion (the overturning case above): the median by as much, the dispersion
    # (a difference of logarithms) by twice the relative error of one threshold.
    case.compare("suite of rectangular pulses: fragility median (g)", median, fit["median"],
                 precision / 2 + 0.005 * median, source, relative=False)
    case.compare("suite of rectangular pulses: fragility dispersion", dispersion,
                 fit["dispersion"], 2 * (precision / 2 / thresholds.min() + 0.005), source,
                 relative=False)
    case.note(f"The suite: {SUITE_RECORDS} rectangular pulses of 0.25 g lasting "
              f"{durations.min():g} to {durations.max():g} s; `moreau ida --records` fits the "
              f"collapse PGAs a median of {fit['median']:.4f} g (95 % interval "
              f"{fit['median_95'][0]:.4f} to {fit['median_95'][1]:.4f}) and a dispersion of "
              f"{fit['dispersion']:.4f}; the pulses' exact thresholds have {median:.4f} g and "
              f"{dispersion:.4f}.")
    shutil.copy(out / "fragility.png", case.figure(
        "rocking-pulse-fragility.png", "The collapse fragility `moreau ida --records` fitted "
        "for the rocking block under a suite of rectangular pulses of lognormal durations."))


def check(case):
    precision = PRECISION[case.fast]
    # Uplift: a 1 s pulse, collapse at 0.2 degree of rotation. Just above g b/h the block
    # turns by alpha (epsilon)(cosh(p t) - 1) in the pulse: 0.2 degree at epsilon = 0.04%
    # (reference.md): far inside the precision.
    record = case.work / "pulse-1s.csv"
    write_record(record, PULSE_G, 1.0)
    survived, collapsed, _ = collapse_bracket(case, "uplift", block_problem(str(record), 1.0, 0.2))
    case.compare("block b/h = 0.25: uplift acceleration a/g", HALF_WIDTH / HALF_HEIGHT,
                 PULSE_G * collapsed, PULSE_G * (precision + 0.001), UPLIFT, relative=False)

    # Overturning under the 0.25 s pulse: the bundled problem itself.
    survived, collapsed, out = collapse_bracket(
        case, "overturning", case.folder.parents[2] / "problems/rocking-block-pulse.yaml")
    reference = housner_threshold()
    # The precision of the search, and 0.5% for Moreau-Jean's first-order time stepping
    # (h = 1e-3 s against the block's time scale 1/p = 0.24 s).
    case.compare("block b/h = 0.25, 0.25 s pulse: overturning a/g", reference,
                 PULSE_G * collapsed, PULSE_G * precision + 0.005 * reference, HOUSNER,
                 relative=False)
    alpha = math.atan(HALF_WIDTH / HALF_HEIGHT)
    p = math.sqrt(3 * G / (4 * math.hypot(HALF_WIDTH, HALF_HEIGHT)))
    linear = alpha / (1 - math.exp(-p * PULSE_SECONDS))
    case.note(f"Overturning under the 0.25 s pulse: moreau ida brackets the scale in "
              f"({survived:g}, {collapsed:g}], a/g = {PULSE_G * collapsed:.5f}; the equation of motion "
              f"gives {reference:.5f}; Housner's linearised closed form for slender blocks, "
              f"a/(g alpha) = 1/(1 - exp(-p t1)), gives {linear:.5f} (alpha = atan(b/h) in radians), "
              f"{100 * (reference - linear) / reference:.1f}% below the exact answer at this "
              f"slenderness.")
    shutil.copy(out / "ida.png", case.figure("rocking-pulse-ida.png",
                                             "The IDA curve moreau ida drew for the rocking "
                                             "block under the 0.25 s rectangular pulse "
                                             "(problems/rocking-block-pulse.yaml)."))

    # The monolithic wall under 0.1 g held from t = 0: it overturns at a = g t/h.
    record = case.work / "step-0.1g.csv"
    write_record(record, WALL_PULSE_G, 20.0)
    survived, collapsed, _ = collapse_bracket(case, "wall", wall_problem(str(record)))
    thickness, _, height = WALL_SIZE
    case.compare("monolithic wall t/h = 1/6: overturning a/g", thickness / height,
                 WALL_PULSE_G * collapsed, WALL_PULSE_G * (precision + 0.001), WALL,
                 relative=False)
    check_suite(case, precision)
    case.note(f"Each threshold is the upper end of the bracket `moreau ida --precision "
              f"{precision:g}` ends with (the lowest scale that collapsed), times the "
              f"record's amplitude; the tolerance is the bracket's width on the amplitude, "
              f"plus what the detection and the time step add (reference.md). Time step "
              f"{STEP:g} s in every run.")
