"""Newton's cradle and a column of balls: what the Moreau-Jean scheme with Newton's impact law at
every active contact gives at simultaneous impacts (the LCP of the step) and at impacts one at
a time, against an LCP solved here by enumerating active sets (reference.md)."""
import itertools
import math
import sys
import xml.etree.ElementTree as ElementTree

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

TITLE = "Newton's cradle and a column of balls"
RADIUS = 0.05
DENSITY = 7800  # steel: a ball of 4.08 kg
MASS = DENSITY * 4 / 3 * math.pi * RADIUS ** 3
SPEED = 1.0  # V, m/s: the first ball's speed, the column's fall speed
STEP = 1.0e-4
SOLVER_TOLERANCE = 1.0e-8
G = 9.81
GAP = 1.0e-3  # the separated row: ten steps of travel at V between two balls
ROW_SIZES = (3, 5)
COLUMN_SIZE = 4
COLUMN_STEPS = 3  # the resting column: the last of three steps is measured
ROUNDING = sys.float_info.epsilon / 2
CLOSE_GAPS = (1.0e-7, 2.0e-7, 1.0e-6)  # m, around moreau's activation allowance 1.7e-7 m
LCP_SOURCE = ("the LCP of Newton's law at every contact, solved by enumeration (Moreau-Jean "
              "scheme: Acary & Brogliato 2008, Numerical Methods for Nonsmooth Dynamical "
              "Systems, Springer LNACM 35)")
SEQUENTIAL_SOURCE = ("binary impacts one at a time, Newton's law e = 1 between equal balls "
                     "(velocities exchanged)")
CONSERVATION_SOURCE = "momentum (internal impulses) and energy (e = 1) conserved"
STATIC_SOURCE = "equilibrium of the column: k m g under the k-th ball from the top"


def ball(index, position, velocity):
    return {"name": f"ball{index + 1}", "shape": {"type": "sphere", "radius": RADIUS},
            "position": position, "velocity": velocity}


def scene(title, gravity, restitution, steps, balls, vtk=False):
    return {
        "version": 1, "title": title, "dimension": 3, "gravity": gravity,
        "time": {"step": STEP, "duration": steps * STEP},
        "solver": {"name": "hybrid", "tolerance": SOLVER_TOLERANCE},
        "materials": [{"name": "steel", "density": DENSITY}],
        "interactions": {"default": {"friction": 0.0, "restitution": restitution}},
        "bodies": balls,
        "output": {"every": 1, "vtk": vtk},
    }


def cradle_problem(count, gap):
    """A row of balls along x, spaced by `gap`, the first moving at V towards the others,
    without gravity; long enough for the impacts one at a time to reach the last ball."""
    balls = [ball(k, [k * (2 * RADIUS + gap), 0, 0], [SPEED if k == 0 else 0.0, 0, 0])
             for k in range(count)]
    steps = math.ceil((count - 1) * gap / (SPEED * STEP)) + 20
    return scene(f"cradle {count} gap {gap:g}", [0, 0, 0], 1.0, steps, balls)


def column_problem(count, velocity, restitution, steps, vtk):
    """A column of touching balls standing on the ground, all moving at `velocity` (z)."""
    ground = {"name": "ground", "shape": {"type": "plane"}, "fixed": True}
    balls = [ball(k, [0, 0, RADIUS + 2 * RADIUS * k], [0, 0, velocity]) for k in range(count)]
    return scene(f"column {count} v {velocity:g}", [0, 0, -G], restitution, steps,
                 [ground] + balls, vtk)


def chain_jacobian(count, grounded):
    """H (contacts x balls) of the relative normal velocities u = H v, positive when opening:
    contact k between balls k and k+1 (u = v_(k+1) - v_k); a grounded chain has first the
    contact of ball 0 with the fixed ground (u = v_0)."""
    rows = [np.eye(count)[0]] if grounded else []
    rows += [np.eye(count)[k + 1] - np.eye(count)[k] for k in range(count - 1)]
    return np.array(rows)


def newton_lcp(jacobian, velocity_before, restitution, free_velocity=None):
    """The impulses r of Newton's law at every contact, 0 <= r _|_ W r + q >= 0 with
    W = H M^-1 H^T and q = H v_free + e H v_before (docs/mathematics.md section 1), by trying every
    active set: W is positive definite, so exactly one set gives r >= 0 and u >= 0."""
    free = velocity_before if free_velocity is None else free_velocity
    delassus = jacobian @ jacobian.T / MASS
    q = jacobian @ free + restitution * (jacobian @ velocity_before)
    solutions = []
    for size in range(len(q) + 1):
        for active in map(list, itertools.combinations(range(len(q)), size)):
            impulses = np.zeros(len(q))
            if active:
                impulses[active] = np.linalg.solve(delassus[np.ix_(active, active)], -q[active])
            gaps = delassus @ impulses + q
            if impulses.min() >= -1e-12 and gaps.min() >= -1e-12:
                solutions.append(impulses)
    assert len(solutions) == 1, f"the LCP has {len(solutions)} solutions"
    impulses = solutions[0]
    velocity = free + jacobian.T @ impulses / MASS
    return impulses, velocity, delassus, q


def residual_bounds(jacobian, delassus, q, impulses):
    """(velocity, impulse) error bounds (2-norm) of a solve to the natural-map error tol:
    the residual of an active contact is its velocity u_i, so |delta u_A| <= tol S,
    S = max(|q|, |r|, |u|), hence |delta r| <= ||W_AA^-1|| tol S and
    |delta v| <= ||M^-1 H_A^T W_AA^-1|| tol S."""
    active = [i for i, impulse in enumerate(impulses) if impulse > 0]
    velocities = delassus @ impulses + q
    scale = max(np.linalg.norm(q), np.linalg.norm(impulses), np.linalg.norm(velocities))
    inverse = np.linalg.inv(delassus[np.ix_(active, active)])
    to_velocity = jacobian[active].T @ inverse / MASS
    return (np.linalg.norm(to_velocity, 2) * SOLVER_TOLERANCE * scale,
            np.linalg.norm(inverse, 2) * SOLVER_TOLERANCE * scale)


def final_velocities(run, axis):
    return np.array([body["velocity"][axis] for body in run.summary["bodies"]
                     if body["name"].startswith("ball")])


def sequential_reference(count):
    """The row's velocities after binary impacts one at a time, each the one-contact LCP, and
    the sum of their velocity error bounds."""
    velocity = np.zeros(count)
    velocity[0] = SPEED
    bound = 0.0
    for k in range(count - 1):
        pair = velocity[k:k + 2].copy()
        pair_jacobian = chain_jacobian(2, False)
        impulses, velocity[k:k + 2], delassus, q = newton_lcp(pair_jacobian, pair, 1.0)
        bound += residual_bounds(pair_jacobian, delassus, q, impulses)[0]
    return velocity, bound


def compare_row(case, label, reference, measured, bound, source):
    for k, (expected, value) in enumerate(zip(reference, measured), start=1):
        case.compare(f"{label}: ball {k} velocity (m/s)", expected, value, bound, source,
                     relative=False)


def compare_conservation(case, label, velocities, bound):
    count = len(velocities)
    # The impulses enter two balls with opposite signs: the momentum keeps only rounding,
    # a few roundings of 1.1e-16 per ball on terms up to n V.
    case.compare(f"{label}: momentum / (m V)", 1.0, np.sum(velocities) / SPEED,
                 4 * count ** 2 * ROUNDING, CONSERVATION_SOURCE)
    # E = m |v|^2 / 2 with |v| = V: |delta E| / E <= 2 |delta v| / V + (|delta v| / V)^2.
    case.compare(f"{label}: kinetic energy / (m V^2 / 2)", 1.0,
                 np.sum(velocities ** 2) / SPEED ** 2, 2 * bound / SPEED + (bound / SPEED) ** 2,
                 CONSERVATION_SOURCE)


def check_cradle(case, count):
    before = np.zeros(count)
    before[0] = SPEED
    jacobian = chain_jacobian(count, False)
    impulses, simultaneous, delassus, q = newton_lcp(jacobian, before, 1.0)
    bound = residual_bounds(jacobian, delassus, q, impulses)[0]
    touching = final_velocities(case.run(cradle_problem(count, 0.0),
                                         name=f"cradle-{count}-touching"), 0)
    compare_row(case, f"{count} touching balls", simultaneous, touching, bound, LCP_SOURCE)
    compare_conservation(case, f"{count} touching balls", touching, bound)

    sequential, sequential_bound = sequential_reference(count)
    run = case.run(cradle_problem(count, GAP), name=f"cradle-{count}-separated")
    separated = final_velocities(run, 0)
    compare_row(case, f"{count} balls {GAP:g} m apart", sequential, separated,
                sequential_bound, SEQUENTIAL_SOURCE)
    compare_conservation(case, f"{count} balls {GAP:g} m apart", separated, sequential_bound)
    impact_steps = sum(active > 0 for active in run.column("active"))
    case.compare(f"{count} balls {GAP:g} m apart: most contacts active in one step", 1,
                 max(run.column("active")), 0, SEQUENTIAL_SOURCE, relative=False)
    return simultaneous, touching, sequential, separated, impact_steps


def contact_forces(run, frame):
    """(height of the contact point, normal force) of each contact of a VTK frame."""
    root = ElementTree.parse(run.folder / f"contacts_{frame:06d}.vtu").getroot()
    forces = [float(text) for text in
              root.find(".//PointData/DataArray[@Name='normal_force']").text.split()]
    points = np.array(root.find(".//Points/DataArray").text.split(), dtype=float).reshape(-1, 3)
    return sorted(zip(points[:, 2], forces), reverse=True)


def check_column(case):
    jacobian = chain_jacobian(COLUMN_SIZE, True)
    at_rest = np.zeros(COLUMN_SIZE)
    impulses, _, delassus, q = newton_lcp(jacobian, at_rest, 0.0, at_rest - G * STEP)
    force_bound = residual_bounds(jacobian, delassus, q, impulses)[1] / STEP
    run = case.run(column_problem(COLUMN_SIZE, 0.0, 0.0, COLUMN_STEPS, True), name="column-rest")
    forces = contact_forces(run, COLUMN_STEPS)
    for k, (_, force) in enumerate(forces, start=1):
        case.compare(f"column of {COLUMN_SIZE}: contact {k} from the top (N)", k * MASS * G,
                     force, force_bound, STATIC_SOURCE, relative=False)
    case.compare(f"column of {COLUMN_SIZE}: support reaction (N)", COLUMN_SIZE * MASS * G,
                 run.summary["support_reaction"][2], force_bound, STATIC_SOURCE, relative=False)

    falling = np.full(COLUMN_SIZE, -SPEED)
    impulses, bounced, delassus, q = newton_lcp(jacobian, falling, 1.0, falling - G * STEP)
    bound = residual_bounds(jacobian, delassus, q, impulses)[0]
    run = case.run(column_problem(COLUMN_SIZE, -SPEED, 1.0, 1, False), name="column-drop")
    compare_row(case, f"column of {COLUMN_SIZE} landing at V, e = 1", bounced,
                final_velocities(run, 2), bound, LCP_SOURCE)


def close_gap_outcomes(case):
    """The 5-ball row's outcome for gaps around moreau's activation allowance."""
    outcomes = []
    for gap in CLOSE_GAPS:
        run = case.run(cradle_problem(5, gap), name=f"cradle-5-gap-{gap:g}")
        outcomes.append((gap, final_velocities(run, 0), max(run.column("active"))))
    return outcomes


def check(case):
    rows = {count: check_cradle(case, count) for count in ROW_SIZES}
    check_column(case)
    outcomes = close_gap_outcomes(case)
    allowance = 1e-6 * 2 * math.sqrt(3) * RADIUS
    case.note(
        f"Steel balls of radius {RADIUS} m ({MASS:.3f} kg), frictionless, no gravity, e = 1, "
        f"V = {SPEED} m/s, h = {STEP} s, solver tolerance {SOLVER_TOLERANCE:g}. Touching "
        "balls: every contact of the row is active in the impact step, and Newton's law at "
        "each (u+ >= -e u-, complementary to its impulse) is one LCP: its solution sends the "
        "first ball back at (2 - n) V / n and the n - 1 others forward together at 2 V / n, "
        "which conserves momentum and energy but is not what a real cradle does: experiments "
        "(Ceanga & Hurmuzlu 2001) see the last ball leave at nearly V and the others nearly at "
        "rest, the outcome of impacts one at a time, which moreau gives for separated balls "
        f"({', '.join(str(rows[n][4]) for n in ROW_SIZES)} impact steps for "
        f"{' and '.join(str(n) for n in ROW_SIZES)} balls, one contact each). moreau "
        "reproduces both LCP answers to the solver tolerance; which one a row of balls gets "
        "is decided by moreau's activation allowance, not by the physics.")
    case.note(
        "What decides it: a contact is active when its predicted gap is below "
        f"1e-6 of the bodies' mean size, here {allowance * 1e9:.0f} nm. Five balls with gaps of "
        + "; ".join(f"{gap * 1e9:.0f} nm: velocities "
                    f"({', '.join(f'{v:.3f}' for v in velocities)}) m/s, at most {active:.0f} "
                    "contacts active at once" for gap, velocities, active in outcomes)
        + f". Even a gap of {CLOSE_GAPS[-1] * 1e6:g} um, 1% of the {SPEED * STEP * 1e3:g} mm a "
        "ball travels in a step, gives the sequential answer: the next contact, at rest, is "
        "not predicted to close within the step and waits for the next one.")
    case.note(
        f"Column: {COLUMN_SIZE} balls standing on the ground under gravity (e = 0); the "
        "normal forces of the last step's contacts (contacts VTK frame) are k m g, and the "
        "summary's support reaction n m g, to the solver tolerance. Landing at V with e = 1 "
        "and all contacts closed, the LCP bounces the whole column up at V as one body, "
        "which moreau gives in the impact step (the step's gravity is absorbed by the "
        "impulses: Newton's law constrains the end-of-step velocity).")
    plot(case, rows)


def plot(case, rows):
    figure, panels = plt.subplots(1, len(ROW_SIZES), figsize=(6, 4), sharey=True)
    for axes, count in zip(panels, ROW_SIZES):
        simultaneous, touching, sequential, separated, _ = rows[count]
        balls = np.arange(1, count + 1)
        axes.plot(balls, simultaneous / SPEED, "-", color="C0", label="LCP, simultaneous")
        axes.plot(balls, touching / SPEED, "o", color="C0", fillstyle="none",
                  label="moreau, touching")
        axes.plot(balls, sequential / SPEED, "--", color="C1", label="one at a time")
        axes.plot(balls, separated / SPEED, "x", color="C1",
                  label=f"moreau, {GAP * 1e3:g} mm gaps")
        axes.axhline(0, color="grey", linewidth=0.5)
        axes.set_xticks(balls)
        axes.set_xlabel("ball")
        axes.set_title(f"{count} balls")
    panels[0].set_ylabel("velocity after the impacts / V")
    panels[-1].legend(fontsize="small", loc="upper left")
    figure.tight_layout()
    figure.savefig(case.figure("newtons-cradle-velocities.png", "Newton's cradle, e = 1: "
                               "velocities after the impacts, touching balls (simultaneous "
                               "LCP) and separated balls (impacts one at a time)"), dpi=110)
    plt.close(figure)
