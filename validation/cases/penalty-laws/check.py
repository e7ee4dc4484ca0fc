"""Penalty laws: the linear spring-dashpot's restitution against its damping ratio, Hertz's
impact duration, Hunt-Crossley's restitution against the impact velocity, and the penalty
answer's approach to NSCD as the stiffness grows (reference.md)."""
import math
import re
import sys

import matplotlib
import matplotlib.ticker

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from scipy.integrate import solve_ivp  # noqa: E402
from scipy.special import beta  # noqa: E402

from moreau_validation import read_history  # noqa: E402

TITLE = "Penalty contact laws"

# The ball of parts (a) to (c): a steel ball thrown at a fixed plane without gravity, so
# that its velocity after the contact is the rebound velocity itself.
RADIUS = 0.05  # m
DENSITY = 7800  # kg/m^3
MASS = DENSITY * 4 / 3 * math.pi * RADIUS ** 3  # kg; the plane is fixed: the effective mass
YOUNG_MODULUS = 2.0e11  # Pa
POISSON_RATIO = 0.3
RIGID = 1.0e9  # the plane's Young's modulus in units of the ball's: a rigid flat
APPROACH_STEPS = 10.37  # steps of flight before the touch: it falls inside a step

# (a) linear spring-dashpot
LINEAR_STIFFNESS = 1.0e6  # N/m
OMEGA = math.sqrt(LINEAR_STIFFNESS / MASS)  # rad/s
# omega h: far below the critical step (2 / omega)(sqrt(1 + zeta^2) - zeta), 0.32 / omega at
# zeta = 3 (docs/problem-files.md, time.critical_step)
OMEGA_STEP = 1.0e-3
LINEAR_SPEED = 1.0  # m/s
ZETAS_TENSION = {"fast": [0.05, 0.3, 0.6], "full": [0.02, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5,
                                                     0.6, 0.7]}
ZETAS_NO_TENSION = {"fast": [0.05, 0.3, 0.9, 2.0],
                    "full": [0.02, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0,
                             1.25, 1.5, 2.0, 3.0]}
TEXTBOOK = ("damped oscillator back at zero overlap: e = exp(-pi zeta / sqrt(1 - zeta^2)), the "
            "common expression Schwager & Pöschel 2007 (Granular Matter 9:465) revisit")
SCHWAGER = ("Schwager & Pöschel 2007, Granular Matter 9:465-469, collision ending when the "
            "force vanishes: closed form re-derived in reference.md")

# (b) Hertz
HERTZ_SPEEDS = {"fast": [0.1, 10.0], "full": [0.01, 0.03, 0.1, 0.3, 1.0, 3.0, 10.0]}
HERTZ_STEPS = 1000  # steps per contact, t_c / h
# Hertz's duration constant: 2 int_0^1 (1 - x^(5/2))^(-1/2) dx = (4/5) B(2/5, 1/2)
HERTZ_CONSTANT = 0.8 * beta(0.4, 0.5)
HERTZ = ("Hertz 1882, J. reine angew. Math. 92:156; Johnson 1985, Contact Mechanics, CUP, "
         "ch. 11: t_c = 2.9432 delta_max / v0, delta_max = (15 m v0^2 / (16 E* sqrt R))^(2/5)")

# (c) Hunt-Crossley
HUNT_CROSSLEY_STIFFNESS = 1.0e10  # N/m^1.5
DISSIPATION = 0.5  # c, s/m
HUNT_CROSSLEY_PRODUCTS = {"fast": [0.01, 0.1, 0.4],  # c v0
                          "full": [0.005, 0.01, 0.02, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5]}
HUNT_CROSSLEY_STEPS = 1000  # steps per contact
HUNT_CROSSLEY = ("m x'' = -k x^1.5 (1 + 1.5 c x') integrated by scipy (Hunt & Crossley 1975, "
                 "J. Appl. Mech. 42:440; Simbody's form, Sherman et al. 2011)")

# (d) stiffness sweep and static overlap
ROCKING_BLOCK = "problems/rocking-block.yaml"
SWEEP = {"fast": [0.01, 0.1, 10], "full": [0.001, 0.003, 0.01, 0.03, 0.1, 0.3, 3, 10, 30]}
STATIC_STIFFNESSES = {"fast": [1.0e6, 1.0e8], "full": [1.0e5, 1.0e6, 1.0e7, 1.0e8, 1.0e9]}
BLOCK_DENSITY = 2500  # kg/m^3
BLOCK = [0.2, 0.8]  # planar block, width and height, m; the 3D box adds a depth of 0.3 m
BLOCK_DEPTH = 0.3
CORNERS = {2: 2, 3: 4}  # contacts of the block's base: planar, 3D
SETTLING = 30  # time constants of the block's slowest motion before its overlap is read
G = 9.81
STATIC = "equilibrium of the springs: n k delta = m g on the block's n corners"


def ball_problem(title, law, step, duration, speed, plane_modulus=None,
                 integration="explicit"):
    """The ball thrown at speed onto a fixed plane, touching it after APPROACH_STEPS steps."""
    ball_material = {"name": "ball", "density": DENSITY, "young_modulus": YOUNG_MODULUS,
                     "poisson_ratio": POISSON_RATIO}
    plane_material = {"name": "plane", "density": DENSITY,
                      "young_modulus": plane_modulus or RIGID * YOUNG_MODULUS,
                      "poisson_ratio": POISSON_RATIO}
    gap = APPROACH_STEPS * speed * step
    return {
        "version": 1, "title": title, "dimension": 3, "mode": "penalty", "gravity": [0, 0, 0],
        "time": {"step": step, "duration": gap / speed + duration, "integration": integration},
        "materials": [ball_material, plane_material],
        "interactions": {"default": {"friction": 0.0, "penalty": {"normal": law}}},
        "bodies": [{"name": "plane", "shape": {"type": "plane"}, "material": "plane",
                    "fixed": True},
                   {"name": "ball", "shape": {"type": "sphere", "radius": RADIUS},
                    "material": "ball", "position": [0, 0, RADIUS + gap],
                    "velocity": [0, 0, -speed]}],
        "output": {"every": 1000000, "vtk": False, "bodies": ["ball"]},
    }


def rebound(case, problem, speed):
    """(restitution, contact duration in s) of the ball's one impact. The duration runs from
    the touch, APPROACH_STEPS steps after the start, to where the free flight after the
    contact, a straight line in the steps of symplectic Euler, crosses the plane."""
    run = case.run(problem)
    steps = read_history(run.folder / "solver.csv")
    if steps["active"][-1] != 0:
        raise RuntimeError(f"{problem['title']}: the ball still touches the plane at the end")
    ball = next(body for body in run.summary["bodies"] if body["name"] == "ball")
    velocity = ball["velocity"][2]
    separation = run.summary["simulated_time"] - (ball["position"][2] - RADIUS) / velocity
    return velocity / speed, separation - APPROACH_STEPS * problem["time"]["step"]


# (a) ------------------------------------------------------------------------------------

def textbook_restitution(zeta):
    """The damped oscillator released at zero overlap, back at zero overlap half a damped
    period later: e = exp(-pi zeta / sqrt(1 - zeta^2)), zeta < 1."""
    return math.exp(-math.pi * zeta / math.sqrt(1 - zeta ** 2))


def no_tension_contact_time(zeta):
    """omega t_c of the oscillator whose contact ends when the force k x + eta x' = -m x''
    vanishes (Schwager & Pöschel 2007): x'' = 0 first at
      omega_d t_c = pi - 2 atan(beta / omega_d)              (zeta < 1),
      omega t_c = 2                                          (zeta = 1),
      Omega t_c = ln((beta + Omega) / (beta - Omega))        (zeta > 1),
    beta = zeta omega, omega_d = omega sqrt(1 - zeta^2), Omega = omega sqrt(zeta^2 - 1)."""
    if zeta < 1:
        damped = math.sqrt(1 - zeta ** 2)
        return (math.pi - 2 * math.atan(zeta / damped)) / damped
    if zeta == 1:
        return 2.0
    overdamped = math.sqrt(zeta ** 2 - 1)
    return math.log((zeta + overdamped) / (zeta - overdamped)) / overdamped


def no_tension_separation_time(zeta):
    """omega times the flight from the force's end to the overlap's end, x(t_c) / (e v0):
    x = (v0 / omega_d) exp(-beta t) sin(omega_d t) and its critical and overdamped forms
    (v0 t exp(-omega t), (v0 / Omega) exp(-beta t) sinh(Omega t)), over e v0 exp-free."""
    omega_contact_time = no_tension_contact_time(zeta)
    if zeta < 1:
        damped = math.sqrt(1 - zeta ** 2)
        return math.sin(damped * omega_contact_time) / damped
    if zeta == 1:
        return omega_contact_time
    overdamped = math.sqrt(zeta ** 2 - 1)
    return math.sinh(overdamped * omega_contact_time) / overdamped


def no_tension_restitution(zeta):
    """At x'' = 0 the speed is exactly v0 exp(-beta t_c) in all three regimes
    (reference.md): e = exp(-zeta omega t_c)."""
    return math.exp(-zeta * no_tension_contact_time(zeta))


def linear_restitution_tolerance(zeta, omega_contact_time):
    """Relative: symplectic Euler's first-order errors on one contact (reference.md).
    The dashpot's force jumps to eta v0 at the touch, which falls up to a step before the
    first step that sees it: 2 zeta omega h on the rebound speed; with tension the pull
    eta v_e at the exit is likewise cut up to a step late. The explicit dashpot damps each
    step by sqrt(1 - 2 beta h) instead of exp(-beta h), and shifts the discrete period as
    much: 2 zeta^2 omega t_c omega h over the contact."""
    return (2 * zeta + 2 * zeta ** 2 * omega_contact_time) * OMEGA_STEP


def check_linear_restitution(case, size):
    step = OMEGA_STEP / OMEGA
    measured = {}
    for tension, zetas in ((True, ZETAS_TENSION[size]), (False, ZETAS_NO_TENSION[size])):
        for zeta in zetas:
            law = {"law": "linear", "stiffness": LINEAR_STIFFNESS,
                   "damping": 2 * zeta * math.sqrt(LINEAR_STIFFNESS * MASS), "tension": tension}
            if tension:
                reference = textbook_restitution(zeta)
                omega_contact_time = math.pi / math.sqrt(1 - zeta ** 2)
                flight = omega_contact_time
            else:
                reference = no_tension_restitution(zeta)
                omega_contact_time = no_tension_contact_time(zeta)
                # the ball, free of the force, still has to leave the overlap
                flight = omega_contact_time + no_tension_separation_time(zeta)
            kind = "tension" if tension else "no tension"
            title = f"linear {kind} zeta {zeta}"
            restitution, _ = rebound(case, ball_problem(
                title, law, step, 1.2 * flight / OMEGA, LINEAR_SPEED), LINEAR_SPEED)
            measured[tension, zeta] = restitution
            case.compare(f"linear e, {kind}, zeta = {zeta}", reference, restitution,
                         linear_restitution_tolerance(zeta, omega_contact_time),
                         TEXTBOOK if tension else SCHWAGER)
    case.note(
        f"(a) Linear spring-dashpot: a steel ball (R = {RADIUS} m, m = {MASS:.3f} kg) thrown "
        f"at {LINEAR_SPEED} m/s onto a fixed plane without gravity, k = {LINEAR_STIFFNESS:g} "
        f"N/m, eta = 2 zeta sqrt(k m), omega h = {OMEGA_STEP}; e is the ball's velocity after "
        "the contact over the impact velocity. With `tension: true` the textbook oscillator; "
        "without, the contact ends when the force vanishes, before the overlap does, and the "
        "rebound is more elastic (Schwager & Pöschel 2007), a gap that grows with zeta "
        f"(at zeta = 0.3: {textbook_restitution(0.3):.4f} against "
        f"{no_tension_restitution(0.3):.4f}); without tension e never reaches 0: e^-2 = "
        f"0.135 at critical damping, {no_tension_restitution(3.0):.3f} at zeta = 3.")
    plot_linear_restitution(case, measured)


def plot_linear_restitution(case, measured):
    figure, axes = plt.subplots(figsize=(6, 4))
    zetas = [0.001 * i for i in range(1, 3001)]
    axes.plot([z for z in zetas if z < 0.95], [textbook_restitution(z) for z in zetas
                                               if z < 0.95],
              "C0-", label="exp(-pi zeta / sqrt(1 - zeta^2)) (tension)")
    axes.plot(zetas, [no_tension_restitution(z) for z in zetas], "C1-",
              label="Schwager & Pöschel 2007 (no tension)")
    for tension, style, label in ((True, "C0o", "moreau, tension: true"),
                                  (False, "C1s", "moreau, no tension (default)")):
        points = sorted((zeta, e) for (t, zeta), e in measured.items() if t == tension)
        axes.plot([z for z, _ in points], [e for _, e in points], style, fillstyle="none",
                  label=label)
    axes.set_xlabel("damping ratio zeta = eta / (2 sqrt(k m))")
    axes.set_ylabel("coefficient of restitution e")
    axes.set_xlim(0, 3)
    axes.set_ylim(0, 1.02)
    axes.grid(alpha=0.3)
    axes.legend()
    figure.tight_layout()
    figure.savefig(case.figure("penalty-laws-linear-restitution.png",
                               "Linear spring-dashpot: restitution against the damping ratio, "
                               "with and without tension"), dpi=110)
    plt.close(figure)


# (b) ------------------------------------------------------------------------------------

def hertz_modulus(modulus_a, modulus_b):
    """Hertz's E*: 1/E* = (1 - nu_a^2)/E_a + (1 - nu_b^2)/E_b (Johnson 1985, sec. 4.2)."""
    return 1 / ((1 - POISSON_RATIO ** 2) / modulus_a + (1 - POISSON_RATIO ** 2) / modulus_b)


def hertz_maximum_overlap(speed, modulus):
    """delta_max = (15 m v0^2 / (16 E* sqrt R))^(2/5): the kinetic energy stored in the
    spring 4/3 E* sqrt(R) delta^(3/2)."""
    return (15 * MASS * speed ** 2 / (16 * modulus * math.sqrt(RADIUS))) ** 0.4


def hertz_contact_time(speed, modulus):
    return HERTZ_CONSTANT * hertz_maximum_overlap(speed, modulus) / speed


def hertz_omega_step(speed, modulus, step):
    """omega_max h: the contact's highest frequency, that of the tangent stiffness
    3/2 k delta_max^(1/2), omega_max^2 = 15 v0^2 / (8 delta_max^2), times the step."""
    return math.sqrt(15 / 8) * speed / hertz_maximum_overlap(speed, modulus) * step


def run_hertz(case, speed, plane_modulus, title):
    """(restitution, contact time, step) of a Hertz impact at `speed`, HERTZ_STEPS steps
    per contact of Hertz's duration."""
    modulus = hertz_modulus(YOUNG_MODULUS, plane_modulus)
    step = hertz_contact_time(speed, modulus) / HERTZ_STEPS
    problem = ball_problem(title, {"law": "hertz"}, step,
                           1.5 * hertz_contact_time(speed, modulus), speed, plane_modulus)
    return (*rebound(case, problem, speed), step)


def hertz_duration_tolerance(omega_step):
    """Relative. Symplectic Euler moves the positions as leapfrog does (velocities at the half
    steps), so the flight lines and the contact between them are second order: the
    harmonic oscillator's phase error (omega h)^2 / 24, at the contact's highest frequency."""
    return omega_step ** 2 / 24


def check_hertz_duration(case, size):
    measured = []
    plane_modulus = RIGID * YOUNG_MODULUS
    modulus = hertz_modulus(YOUNG_MODULUS, plane_modulus)
    for speed in HERTZ_SPEEDS[size]:
        restitution, duration, step = run_hertz(case, speed, plane_modulus,
                                                f"hertz v0 {speed}")
        omega_step = hertz_omega_step(speed, modulus, step)
        case.compare(f"Hertz t_c (s), v0 = {speed} m/s", hertz_contact_time(speed, modulus),
                     duration, hertz_duration_tolerance(omega_step), HERTZ)
        # Elastic: symplectic Euler's modified energy differs from the energy by terms in
        # h F(x) and h^2 F'(x) (Hairer, Lubich & Wanner 2006, ch. IX), which vanish at zero
        # overlap: (omega h)^2 bounds what is left.
        case.compare(f"Hertz e, v0 = {speed} m/s", 1.0, restitution, omega_step ** 2,
                     "Hertz 1882: elastic, e = 1")
        measured.append((speed, duration))
    speed = 1.0
    _, duration, step = run_hertz(case, speed, YOUNG_MODULUS, "hertz same material")
    same = hertz_modulus(YOUNG_MODULUS, YOUNG_MODULUS)
    case.compare(f"Hertz t_c (s), ball on a plate of its own steel, v0 = {speed} m/s",
                 hertz_contact_time(speed, same), duration,
                 hertz_omega_step(speed, same, step) ** 2 / 24, HERTZ)
    case.note(
        f"(b) Hertz: the same ball (E = {YOUNG_MODULUS:g} Pa, nu = {POISSON_RATIO}) on a rigid "
        f"flat (E = {RIGID:g} E of the ball), the Hertz law calibrated by moreau from the "
        f"materials, {HERTZ_STEPS} steps per contact; t_c runs from the touch to where the "
        "ball's flight after the contact crosses the plane, and follows Hertz's v0^(-1/5). "
        "The ball on a plate of its own steel checks how the two moduli combine: Hertz's "
        "E* = E / (2 (1 - nu^2)). This case found that moreau used to combine them as "
        "Simbody does (two Hertz springs in series), a spring 2^(1/2) too soft and a contact "
        "2^(1/5) = 1.149 times too long; moreau now calibrates with Hertz's E*.")
    plot_hertz(case, measured, modulus, (speed, duration))


def plot_hertz(case, measured, modulus, same_material):
    figure, axes = plt.subplots(figsize=(6, 4))
    speeds = [10 ** (i / 50) for i in range(-125, 76)]
    same = hertz_modulus(YOUNG_MODULUS, YOUNG_MODULUS)
    axes.loglog(speeds, [hertz_contact_time(v, modulus) * 1e6 for v in speeds], "k-",
                label="Hertz, rigid flat")
    axes.loglog([v for v, _ in measured], [t * 1e6 for _, t in measured], "C0o",
                fillstyle="none", label="moreau, rigid flat")
    axes.loglog(speeds, [hertz_contact_time(v, same) * 1e6 for v in speeds], "k--",
                label="Hertz, plate of the ball's steel")
    axes.loglog([same_material[0]], [same_material[1] * 1e6], "C3s", fillstyle="none",
                label="moreau, plate of the ball's steel")
    axes.set_xlabel("impact velocity v0 (m/s)")
    axes.set_ylabel("contact duration t_c (us)")
    axes.yaxis.set_major_formatter(matplotlib.ticker.ScalarFormatter())
    axes.yaxis.set_minor_formatter(matplotlib.ticker.NullFormatter())
    axes.set_yticks([150, 200, 300, 400, 600, 800, 1000])
    axes.grid(alpha=0.3, which="both")
    axes.legend()
    figure.tight_layout()
    figure.savefig(case.figure("penalty-laws-hertz-duration.png",
                               "Hertz impact of a steel ball: contact duration against impact "
                               "velocity, t_c = 2.9432 delta_max / v0 ~ v0^(-1/5)"), dpi=110)
    plt.close(figure)


# (c) ------------------------------------------------------------------------------------

def hunt_crossley_restitution(product):
    """e of the law alone, in the scaled form (x in delta_max, t in delta_max / v0):
    X'' = -5/4 X^1.5 max(0, 1 + 3/2 (c v0) X'), X(0) = 0, X'(0) = 1, until X = 0 again.
    e depends on c v0 alone: m, k and v0 scale out (reference.md)."""
    def motion(_, state):
        overlap, rate = state
        force = max(0.0, 1 + 1.5 * product * rate) * max(overlap, 0.0) ** 1.5
        return [rate, -1.25 * force]

    def separation(_, state):
        return state[0]
    separation.terminal, separation.direction = True, -1
    # Start a hair inside the contact, on the elastic trajectory, so that the event at
    # X = 0 is the separation, not the touch.
    start = 1e-9
    solution = solve_ivp(motion, (start, 100.0), [start, 1.0], events=separation,
                         rtol=1e-12, atol=1e-14, method="DOP853")
    return -solution.y_events[0][0][1]


def hunt_crossley_tolerance(product, omega_step):
    """Relative. The linear law's bound (linear_restitution_tolerance) with the dashpot's
    largest damping ratio: beta = 3/4 c k delta^1.5 / m at delta_max over omega_max gives
    zeta = (15/16) c v0 / sqrt(15/8) = 0.685 c v0, on a contact of omega_max t_c = 4.03.
    No jump term: the force is zero at the touch. The elastic part adds leapfrog's
    (omega h)^2 (hertz_duration_tolerance)."""
    zeta = 15 / 16 / math.sqrt(15 / 8) * product
    return 2 * zeta ** 2 * math.sqrt(15 / 8) * HERTZ_CONSTANT * omega_step + omega_step ** 2


def hunt_crossley_implicit_tolerance(product, omega_step):
    """Relative, for the implicit steps. Backward Euler's own damping: a step multiplies the
    oscillation by 1 / (1 - h lambda) where the law gives exp(h lambda), (h lambda)^2 / 2 less
    a step, |lambda| at most omega_max; over the contact's omega_max t_c / (omega_max h) steps,
    omega_max t_c omega_max h / 2 (to first order the undamped spring's closed form that
    tests/dynamics/penalty_compliance_test.cpp checks). The law linearized at the start of each
    step errs on the dashpot as the explicit step does (hunt_crossley_tolerance)."""
    return (math.sqrt(15 / 8) * HERTZ_CONSTANT * omega_step / 2
            + hunt_crossley_tolerance(product, omega_step))


def check_hunt_crossley(case, size):
    measured = {"explicit": [], "implicit": []}
    for product in HUNT_CROSSLEY_PRODUCTS[size]:
        speed = product / DISSIPATION
        maximum_overlap = (5 * MASS * speed ** 2 / (4 * HUNT_CROSSLEY_STIFFNESS)) ** 0.4
        contact_time = HERTZ_CONSTANT * maximum_overlap / speed  # the elastic one
        step = contact_time / HUNT_CROSSLEY_STEPS
        law = {"law": "hunt_crossley", "stiffness": HUNT_CROSSLEY_STIFFNESS,
               "dissipation": DISSIPATION}
        omega_step = math.sqrt(15 / 8) * speed / maximum_overlap * step
        for integration, tolerance in (("explicit", hunt_crossley_tolerance),
                                       ("implicit", hunt_crossley_implicit_tolerance)):
            restitution, _ = rebound(case, ball_problem(
                f"hunt-crossley c v0 {product} {integration}", law, step, 3 * contact_time,
                speed, integration=integration), speed)
            case.compare(f"Hunt-Crossley e, c v0 = {product}, {integration} steps",
                         hunt_crossley_restitution(product), restitution,
                         tolerance(product, omega_step), HUNT_CROSSLEY)
            measured[integration].append((product, restitution))
    small = HUNT_CROSSLEY_PRODUCTS[size][0]
    case.note(
        f"(c) Hunt-Crossley: the ball on a fixed plane, k = {HUNT_CROSSLEY_STIFFNESS:g} "
        f"N/m^1.5, c = {DISSIPATION} s/m, v0 = c v0 / c, {HUNT_CROSSLEY_STEPS} steps per "
        "contact, with the explicit steps and with the implicit ones (`time.integration: "
        "implicit`: the law linearized at the start of each step, backward Euler). The "
        "reference integrates the law itself (scipy DOP853, rtol 1e-12); the first-order "
        "result 1 - e = c v0 (reference.md) is within "
        f"{abs(1 - hunt_crossley_restitution(small) - small) / small:.1%} of it at "
        f"c v0 = {small} and drifts away as c v0 grows.")
    plot_hunt_crossley(case, measured)


def plot_hunt_crossley(case, measured):
    figure, axes = plt.subplots(figsize=(6, 4))
    products = [0.01 * i for i in range(0, 61)]
    axes.plot(products, [hunt_crossley_restitution(p) for p in products], "k-",
              label="the law integrated by scipy")
    axes.plot(products, [1 - p for p in products], "k--", label="first order: 1 - c v0")
    for (integration, points), style in zip(measured.items(), ("C0o", "C1s")):
        axes.plot([p for p, _ in points], [e for _, e in points], style, fillstyle="none",
                  label=f"moreau, {integration} steps")
    axes.set_xlabel("c v0 (dissipation times impact velocity, dimensionless)")
    axes.set_ylabel("coefficient of restitution e")
    axes.grid(alpha=0.3)
    axes.legend()
    figure.tight_layout()
    figure.savefig(case.figure("penalty-laws-hunt-crossley.png",
                               "Hunt-Crossley: restitution against c v0"), dpi=110)
    plt.close(figure)


# (d) ------------------------------------------------------------------------------------

def block_problem(dimension, stiffness):
    """A block standing on a fixed plane, gravity on from t = 0, e = 0 (critical dashpots),
    run for SETTLING time constants of its slowest motion."""
    width, height = BLOCK
    if dimension == 2:
        half = width / 2
        shape = {"type": "polygon", "vertices": [[-half, -height / 2], [half, -height / 2],
                                                 [half, height / 2], [-half, height / 2]]}
    else:
        shape = {"type": "box", "size": [width, BLOCK_DEPTH, height]}
    return {
        "version": 1, "title": f"block at rest {dimension}d k {stiffness:g}",
        "dimension": dimension, "mode": "penalty", "gravity": [0, 0, -G],
        "time": {"step": block_step(dimension, stiffness),
                 "duration": SETTLING / settling_rate(dimension, stiffness),
                 "critical_step": "substep"},
        "materials": [{"name": "stone", "density": BLOCK_DENSITY}],
        "interactions": {"default": {"friction": 0.8, "restitution": 0.0, "penalty": {
            "normal": {"law": "linear", "stiffness": stiffness}}}},
        "bodies": [{"name": "ground", "shape": {"type": "plane"}, "fixed": True},
                   {"name": "block", "shape": shape, "position": [0, 0, height / 2]}],
        "output": {"every": 100000, "vtk": False, "bodies": ["block"]},
    }


def static_mass(dimension):
    """kg (per metre of depth in planar mode)."""
    width, height = BLOCK
    return BLOCK_DENSITY * width * height * (BLOCK_DEPTH if dimension == 3 else 1)


def block_step(dimension, stiffness):
    """A 50th of 1 / omega_v, the block's bounce on its n corners, omega_v^2 = n k / m."""
    return 0.02 / math.sqrt(CORNERS[dimension] * stiffness / static_mass(dimension))


def bounce_damping_ratio(dimension):
    """Each corner's dashpot is calibrated critical, 2 sqrt(m k), on the block's whole mass
    (the pair's effective mass, docs/problem-files.md): the bounce, n k on m, has
    zeta = n 2 sqrt(m k) / (2 sqrt(n k m)) = sqrt(n), overdamped."""
    return math.sqrt(CORNERS[dimension])


def settling_rate(dimension, stiffness):
    """1/s: the slow root omega_v (zeta - sqrt(zeta^2 - 1)) of the overdamped bounce."""
    zeta = bounce_damping_ratio(dimension)
    omega = math.sqrt(CORNERS[dimension] * stiffness / static_mass(dimension))
    return omega * (zeta - math.sqrt(zeta ** 2 - 1))


def static_overlap_tolerance(dimension, stiffness, overlap):
    """Relative. The transient left after SETTLING time constants: released at rest from
    zero overlap, the slow mode starts at (zeta + s) / (2 s) delta, s = sqrt(zeta^2 - 1),
    and decays as exp(-SETTLING); symplectic Euler's damping rate differs from the exact one
    by O(omega h) = 3%, one time constant of the SETTLING at most. And round-off: each step
    may round the block's height z = H/2 - delta by an ulp, eps z / delta relative to delta."""
    zeta = bounce_damping_ratio(dimension)
    spread = math.sqrt(zeta ** 2 - 1)
    transient = (zeta + spread) / (2 * spread) * math.exp(-(SETTLING - 1))
    steps = SETTLING / settling_rate(dimension, stiffness) / block_step(dimension, stiffness)
    return transient + steps * sys.float_info.epsilon * BLOCK[1] / 2 / overlap


def check_static_overlap(case, size):
    measured = {2: [], 3: []}
    for dimension, corners in CORNERS.items():
        for stiffness in STATIC_STIFFNESSES[size]:
            run = case.run(block_problem(dimension, stiffness))
            block = next(body for body in run.summary["bodies"] if body["name"] == "block")
            overlap = BLOCK[1] / 2 - block["position"][2]
            reference = static_mass(dimension) * G / (corners * stiffness)
            case.compare(f"static overlap (m), {dimension}D block, k = {stiffness:g} N/m",
                         reference, overlap,
                         static_overlap_tolerance(dimension, stiffness, reference), STATIC)
            measured[dimension].append((stiffness, overlap))
    width, height = BLOCK
    case.note(
        f"Static overlap: a block {width} m x {height} m (3D: x {BLOCK_DEPTH} m deep, "
        f"{BLOCK_DENSITY} kg/m^3) set on a fixed plane at zero overlap under gravity, linear "
        "law with e = 0, read after 30 time constants of its slowest (overdamped) motion. "
        "The overlap is m g / (n k) on the n corners of its base (n = 2 planar, 4 in 3D): "
        "the penalty answer's penetration is first order in 1/k, the analytic part of the "
        "convergence above.")
    plot_static_overlap(case, measured)


def plot_static_overlap(case, measured):
    figure, axes = plt.subplots(figsize=(6, 4))
    for dimension, corners, style in ((2, 2, "C0"), (3, 4, "C1")):
        stiffnesses = [k for k, _ in measured[dimension]]
        axes.loglog(stiffnesses, [static_mass(dimension) * G / (corners * k) for k in
                                  stiffnesses], style + "-",
                    label=f"m g / ({corners} k), {dimension}D block")
        axes.loglog(stiffnesses, [d for _, d in measured[dimension]], style + "o",
                    fillstyle="none", label=f"moreau, {dimension}D")
    axes.set_xlabel("contact stiffness k (N/m)")
    axes.set_ylabel("static overlap delta (m)")
    axes.grid(alpha=0.3, which="both")
    axes.legend()
    figure.tight_layout()
    figure.savefig(case.figure("penalty-laws-static-overlap.png",
                               "Overlap of a block at rest on its corners against the "
                               "stiffness: delta = m g / (n k)"), dpi=110)
    plt.close(figure)


def parse_distances(output):
    """The `distance to nscd` table of moreau compare: factor -> (|dx| m, rotation deg)."""
    distances = {}
    table = output.split("distance to nscd", 1)[1]
    for match in re.finditer(r"penalty(?: k x([0-9.e+-]+))?\s+(\S+)\s+(\S+)", table):
        distances[float(match.group(1) or 1.0)] = (float(match.group(2)),
                                                   float(match.group(3)))
    return distances


def convergence_order(distances, soft, stiff):
    """The slopes -d log(distance) / d log(k) of position and rotation between two factors."""
    ratio = math.log(stiff / soft)
    return [math.log(distances[soft][i] / distances[stiff][i]) / ratio for i in (0, 1)]


def check_stiffness_convergence(case, size):
    factors = ",".join(f"{factor:g}" for factor in SWEEP[size])
    output = case.moreau_output("compare", case.folder.parents[2] / ROCKING_BLOCK,
                                "--out", case.work / "rocking-block-compare", "--quiet",
                                "--duration", 1.0, "--stiffness-sweep", factors)
    distances = parse_distances(output)
    position_order, rotation_order = convergence_order(distances, 0.1, 1.0)
    stiffest = max(distances)
    case.note(
        "(d) Penalty against NSCD on the rocking block (`moreau compare "
        f"{ROCKING_BLOCK} --duration 1 --stiffness-sweep {factors}`; factor 1 is the file's "
        "k = 1e8 N/m; the distance is that of the final states, after 1 s). A behaviour "
        "check, without a reference value. Between factors 0.1 and 1 the distance falls as "
        f"k^-{position_order:.2f} (position) and k^-{rotation_order:.2f} (rotation); at "
        f"factor {stiffest:g} it is {distances[stiffest][0]:.2g} m and "
        f"{distances[stiffest][1]:.2g} deg, no smaller than at factor 1: there the two time "
        "discretizations (h = 1e-4 s in both) differ more than the two contact models. The "
        "softest contacts (factor 0.03 and below) sink and rock out of phase with NSCD, and "
        "the distance saturates at the size of the motion.\n\n"
        "| stiffness factor | largest dx (m) | rotation difference (deg) |\n|---|---|---|\n"
        + "\n".join(f"| {factor:g} | {dx:.4g} | {angle:.4g} |"
                    for factor, (dx, angle) in sorted(distances.items())))
    plot_stiffness_convergence(case, sorted(distances.items()))


def plot_stiffness_convergence(case, distances):
    figure, (left, right) = plt.subplots(1, 2, figsize=(6, 4), sharex=True)
    factors = [factor for factor, _ in distances]
    left.loglog(factors, [dx for _, (dx, _) in distances], "C0o-", fillstyle="none")
    right.loglog(factors, [angle for _, (_, angle) in distances], "C1s-", fillstyle="none")
    left.set_ylabel("largest |dx| to NSCD (m)")
    right.set_ylabel("rotation difference to NSCD (deg)")
    for axes in (left, right):
        axes.set_xlabel("stiffness factor (x 1e8 N/m)")
        axes.grid(alpha=0.3, which="both")
    figure.tight_layout()
    figure.savefig(case.figure("penalty-laws-stiffness-convergence.png",
                               "Rocking block: distance of the penalty run to NSCD after 1 s "
                               "against the contact stiffness (behaviour, no reference)"),
                   dpi=110)
    plt.close(figure)


def check(case):
    size = "fast" if case.fast else "full"
    check_linear_restitution(case, size)
    check_hertz_duration(case, size)
    check_hunt_crossley(case, size)
    check_stiffness_convergence(case, size)
    check_static_overlap(case, size)
