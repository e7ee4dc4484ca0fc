"""Sliding block: Coulomb's stick/slip threshold tan(alpha) = mu on an incline, the sliding
acceleration g (sin alpha - mu cos alpha), and the stop of a block pushed along a floor
(distance v0^2 / (2 mu g), time v0 / (mu g)); NSCD and penalty, 3D box and planar polygon
(reference.md)."""
import math

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from moreau_validation import bisect  # noqa: E402

TITLE = "Sliding block"
G = 9.81
FRICTION = 0.5  # mu: atan(mu) = 26.565 degrees
DENSITY = 2500
BLOCK = (0.4, 0.4, 0.2)  # m, x, y, z; the planar block is its x-z section
CONTACT_POINTS = {3: 4, 2: 2}  # the corners of the base face: moreau's face contact
SOLVER_TOLERANCE = 1.0e-8  # NSCD, on the natural-map error
MACHINE_EPSILON = np.finfo(float).eps
# Penalty: a joint of 1e10 Pa/m (normal and tangential) over the base, shared by its corners.
JOINT_STIFFNESS = 1.0e10
# Penalty: h below moreau's critical-step estimate (9.4e-6 s in 3D, 3.0e-5 s planar), fixed so
# that every run shares one time grid (reference.md).
STEP = {"nscd": 1.0e-3, "penalty": 5.0e-6}
FLOOR_STEP = {"nscd": 1.0e-4, "penalty": 5.0e-6}
# Stick/slip bisection: a run of THRESHOLD_DURATION at a fixed incline; the block slips when
# its speed grows between the half and the end of the run by more than SPEED_GROWTH.
BRACKET = (5.0, 45.0)  # degrees
BISECTIONS = {True: 12, False: 18}  # fast, full
THRESHOLD_DURATION = 0.04
SPEED_GROWTH = 1.0e-8  # m/s
# Penalty microslip: a run MICROSLIP_ANGLE below atan(mu), for the note.
MICROSLIP_ANGLE = 2.0
MICROSLIP_DURATION = 0.1
# Sliding acceleration: a fixed incline steeper than atan(mu), x(t) fitted after FIT_START.
SLIDE_ANGLE = 35.0
SLIDE_DURATION = 0.3
FIT_START = 0.05
# Floor: the block launched at V0 along x.
V0 = 1.0
FLOOR_DURATION = 0.25
FLOOR_ROWS_EVERY = {"nscd": 1, "penalty": 20}
REST_SPEED = 1.0e-6  # m/s: x no longer increases faster than this once the block stopped

COULOMB = ("Coulomb's law, |F_t| <= mu N, slip when the drive exceeds it: tan(alpha) = mu "
           "(Meriam & Kraige 2012, Engineering Mechanics: Statics, 7th ed., Art. 6/3; "
           "Johnson 1985, Contact Mechanics, ch. 1)")
NEWTON_INCLINE = ("Newton's second law with Coulomb friction on an incline, a = g (sin alpha "
                  "- mu cos alpha) (Meriam & Kraige 2012, Engineering Mechanics: Dynamics, "
                  "7th ed., Art. 3/4)")
NEWTON_FLOOR = ("Newton's second law with Coulomb friction, constant deceleration mu g: "
                "d = v0^2 / (2 mu g), t = v0 / (mu g) (Meriam & Kraige 2012, Engineering "
                "Mechanics: Dynamics, 7th ed., Art. 3/4)")


def block_mass(dimension):
    """kg (planar: kg per metre of depth)."""
    width, depth, height = BLOCK
    return DENSITY * width * height * (depth if dimension == 3 else 1.0)


def penalty_stiffness(dimension):
    """k_n = K_t of one corner, N/m: the joint stiffness over the base area it carries."""
    width, depth, _ = BLOCK
    base_area = width * (depth if dimension == 3 else 1.0)
    return JOINT_STIFFNESS * base_area / CONTACT_POINTS[dimension]


def block_shape(dimension):
    width, depth, height = BLOCK
    if dimension == 3:
        return {"type": "box", "size": [width, depth, height]}
    x, z = width / 2, height / 2
    return {"type": "polygon", "vertices": [[-x, -z], [x, -z], [x, z], [-x, z]]}


def problem(dimension, mode, gravity, duration, step, rows_every, velocity=(0, 0, 0)):
    stiffness = penalty_stiffness(dimension)
    penalty = {"normal": {"law": "linear", "stiffness": stiffness},
               "tangential": {"law": "spring_dashpot_slider", "stiffness": stiffness}}
    return {
        "version": 1, "title": f"sliding block {dimension}d {mode}", "dimension": dimension,
        "mode": mode, "gravity": list(gravity),
        "time": {"step": step, "duration": duration},
        "solver": {"tolerance": SOLVER_TOLERANCE},
        "materials": [{"name": "stone", "density": DENSITY}],
        "interactions": {"default": {"friction": FRICTION, "penalty": penalty}},
        "bodies": [{"name": "floor", "shape": {"type": "plane"}, "fixed": True},
                   {"name": "block", "shape": block_shape(dimension),
                    "position": [0, 0, BLOCK[2] / 2], "velocity": list(velocity)}],
        "output": {"every": rows_every, "vtk": False, "bodies": ["block"]},
    }


def incline_gravity(angle):
    """The incline as tilted gravity: the floor stays z = 0, the slope descends along +x."""
    alpha = math.radians(angle)
    return (G * math.sin(alpha), 0.0, -G * math.cos(alpha))


def incline_run(case, dimension, mode, angle, duration, rows_every):
    return case.run(problem(dimension, mode, incline_gravity(angle), duration, STEP[mode],
                            rows_every), name=f"incline-{dimension}d-{mode}")


def slips(case, dimension, mode, angle):
    """Whether the block accelerates down the incline in the second half of the run. The
    sign of the acceleration, not a displacement, decides: a penalty block moves a little
    whether it sticks (elastic microslip) or not, and the first contact may kick it down a
    slope it then decelerates on."""
    half = round(THRESHOLD_DURATION / 2 / STEP[mode])
    run = incline_run(case, dimension, mode, angle, THRESHOLD_DURATION, half)
    speed = run.column("block.speed")
    return speed[-1] - speed[-2] > SPEED_GROWTH


def slip_threshold(case, dimension, mode):
    """(lowest slipping angle, highest sticking angle) by bisection, degrees."""
    sticking, slipping = bisect(lambda angle: slips(case, dimension, mode, angle), *BRACKET,
                                BISECTIONS[case.fast])
    return slipping, sticking


def threshold_tolerance(mode, slipping, sticking):
    """degrees: half the final bracket; the slowest slip the speed test misses,
    SPEED_GROWTH over half the run, which is Delta alpha = 2 dv cos(alpha) / (g T) above the
    threshold (d/dalpha (sin - mu cos) = 1/cos at tan = mu); NSCD: a friction impulse off by
    the solver tolerance moves tan(alpha) by eps (1 + mu)."""
    alpha = math.atan(FRICTION)
    missed = 2 * SPEED_GROWTH * math.cos(alpha) / (G * THRESHOLD_DURATION)
    solver = SOLVER_TOLERANCE * (1 + FRICTION) * math.cos(alpha) ** 2 if mode == "nscd" else 0
    return (slipping - sticking) / 2 + math.degrees(missed + solver)


def fitted_acceleration(run):
    """a of the parabola x0 + v0 t + a t^2 / 2 through x(t) for t >= FIT_START, m/s^2."""
    time, x = np.array(run.column("time")), np.array(run.column("block.x"))
    window = time >= FIT_START - 1e-12
    return 2 * np.polyfit(time[window] - FIT_START, x[window], 2)[0]


def acceleration_tolerance(mode, reference):
    """relative. NSCD: Moreau-Jean integrates a constant acceleration exactly (the theta
    terms are linear in t, which the fit absorbs); the impulses are exact to the solver
    tolerance, which moves the acceleration by up to eps (1 + mu) g. Penalty: a slipping
    slider carries exactly mu F_n and the contact transient has decayed by FIT_START (its
    slowest mode, ~1.1e3 1/s, leaves e^-57); what is left is the round-off of the
    SLIDE_DURATION / h explicit steps."""
    if mode == "nscd":
        return SOLVER_TOLERANCE * (1 + FRICTION) * G / reference
    return SLIDE_DURATION / STEP[mode] * MACHINE_EPSILON


def floor_run(case, dimension, mode):
    return case.run(problem(dimension, mode, (0, 0, -G), FLOOR_DURATION, FLOOR_STEP[mode],
                            FLOOR_ROWS_EVERY[mode], velocity=(V0, 0, 0)),
                    name=f"floor-{dimension}d-{mode}")


def stop_time(run):
    """The first history time after which x no longer grows (the penalty block springs back
    a little after its stop, so the maximum of x, not a zero speed, marks it)."""
    time, x = run.column("time"), run.column("block.x")
    rest = REST_SPEED * (time[1] - time[0])
    return next((t for t, here, after in zip(time, x, x[1:]) if after - here <= rest),
                math.nan)


def floor_tolerances(dimension, mode, distance, duration):
    """(relative tolerance on the distance, on the time). NSCD: the deceleration exact to the
    solver tolerance, eps (1 + mu) / mu relative; the step in which the block stops moves it
    by at most mu g h^2 / 8 too far; the stop is seen at the end of that step. Penalty:
    symplectic Euler advances x with the end-of-step velocity, v0 h / 2 short; after the
    stop the tangential springs, loaded to mu m g, relax and pull the block back by
    mu m g / (n K_t); the normal springs take the first milliseconds to carry the weight,
    during which the friction deficit, mu times the normal momentum the block gains, adds
    mu delta_static = mu m g / (n k_n); the stop is seen to a history row."""
    h = FLOOR_STEP[mode]
    resolution = FLOOR_ROWS_EVERY[mode] * h / duration
    if mode == "nscd":
        solver = SOLVER_TOLERANCE * (1 + FRICTION) / FRICTION
        return solver + FRICTION * G * h ** 2 / 8 / distance, solver + resolution
    elastic = FRICTION * block_mass(dimension) * G / (CONTACT_POINTS[dimension]
                                                       * penalty_stiffness(dimension))
    return (V0 * h / 2 + 2 * elastic) / distance, resolution


def check(case):
    slides, floors = {}, {}
    for mode in ("nscd", "penalty"):
        for dimension in (3, 2):
            compare_threshold(case, dimension, mode)
            if mode == "penalty":
                note_microslip(case, dimension)
            slides[mode, dimension] = compare_sliding(case, dimension, mode)
            floors[mode, dimension] = compare_floor(case, dimension, mode)
    case.note(f"A block {BLOCK[0]} x {BLOCK[1]} x {BLOCK[2]} m (planar: its {BLOCK[0]} x "
              f"{BLOCK[2]} m section), density {DENSITY} kg/m^3, mu = {FRICTION}, on a fixed "
              "plane; the incline is gravity tilted about y. Threshold: bisection from "
              f"[{BRACKET[0]:g}, {BRACKET[1]:g}] degrees in {BISECTIONS[case.fast]} runs of "
              f"{THRESHOLD_DURATION} s each, the block deemed slipping when its speed grows "
              "over the second half of the run. NSCD: h = 1e-3 s (floor 1e-4 s), solver "
              f"tolerance {SOLVER_TOLERANCE:g}. Penalty: linear normal spring and "
              f"spring-dashpot-slider of k_n = K_t = {penalty_stiffness(3):.3g} N/m per "
              f"corner in 3D, {penalty_stiffness(2):.3g} N/m per corner and metre in planar "
              f"mode (a joint of {JOINT_STIFFNESS:g} Pa/m), dashpots calibrated from e = 0, "
              f"h = {STEP['penalty']:g} s.")
    plot(case, slides, floors)


def compare_threshold(case, dimension, mode):
    slipping, sticking = slip_threshold(case, dimension, mode)
    case.compare(f"{mode} {dimension}D: stick/slip threshold (deg)",
                 math.degrees(math.atan(FRICTION)), (slipping + sticking) / 2,
                 threshold_tolerance(mode, slipping, sticking), COULOMB, relative=False)


def compare_sliding(case, dimension, mode):
    """Compares the fitted acceleration on the SLIDE_ANGLE incline; returns the run."""
    alpha = math.radians(SLIDE_ANGLE)
    reference = G * (math.sin(alpha) - FRICTION * math.cos(alpha))
    run = incline_run(case, dimension, mode, SLIDE_ANGLE, SLIDE_DURATION,
                      round(1.0e-3 / STEP[mode]))
    case.compare(f"{mode} {dimension}D: sliding acceleration at {SLIDE_ANGLE:g} deg (m/s^2)",
                 reference, fitted_acceleration(run), acceleration_tolerance(mode, reference),
                 NEWTON_INCLINE)
    return run


def compare_floor(case, dimension, mode):
    """Compares the stopping distance and time on the floor; returns the run."""
    distance, duration = V0 ** 2 / (2 * FRICTION * G), V0 / (FRICTION * G)
    run = floor_run(case, dimension, mode)
    distance_tolerance, time_tolerance = floor_tolerances(dimension, mode, distance, duration)
    case.compare(f"{mode} {dimension}D: floor stopping distance (m)", distance,
                 run.column("block.x")[-1], distance_tolerance, NEWTON_FLOOR)
    case.compare(f"{mode} {dimension}D: floor stopping time (s)", duration, stop_time(run),
                 time_tolerance, NEWTON_FLOOR)
    return run


def note_microslip(case, dimension):
    """The penalty block held MICROSLIP_ANGLE below the threshold: its displacement against
    the elastic estimate m g sin(alpha) (1 / (n K_t) + (H/2)^2 / (n k_n (b/2)^2)), the
    tangential springs plus the pitch of the block on its normal springs under the moment of
    the base friction, and its creep over the second half of the run."""
    angle = math.degrees(math.atan(FRICTION)) - MICROSLIP_ANGLE
    rows_every = round(MICROSLIP_DURATION / 2 / STEP["penalty"])
    x = incline_run(case, dimension, "penalty", angle, MICROSLIP_DURATION,
                    rows_every).column("block.x")
    width, _, height = BLOCK
    springs = CONTACT_POINTS[dimension] * penalty_stiffness(dimension)
    elastic = block_mass(dimension) * G * math.sin(math.radians(angle)) * (
        1 / springs + (height / width) ** 2 / springs)
    case.note(f"Penalty {dimension}D microslip: {MICROSLIP_ANGLE:g} degrees below the "
              f"threshold the block has moved {x[-1]:.3g} m down the slope after "
              f"{MICROSLIP_DURATION} s, against {elastic:.3g} m for the elastic springs "
              "(tangential, and the pitch on the normal ones); the rest slipped while the "
              "first contact built up the normal force. Over the second half of the run it "
              f"crept {x[-1] - x[-2]:.2g} m: the spring-dashpot-slider holds a stuck contact at "
              "a constant spring force, so the threshold carries no K-dependent creep, and "
              "the bisection, which looks at the sign of the acceleration, none of the "
              "microslip either.")


def plot(case, slides, floors):
    figure, axes = plt.subplots(figsize=(6, 4))
    markers = {("nscd", 3): "o", ("nscd", 2): "s", ("penalty", 3): "^", ("penalty", 2): "v"}
    alpha = math.radians(SLIDE_ANGLE)
    acceleration = G * (math.sin(alpha) - FRICTION * math.cos(alpha))
    time = np.linspace(0, SLIDE_DURATION, 200)
    axes.plot(time, acceleration * time ** 2 / 2, "k-",
              label=f"incline {SLIDE_ANGLE:g} deg: g (sin a - mu cos a) t^2 / 2")
    stop = V0 / (FRICTION * G)
    time = np.linspace(0, FLOOR_DURATION, 200)
    sliding = np.minimum(time, stop)
    axes.plot(time, V0 * sliding - FRICTION * G * sliding ** 2 / 2, "k--",
              label="floor: v0 t - mu g t^2 / 2, then at rest")
    for index, ((mode, dimension), marker) in enumerate(markers.items()):
        for runs in (slides, floors):
            run = runs[mode, dimension]
            time, x = run.column("time"), run.column("block.x")
            # 16 markers a curve, each variant's shifted by a quarter of the spacing
            every = len(time) // 16
            start = index * every // 4
            axes.plot(time[start::every], x[start::every], marker, color=f"C{index}",
                      fillstyle="none", markersize=5,
                      label=f"moreau {mode} {dimension}D" if runs is slides else None)
    axes.set_xlabel("time (s)")
    axes.set_ylabel("displacement along x (m)")
    axes.set_title(f"Block with mu = {FRICTION}")
    axes.set_ylim(top=0.15)
    axes.legend(fontsize=7, loc="upper left")
    figure.tight_layout()
    figure.savefig(case.figure("sliding-block-position.png",
                               "Sliding block: displacement against time on the "
                               f"{SLIDE_ANGLE:g} degree incline (accelerating) and on the floor "
                               f"(launched at {V0} m/s, stopping), moreau's four variants as "
                               "markers, Newton-Coulomb parabolas as lines."), dpi=110)
    plt.close(figure)
