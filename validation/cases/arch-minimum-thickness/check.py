"""Minimum thickness of a semicircular arch under self-weight: moreau's bisection over
thicknesses against the lower-bound limit analysis of the same discrete arch
(validation/limit_analysis.py) and against Milankovitch's continuous arch (reference.md)."""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import limit_analysis  # noqa: E402  (validation/, on the driver's path)
from moreau_validation import bisect  # noqa: E402

TITLE = "Minimum thickness of a semicircular arch"
INTRADOS_RADIUS = 1.0  # m: span 2 m
SPRINGING_HEIGHT = 0.5  # m, on fixed abutments
DEPTH = 0.5  # m, 3D runs
FRICTION = 0.8  # above the 0.40 that sliding needs (reference.md)
G = 9.81
STEP = 1.0e-3
DURATION = 3.0  # s: how long a thickness must stand
THRESHOLD = 0.01  # m, max_displacement of a voussoir's centre: collapse
BRACKET = (0.09, 0.12)  # t/R, centreline radius: the bisection's start
# (dimension, voussoirs, bisection steps): the full suite adds 3D and two more voussoir counts
RUNS_FAST = ((2, 15, 6),)
RUNS_FULL = ((2, 15, 10), (3, 15, 8), (2, 16, 10), (2, 20, 10))
CONTINUOUS_VOUSSOIRS = (100, 200)  # the module's approach to the continuous arch, in order
MILANKOVITCH = 0.1075
MILANKOVITCH_SOURCE = ("Milankovitch 1907, Theorie der Druckkurven, Z. Math. Phys. 55:1-27 "
                       "(radial joints, centreline radius), as restated by Makris & Alexakis "
                       "2013, Arch. Appl. Mech. 83:1511-1533, abstract")
ROUNDING = 0.5e-4  # half a unit of the last digit of the published 0.1075
LIMIT_ANALYSIS_SOURCE = ("lower-bound limit analysis of the same voussoirs, Heyman 1969 "
                         "Int. J. Mech. Sci. 11:363 (validation/limit_analysis.py)")


def problem(ratio, dimension, voussoirs):
    """moreau's semicircular arch of centreline ratio t/R on fixed abutments, gravity on at
    once, stopped when a voussoir's centre has moved THRESHOLD."""
    arch = {"type": "arch", "form": "semicircular", "span": 2 * INTRADOS_RADIUS,
            "thickness": limit_analysis.thickness_from_ratio(INTRADOS_RADIUS, ratio),
            "voussoirs": voussoirs, "springing_height": SPRINGING_HEIGHT,
            "fixed_springings": True}
    if dimension == 3:
        arch["depth"] = DEPTH
    return {
        "version": 1, "title": f"arch {dimension}d {voussoirs} t-R {ratio:.6f}",
        "dimension": dimension, "gravity": [0, 0, -G],
        "time": {"step": STEP, "duration": DURATION},
        "materials": [{"name": "stone", "density": 2400}],
        "interactions": {"default": {"friction": FRICTION, "restitution": 0.0}},
        "generators": [arch],
        "stop": {"collapse": {"max_displacement": THRESHOLD}},
        "output": {"every": int(DURATION / STEP), "vtk": False, "bodies": []},
    }


def collapses(case, ratio, dimension, voussoirs):
    run = case.run(problem(ratio, dimension, voussoirs), name=f"arch-{dimension}d-{voussoirs}")
    return run.summary["collapse"] is not None


def bracket_minimum_thickness(case, dimension, voussoirs, steps):
    """The bracket (collapsing t/R, standing t/R) after `steps` halvings of BRACKET."""
    return bisect(lambda ratio: not collapses(case, ratio, dimension, voussoirs), *BRACKET,
                  steps)


def detection_bias(voussoirs, thickness, state):
    """How far below the limit t/R an arch may still stand through the run: the mechanism
    through the limit state's hinges starts from rest with the peak acceleration a = a' dt
    (dt the thickness missing), and moves THRESHOLD in DURATION only if
    a DURATION^2 / 2 >= THRESHOLD. The acceleration grows as the hinges open (the collapse
    is unstable), so this constant-acceleration bound is an upper bound."""
    missing = 1e-4 * thickness
    arch = limit_analysis.semicircular_arch(INTRADOS_RADIUS, thickness - missing, voussoirs)
    slope = limit_analysis.mechanism_peak_acceleration(arch, state.hinges(), (0, -G)) / missing
    thickness_bias = 2 * THRESHOLD / (slope * DURATION ** 2)
    return (limit_analysis.centreline_ratio(INTRADOS_RADIUS, thickness)
            - limit_analysis.centreline_ratio(INTRADOS_RADIUS, thickness - thickness_bias))


def limit_ratio(voussoirs):
    return limit_analysis.centreline_ratio(
        INTRADOS_RADIUS, limit_analysis.minimum_thickness(INTRADOS_RADIUS, voussoirs)[0])


def check(case):
    coarse, finest = (limit_ratio(n) for n in CONTINUOUS_VOUSSOIRS)
    # The module against the continuous arch. The discrete arch's gap shrinks at least as 1/n
    # (a hinge sits at most half a voussoir from its continuous place), so 200 voussoirs are
    # within the last refinement's change of the limit; and 0.1075 is rounded.
    continuous_uncertainty = ROUNDING + abs(finest - coarse)
    case.compare(f"limit analysis, {max(CONTINUOUS_VOUSSOIRS)} voussoirs: t/R", MILANKOVITCH,
                 finest, continuous_uncertainty, MILANKOVITCH_SOURCE, relative=False)
    results = []
    for dimension, voussoirs, steps in (RUNS_FAST if case.fast else RUNS_FULL):
        thickness, state = limit_analysis.minimum_thickness(INTRADOS_RADIUS, voussoirs)
        discrete = limit_analysis.centreline_ratio(INTRADOS_RADIUS, thickness)
        low, high = bracket_minimum_thickness(case, dimension, voussoirs, steps)
        measured = 0.5 * (low + high)
        bias = detection_bias(voussoirs, thickness, state)
        label = f"{dimension}D, {voussoirs} voussoirs"
        case.compare(f"t/R, {label}", discrete, measured, 0.5 * (high - low) + bias,
                     LIMIT_ANALYSIS_SOURCE, relative=False)
        gap = finest - discrete
        case.compare(f"t/R, {label}, vs continuous", MILANKOVITCH, measured,
                     0.5 * (high - low) + bias + abs(gap) + continuous_uncertainty,
                     MILANKOVITCH_SOURCE, relative=False)
        case.note(f"{label}: moreau brackets the minimum thickness in t/R = [{low:.5f}, "
                  f"{high:.5f}] ({steps} bisection steps from {BRACKET}); the discrete limit "
                  f"analysis gives {discrete:.5f} (hinges at joints "
                  f"{', '.join(f'{j} {side}' for j, side in state.hinges())}; sliding "
                  f"excluded: the limit thrust needs mu >= {state.friction_demand():.3f}, "
                  f"the runs have {FRICTION}), the continuous arch {MILANKOVITCH}: the "
                  f"{voussoirs} joints cost {gap:+.5f}. Detection bias bound {bias:.1e}.")
        results.append((dimension, voussoirs, low, high))
    case.note(f"Heyman's classic t/R = 0.106 (1969) is an approximate solution of the "
              "continuous arch (self-weight lumped on the centreline, an approximate tangency "
              "condition at the haunch hinge: Cocchetti, Colasante & Rizzi 2011); the exact "
              f"continuous value is Milankovitch's {MILANKOVITCH}. That moreau's "
              "15-voussoir arch lands near 0.106 is the discretisation of its joints, not "
              "Heyman's approximation.")
    plot(case, results)


def plot(case, results):
    counts = range(5, 31)
    figure, axes = plt.subplots(figsize=(6, 4))
    axes.plot(counts, [limit_analysis.centreline_ratio(
        INTRADOS_RADIUS, limit_analysis.minimum_thickness(
            INTRADOS_RADIUS, n, relative_resolution=1e-6)[0]) for n in counts],
        ".-", color="grey", linewidth=0.8, label="limit analysis, discrete arch")
    axes.axhline(MILANKOVITCH, color="k", linestyle="--", label="Milankovitch, continuous")
    for dimension, marker in ((2, "o"), (3, "s")):
        points = [(n, low, high) for d, n, low, high in results if d == dimension]
        if points:
            n, low, high = zip(*points)
            middle = [0.5 * (a + b) for a, b in zip(low, high)]
            axes.errorbar(n, middle, yerr=[[m - a for m, a in zip(middle, low)],
                                           [b - m for m, b in zip(middle, high)]],
                          fmt=marker, fillstyle="none", capsize=3,
                          label=f"moreau {dimension}D (bisection bracket)")
    axes.set_xlabel("voussoirs")
    axes.set_ylabel("minimum t/R (R: centreline radius)")
    axes.legend()
    figure.tight_layout()
    figure.savefig(case.figure("arch-minimum-thickness.png",
                               "Minimum thickness of a semicircular arch under self-weight "
                               "against its number of voussoirs: limit analysis of the "
                               "discrete arch, Milankovitch's continuous value and moreau's "
                               "bisection"), dpi=110)
    plt.close(figure)
