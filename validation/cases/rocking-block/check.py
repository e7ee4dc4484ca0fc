"""Housner's rocking block, planar and 3D: the angular-velocity ratio at each impact, the decay of
the rocking amplitude, and the lateral acceleration g tan(alpha) at which rocking starts
(reference.md)."""
import math

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from scipy.optimize import brentq  # noqa: E402

TITLE = "Housner rocking block"
G = 9.81
HALF_WIDTH, HALF_HEIGHT = 0.1, 0.4  # b, h (m): a block 0.2 m wide and 0.8 m high
DEPTH = 0.3  # m, the 3D box's extent along the rocking axis y
ALPHA = math.atan(HALF_WIDTH / HALF_HEIGHT)  # slenderness angle, 14.04 degrees
RADIUS = math.hypot(HALF_WIDTH, HALF_HEIGHT)  # R, corner to centre of mass
# p^2 = m g R / I_O with I_O = (4/3) m R^2, a rectangle (or a box, about an edge) turning
# about its corner: the rocking equation I_O theta'' = -m g R sin(alpha - theta).
P_SQUARED = 3 * G / (4 * RADIUS)
# c: the angular acceleration gravity gives the block at the upright, about either corner.
UPRIGHT_ACCELERATION = P_SQUARED * math.sin(ALPHA)
HOUSNER_RATIO = 1 - 1.5 * math.sin(ALPHA) ** 2  # omega after / omega before an impact
FRICTION = 0.8  # above (1 - r) / ((1 + r) tan alpha) = 0.185: the corners never slide
TILT = ALPHA / 2  # theta0, the release tilt
STEP = 1.0e-4
IMPACTS = 4  # the impacts compared; the run goes on to the next one
DURATION = 2.1  # s: impact 5 at about 1.95 s
LIFT_RATE = 0.02  # 1/s, d(lambda)/dt of the lateral ramp
LIFT_STEP = 1.0e-3
LIFT_TILT_DEG = 1.0e-3  # the collapse criterion that marks lift-off
LIFT_SOLVER_TOLERANCE = 1.0e-10  # keeps the creep of a resting block far below the mark
HOUSNER = ("Housner 1963, The behavior of inverted pendulum structures during earthquakes, "
           "BSSA 53(2):403-417")
RATIO_SOURCE = f"{HOUSNER}: impact ratio 1 - (3/2) sin^2(alpha)"
AMPLITUDE_SOURCE = f"{HOUSNER}: energy after an impact r^2 times the energy before"
LIFT_SOURCE = (f"{HOUSNER}: rocking starts at a ground acceleration g tan(alpha), plus the "
               "delay to the 1e-3 degree mark from the linearised rocking equation")


def block_shape(dimension):
    if dimension == 2:
        b, h = HALF_WIDTH, HALF_HEIGHT
        return {"type": "polygon", "vertices": [[-b, -h], [b, -h], [b, h], [-b, h]]}
    return {"type": "box", "size": [2 * HALF_WIDTH, DEPTH, 2 * HALF_HEIGHT]}


def scene(title, dimension, time, block, solver=None):
    problem = {
        "version": 1, "title": title, "dimension": dimension, "gravity": [0, 0, -G],
        "time": time,
        "interactions": {"default": {"friction": FRICTION, "restitution": 0.0}},
        "bodies": [{"name": "ground", "shape": {"type": "plane"}, "fixed": True},
                   {"name": "block", "shape": block_shape(dimension), **block}],
        "output": {"every": 1, "vtk": False, "bodies": ["block"]},
    }
    if solver:
        problem["solver"] = solver
    return problem


def free_rocking_problem(dimension, step, theta):
    """The block released from the tilt TILT about its right corner (b, 0): centre at
    (b, 0) + R(TILT) (-b, h)."""
    centre = [HALF_WIDTH - RADIUS * math.sin(ALPHA - TILT), 0, RADIUS * math.cos(ALPHA - TILT)]
    block = {"position": centre, "orientation": {"axis": [0, 1, 0], "angle": math.degrees(TILT)}}
    return scene(f"rocking {dimension}d h {step:g} theta {theta}", dimension,
                 {"step": step, "duration": DURATION, "theta": theta}, block)


def lift_off_problem(dimension, solver_tolerance):
    problem = scene(f"lift-off {dimension}d", dimension,
                    {"step": LIFT_STEP, "duration": 2 * math.tan(ALPHA) / LIFT_RATE},
                    {"position": [0, 0, HALF_HEIGHT]},
                    {"name": "hybrid", "tolerance": solver_tolerance})
    problem["loads"] = {"lateral": {"rate": LIFT_RATE}}
    problem["stop"] = {"collapse": {"max_rotation": LIFT_TILT_DEG}}
    problem["output"]["every"] = 1000
    return problem


def tilt(run, dimension):
    """theta (rad) from the history's rotation from the release orientation: signed about y in
    planar mode, unsigned in 3D, where it is TILT - theta since |theta| <= TILT."""
    rotation = np.radians(run.column("block.rotation_deg"))
    return TILT + rotation if dimension == 2 else TILT - rotation


def impact_rows(omega, angle):
    """The rows right after each impact step: the steps near the upright (|theta| < alpha/100,
    tens of steps' rotation) in which |omega| drops by more than half of Housner's loss
    (gravity changes it by h c ~ 5e-4 of itself per step there)."""
    threshold = 1 - (1 - HOUSNER_RATIO) / 2
    return [j for j in range(1, len(omega))
            if omega[j] < threshold * omega[j - 1] and abs(angle[j]) < ALPHA / 100]


def predicted_amplitudes(count):
    """theta_n after n impacts: between impacts the energy mgR cos(alpha - |theta|) + I_O
    omega^2 / 2 is conserved, and each impact keeps r^2 of the kinetic energy at the upright:
    cos(alpha - theta_n) - cos(alpha) = r^2 (cos(alpha - theta_(n-1)) - cos(alpha))."""
    amplitudes = [TILT]
    for _ in range(count):
        drop = HOUSNER_RATIO ** 2 * (math.cos(ALPHA - amplitudes[-1]) - math.cos(ALPHA))
        amplitudes.append(ALPHA - math.acos(math.cos(ALPHA) + drop))
    return amplitudes


def impact_speed(amplitude):
    """|omega| at the upright after a swing from `amplitude` (energy conservation)."""
    return math.sqrt(2 * P_SQUARED * (math.cos(ALPHA - amplitude) - math.cos(ALPHA)))


def check_free_rocking(case, dimension, step, theta):
    label = f"{dimension}D" + ("" if step == STEP else f", h = {step:g} s") + \
        ("" if theta == 0.5 else f", theta = {theta:g}")
    run = case.run(free_rocking_problem(dimension, step, theta),
                   name=f"rocking-{dimension}d-h{step:g}-theta{theta:g}")
    angle = tilt(run, dimension)
    # The centre of mass turns about a corner: |v_G| = R |omega|.
    omega = np.array(run.column("block.speed")) / RADIUS
    impacts = impact_rows(omega, angle)
    predicted = predicted_amplitudes(IMPACTS)
    speeds = [impact_speed(amplitude) for amplitude in predicted]
    # Each sampled speed is at most one step from the impact, in which gravity changes
    # omega by at most h c: |omega_(k+1) / omega_k - r| <= (1 + r) h c / omega_k.
    for n, row in enumerate(impacts[:IMPACTS], start=1):
        tolerance = ((1 + HOUSNER_RATIO) * step * UPRIGHT_ACCELERATION
                     / (HOUSNER_RATIO * speeds[n - 1]))
        case.compare(f"{label}: omega ratio at impact {n}", HOUSNER_RATIO,
                     omega[row] / omega[row - 1], tolerance, RATIO_SOURCE)
    bounds = impacts[:IMPACTS + 1]
    measured = [np.max(np.abs(angle[start:end])) for start, end in zip(bounds, bounds[1:])]
    allowance = activation_allowance(dimension)
    for n in range(1, IMPACTS + 1):
        value = measured[n - 1] if n <= len(measured) else math.nan
        tolerance = amplitude_tolerance(n, predicted, speeds, step, allowance)
        case.compare(f"{label}: amplitude after impact {n} (deg)", math.degrees(predicted[n]),
                     math.degrees(value), math.degrees(tolerance), AMPLITUDE_SOURCE,
                     relative=False)
    return run, angle, omega, impacts


def activation_allowance(dimension):
    """epsilon_a (m): moreau keeps a contact active up to a predicted gap of 1e-6 of the free
    bodies' mean size, the diagonal of their bounding boxes at t = 0 (docs/mathematics.md, Moreau-Jean;
    moreau_jean.cpp), a planar polygon counting as a prism of unit depth."""
    half_x = HALF_WIDTH * math.cos(TILT) + HALF_HEIGHT * math.sin(TILT)
    half_z = HALF_WIDTH * math.sin(TILT) + HALF_HEIGHT * math.cos(TILT)
    half_y = 0.5 if dimension == 2 else DEPTH / 2
    return 1e-6 * 2 * math.sqrt(half_x ** 2 + half_y ** 2 + half_z ** 2)


def amplitude_tolerance(n, predicted, speeds, step, allowance):
    """The error bound (rad) of the amplitude after impact n (reference.md, Tolerances)."""
    r = HOUSNER_RATIO
    to_tilt = 1 / (RADIUS * math.sin(ALPHA - predicted[n]))  # d(theta) per metre of height
    # Energy errors of impacts 1..n, each converted at the apex: the step of gravity in the
    # post-impact velocity, r m g b h omega_k, and the tilt of the impact, within
    # h omega_k + epsilon_a / b of the upright, (1 - r^2) m g b (h omega_k + epsilon_a / b).
    energy = sum((r + 1 - r ** 2) * HALF_WIDTH * step * speed + (1 - r ** 2) * allowance
                 for speed in speeds[:n])
    # The pivot's height at the apex: embedded by up to h b omega_n at the impact, or raised
    # by up to epsilon_a plus the drift of the position update, (h R / 2) omega'_n theta_n.
    pivot = max(step * HALF_WIDTH * speeds[n - 1],
                allowance + step * RADIUS * r * speeds[n - 1] * predicted[n] / 2)
    return (energy + pivot) * to_tilt


def impulse_ratios(omega, impacts, step):
    """omega_(k+1) + h c over omega_k: the impact step's gravity taken out of the velocity ratio,
    which leaves the impulse's own ratio (the local problem is solved for the end-of-step
    velocity, so the step's gravity acts after the impulse about the new corner)."""
    return [(omega[j] + step * UPRIGHT_ACCELERATION) / omega[j - 1] for j in impacts[:IMPACTS]]


def corner_heights(run, angle):
    """Heights of the two base corners (m), from the centre and the tilt."""
    lowered = np.array(run.column("block.z")) - HALF_HEIGHT * np.cos(angle)
    return lowered - HALF_WIDTH * np.sin(angle), lowered + HALF_WIDTH * np.sin(angle)


def lift_off_reference():
    """lambda when the tilt reaches LIFT_TILT_DEG: tan(alpha) + the ramp over the delay tau.
    Linearised about theta = 0 with lambda = tan(alpha) + rate t, the rocking equation
    I_O theta'' = m g R (lambda cos(alpha - theta) - sin(alpha - theta)) reads
    theta'' = A t + w^2 theta, A = p^2 cos(alpha) rate, w^2 = p^2 / cos(alpha), whose solution
    from rest is theta = A (sinh(w t) - w t) / w^3."""
    a = P_SQUARED * math.cos(ALPHA) * LIFT_RATE
    w = math.sqrt(P_SQUARED / math.cos(ALPHA))
    mark = math.radians(LIFT_TILT_DEG)
    delay = brentq(lambda t: a * (math.sinh(w * t) - w * t) / w ** 3 - mark, 1e-9, 10.0)
    return math.tan(ALPHA) + LIFT_RATE * delay, delay


def check_lift_off(case, dimension, reference):
    run = case.run(lift_off_problem(dimension, LIFT_SOLVER_TOLERANCE),
                   name=f"lift-off-{dimension}d")
    collapse = run.summary["collapse"]
    measured = collapse["load_factor"] if collapse else math.nan
    # The criterion is checked once per step and the load of a step is taken within it: two
    # steps of the ramp, 2 rate h.
    case.compare(f"{dimension}D: lambda at a tilt of {LIFT_TILT_DEG:g} deg", reference,
                 measured, 2 * LIFT_RATE * LIFT_STEP / reference, LIFT_SOURCE)
    return measured


def check(case):
    rocking = {dimension: check_free_rocking(case, dimension, STEP, 0.5) for dimension in (2, 3)}
    check_free_rocking(case, 2, STEP, 1.0)
    if not case.fast:
        check_free_rocking(case, 2, STEP / 4, 0.5)
    reference, delay = lift_off_reference()
    lifts = [check_lift_off(case, dimension, reference) for dimension in (2, 3)]
    note_impacts(case, rocking[2])
    note_lift_off(case, lifts, delay)
    plot(case, rocking)


def note_lift_off(case, lifts, delay):
    """The same ramp at the solver's default tolerance, to show why the case tightens it."""
    run = case.run(lift_off_problem(2, 1e-8), name="lift-off-2d-tolerance-1e-8")
    creep = np.median(run.column("block.speed"))
    default = run.summary["collapse"]["load_factor"] if run.summary["collapse"] else math.nan
    case.note(f"Lift-off: a lateral acceleration lambda g growing at {LIFT_RATE} g/s on the "
              f"block at rest; the run stops when the block has turned {LIFT_TILT_DEG:g} deg, "
              f"{delay * 1e3:.1f} ms of ramp after lambda = tan(alpha) = {math.tan(ALPHA):.4f} "
              f"by the linearised rocking equation. Less that delay, moreau's lambda is "
              f"{lifts[0] - LIFT_RATE * delay:.5f} (2D) and {lifts[1] - LIFT_RATE * delay:.5f} "
              f"(3D). The solver tolerance is {LIFT_SOLVER_TOLERANCE:g}: at the default 1e-8 "
              f"the block at rest creeps at {creep:.1e} m/s (a separating velocity of the order "
              "of the solve's residual, which the Newton law with e = 0 lets stand), and the "
              f"2D run reaches the mark at lambda = {default:.5f} instead.")


def note_impacts(case, planar):
    run, angle, omega, impacts = planar
    impulse = impulse_ratios(omega, impacts, STEP)
    lowest = min(np.min(heights) for heights in corner_heights(run, angle))
    case.note(
        f"Block {2 * HALF_WIDTH} x {2 * HALF_HEIGHT} m (alpha = {math.degrees(ALPHA):.2f} deg; "
        f"3D: depth {DEPTH} m, rocking about an edge), released from theta0 = alpha/2, e = 0, "
        f"mu = {FRICTION}, h = {STEP} s, a history row every step. Housner's ratio r = "
        f"{HOUSNER_RATIO:.5f}. The measured ratio is that of the speeds of the rows on either "
        "side of the impact step; it sits h c / omega below r because the Moreau-Jean local "
        "problem is solved for the end-of-step velocity, after the whole step's gravity: taking "
        "that step's gravity out, (omega_(k+1) + h c) / omega_k = "
        + ", ".join(f"{value:.6f}" for value in impulse)
        + " (2D), Housner's r to within "
        f"{max(abs(value / HOUSNER_RATIO - 1) for value in impulse):.1e}: the impulse of the "
        "Newton law with e = 0 at the new corner is Housner's angular-momentum balance.")
    case.note(
        "The tilt at each impact: a corner is active once its predicted gap g + h/2 u_N is below "
        f"moreau's allowance epsilon_a = {activation_allowance(2) * 1e6:.2f} um (1e-6 of the "
        "block's size), and the Newton law with e = 0 stops it where it is: the impact happens "
        "within h omega + epsilon_a / b of the upright, the new pivot stays between epsilon_a "
        "above the ground and h b omega below it (the position update takes the step's mean "
        "velocity), and Moreau-Jean never projects positions back. The offsets add up: the "
        f"lowest corner of the 2D block is {-lowest * 1e6:.1f} um under the ground after "
        f"{len(impacts)} impacts (the bounds h b omega_k sum to "
        f"{STEP * HALF_WIDTH * sum(omega[j - 1] for j in impacts) * 1e6:.0f} um), which moves "
        f"the tilt of the next impact by {-lowest / (2 * HALF_WIDTH):.1e} rad. The rows "
        "'theta = 1' run the scheme with implicit-Euler positions instead of theta = 0.5: the "
        "impulse is the same and so is the ratio; free rocking between impacts is a rotation "
        "about a pinned corner, which both carry with little energy error at this step.")


def plot(case, rocking):
    figure, axes = plt.subplots(figsize=(6, 4))
    for dimension, marker in ((2, "o"), (3, "x")):
        run, angle, _, _ = rocking[dimension]
        time = np.array(run.column("time"))
        axes.plot(time[::150], np.degrees(angle[::150]), marker, markersize=3,
                  fillstyle="none", label=f"moreau {dimension}D")
    run, _, _, impacts = rocking[2]
    time = np.array(run.column("time"))
    edges = [0.0] + [time[j] for j in impacts] + [time[-1]]
    amplitudes = np.degrees(predicted_amplitudes(len(edges) - 2))
    for side in (1, -1):
        axes.step(edges, side * np.append(amplitudes, amplitudes[-1]), "k-", where="post",
                  linewidth=1, label="Housner amplitude" if side == 1 else None)
    axes.set_xlabel("time (s)")
    axes.set_ylabel("tilt theta (deg)")
    axes.set_ylim(-10, 8)
    axes.legend(loc="lower center", ncol=3)
    figure.tight_layout()
    figure.savefig(case.figure("rocking-block-tilt.png", "Rocking block released from alpha/2: "
                               "tilt against the amplitude envelope of Housner's impact ratio "
                               "(energy r^2 per impact)"), dpi=110)
    plt.close(figure)
