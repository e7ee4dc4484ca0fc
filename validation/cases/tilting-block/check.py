"""Tilting block: a rigid block on a tilting table overturns at tan(alpha) = b/h when
mu > b/h and slides at tan(alpha) = mu when mu < b/h (limit analysis); NSCD, 3D box and
planar polygon (reference.md)."""
import math

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from scipy.optimize import brentq  # noqa: E402

TITLE = "Tilting block"
G = 9.81
FRICTION = 0.6  # mu: blocks with b/h < 0.6 overturn, wider ones slide
HEIGHT = 0.5  # h, m
DEPTH = 0.3  # m, 3D only: the tilt axis is y, along the depth
DENSITY = 2000
SLENDERNESS = {True: (0.25, 1.0), False: (0.25, 0.4, 0.5, 0.8, 1.0, 2.0)}  # b/h; fast, full
STEP = 1.0e-3
SOLVER_TOLERANCE = 1.0e-8
# Two tilts per block: a fast one finds the collapse roughly; the slow one starts from
# MARGIN below it (gravity turned by that much at t = 0) and measures it.
COARSE_RATE = 5.0  # deg/s
RATE = 0.2  # deg/s
MARGIN = 3.0  # degrees, more than the fast tilt's lag (< 0.5 degree)
DISPLACEMENT = 1.0e-4  # m: collapse when the block's centre has moved this much

OVERTURNING = ("rigid-block statics: overturning about the downhill edge when tan(alpha) = "
               "b/h, for mu > b/h (Housner 1963, BSSA 53(2):403, the slenderness "
               "criterion; Shenton 1996, J. Eng. Mech. 122(7):690, rock mode)")
SLIDING = ("Coulomb friction: sliding when tan(alpha) = mu, for mu < b/h (Shenton 1996, "
           "J. Eng. Mech. 122(7):690, slide mode; Johnson 1985, Contact Mechanics, ch. 1)")


def block_shape(dimension, width):
    if dimension == 3:
        return {"type": "box", "size": [width, DEPTH, HEIGHT]}
    x, z = width / 2, HEIGHT / 2
    return {"type": "polygon", "vertices": [[-x, -z], [x, -z], [x, z], [-x, z]]}


def problem(dimension, width, rate, initial_tilt, duration):
    """The block on a fixed table set at initial_tilt about y (gravity leans towards -x) and
    tilting on at `rate`."""
    return {
        "version": 1, "title": f"tilting block {dimension}d b/h {width / HEIGHT:g}",
        "dimension": dimension, "gravity": [0, 0, -G],
        "time": {"step": STEP, "duration": duration},
        "solver": {"tolerance": SOLVER_TOLERANCE},
        "materials": [{"name": "stone", "density": DENSITY}],
        "interactions": {"default": {"friction": FRICTION}},
        "bodies": [{"name": "table", "shape": {"type": "plane"}, "fixed": True},
                   {"name": "block", "shape": block_shape(dimension, width),
                    "position": [0, 0, HEIGHT / 2]}],
        "loads": {"tilt": {"initial": initial_tilt, "rate": rate}},
        "stop": {"collapse": {"max_displacement": DISPLACEMENT}},
        "output": {"every": 1000, "vtk": False, "bodies": ["block"]},
    }


def collapse_angle(case, dimension, width, rate, initial_tilt, final_tilt, name):
    """(tilt at collapse in degrees, NaN if none up to final_tilt; the block's final state;
    the collapse mechanism, None without a collapse) of one tilting run."""
    duration = (final_tilt - initial_tilt) / rate
    run = case.run(problem(dimension, width, rate, initial_tilt, duration), name=name)
    collapse = run.summary["collapse"]
    block = next(body for body in run.summary["bodies"] if body["name"] == "block")
    if not collapse:
        return math.nan, block, None
    return collapse["load_factor"], block, collapse["mechanism"]


def measured_collapse(case, dimension, width, name):
    """(collapse tilt in degrees, the block's final state, the mechanism): the fast tilt from
    level places the start of the slow one, MARGIN below what it found."""
    coarse, _, _ = collapse_angle(case, dimension, width, COARSE_RATE, 0.0, 60.0,
                               f"coarse-{name}")
    start = max(0.0, coarse - MARGIN)
    return collapse_angle(case, dimension, width, RATE, start, coarse + 1.0, f"slow-{name}")


def half_diagonal(width):
    return math.hypot(width, HEIGHT) / 2


def overturns(width):
    return FRICTION > width / HEIGHT


def limit_angle(width):
    """degrees: the smaller of the two mechanisms' angles."""
    return math.degrees(math.atan(min(width / HEIGHT, FRICTION)))


def detection_lag(width, rate):
    """degrees of tilt between the onset of the predicted mechanism at the limit angle and
    the centre's DISPLACEMENT, for a table tilting at `rate` from rest.
    Sliding: a = g (sin alpha - mu cos alpha) = g omega t / cos(alpha_c) to first order, so
    x = g omega t^3 / (6 cos alpha_c). Overturning about the downhill edge (I_O = 4/3 m R^2,
    R the half-diagonal): theta'' = p^2 (theta + omega t), p^2 = 3 g / (4 R), whose solution
    from rest is theta = (omega / p) (sinh(p t) - p t); the centre moves on the chord
    2 R sin(theta / 2)."""
    omega = math.radians(rate)
    alpha = math.radians(limit_angle(width))
    if not overturns(width):
        onset = (6 * DISPLACEMENT * math.cos(alpha) / (G * omega)) ** (1 / 3)
    else:
        radius = half_diagonal(width)
        p = math.sqrt(3 * G / (4 * radius))
        theta = 2 * math.asin(DISPLACEMENT / (2 * radius))
        onset = brentq(lambda t: omega / p * (math.sinh(p * t) - p * t) - theta, 0, 100 / p)
    return math.degrees(omega * onset)


def rocking_share(block, width):
    """|w| R / |v| at the stop: 1 when the centre moves by turning about an edge, 0 when the
    block slides without turning."""
    speed = np.linalg.norm(block["velocity"])
    return np.linalg.norm(block["angular_velocity"]) * half_diagonal(width) / speed


def mechanism_matches(mechanism, width, overturning):
    """1 if moreau's collapse mechanism is limit analysis's, else 0: overturning, the block
    turning about the downhill base edge (x = -b/2, z = 0, to 1 mm) with a hinge on the
    table; sliding, the block moving without turning, towards -x."""
    if mechanism is None or len(mechanism["parts"]) != 1:
        return 0
    part = mechanism["parts"][0]
    if overturning:
        x, _, z = part["axis_point"]
        return int(part["motion"] == "turning" and len(mechanism["hinges"]) == 1
                   and math.hypot(x + width / 2, z) < 1e-3)
    return int(part["motion"] == "sliding" and part["direction"][0] < -0.99)


def check(case):
    results = {}
    mode_lines = []
    for dimension in (3, 2):
        for slenderness in SLENDERNESS[case.fast]:
            width = slenderness * HEIGHT
            label = f"{dimension}D b/h = {slenderness:g}"
            angle, block, found = measured_collapse(case, dimension, width,
                                                    f"{dimension}d-bh{slenderness:g}")
            lag = detection_lag(width, RATE)
            # Gravity is held at its value at the start of each step, and the stop is
            # tested at the end of one: each costs up to one step of tilt.
            tolerance = lag + 2 * RATE * STEP
            mechanism = "overturning" if overturns(width) else "sliding"
            case.compare(f"{label}: collapse tilt, {mechanism} (deg)", limit_angle(width),
                         angle, tolerance, OVERTURNING if overturns(width) else SLIDING,
                         relative=False)
            case.compare(f"{label}: mechanism is {mechanism}", 1,
                         mechanism_matches(found, width, overturns(width)), 0,
                         OVERTURNING if overturns(width) else SLIDING, relative=False)
            share = rocking_share(block, width)
            results[dimension, slenderness] = angle
            mode_lines.append(f"{label}: {mechanism} predicted; moreau {angle:.4f} deg "
                              f"(limit {limit_angle(width):.4f}, predicted lag "
                              f"{lag:.4f}, overshoot {angle - limit_angle(width):.4f}); "
                              f"rocking share |w| R / |v| = {share:.3f}; moreau reports "
                              f"\"{found['description'] if found else 'no collapse'}\"")
    case.note(f"Blocks of height {HEIGHT} m (3D: depth {DEPTH} m), mu = {FRICTION}, on a "
              f"fixed table under gravity turned about y (loads.tilt). Each block is tilted "
              f"twice: at {COARSE_RATE:g} deg/s from level, then at {RATE:g} deg/s from a "
              f"table set (loads.tilt.initial) "
              f"{MARGIN:g} degrees below the angle the first tilt found; the run stops when "
              f"the block's centre has moved {DISPLACEMENT:g} m, and the tilt at that step "
              f"is the measured angle. NSCD, h = {STEP:g} s, solver tolerance "
              f"{SOLVER_TOLERANCE:g}. The tolerance is the predicted detection lag of the "
              "mechanism plus two steps of tilt (reference.md).")
    case.note("Mode at the stop: moreau's collapse mechanism (summary.json), and the "
              "block's velocity (turning about the downhill edge gives |w| R = |v|, sliding "
              "gives w = 0):\n\n"
              + "\n".join(f"- {line}" for line in mode_lines))
    plot(case, results)


def plot(case, results):
    figure, axes = plt.subplots(figsize=(6, 4))
    slenderness = np.linspace(0.1, 2.1, 300)
    axes.plot(slenderness, np.degrees(np.arctan(slenderness)), "k--", linewidth=1,
              label="overturning: atan(b/h)")
    axes.plot(slenderness, np.full_like(slenderness, math.degrees(math.atan(FRICTION))),
              "k:", linewidth=1, label=f"sliding: atan(mu), mu = {FRICTION}")
    axes.plot(slenderness, np.degrees(np.arctan(np.minimum(slenderness, FRICTION))), "k-",
              linewidth=2, alpha=0.3, label="limit analysis: the smaller")
    for dimension, marker in ((3, "o"), (2, "s")):
        points = sorted((s, angle) for (d, s), angle in results.items() if d == dimension)
        axes.plot([s for s, _ in points], [angle for _, angle in points], marker,
                  fillstyle="none", markersize=7 if dimension == 3 else 4,
                  label=f"moreau {dimension}D ({RATE:g} deg/s)")
    axes.set_xlabel("slenderness b/h")
    axes.set_ylabel("tilt angle at collapse (degrees)")
    axes.set_title("Rigid block on a tilting table")
    axes.legend(fontsize=8, loc="lower right")
    figure.tight_layout()
    figure.savefig(case.figure("tilting-block-collapse-angle.png",
                               "Tilting block: the tilt at which moreau's block collapses "
                               "against its slenderness b/h, with the two limit-analysis "
                               "mechanisms, overturning atan(b/h) and sliding atan(mu)."),
                   dpi=110)
    plt.close(figure)
