"""Bouncing ball: apex heights e^(2n) h0 and the Zeno time t0 (1 + e)/(1 - e), in NSCD and in
the penalty mode with the restitution matched (reference.md)."""
import math

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from scipy.integrate import solve_ivp  # noqa: E402

TITLE = "Bouncing ball"
G = 9.81
DROP = 1.0  # h0, m: the ball's lowest point above the floor at rest
RADIUS = 0.05
RESTITUTION = 0.5
STEP = 1.0e-4
PENALTY_STEP = 2.0e-6  # omega h = 0.003
PENALTY_STIFFNESS = 1.0e7  # N/m: a contact of 2 ms on the 4.08 kg ball
DENSITY = 7800
OUTPUT_EVERY = {"nscd": 5, "penalty": 25}  # a history row every 5e-4 s, 5e-5 s
OMEGA = math.sqrt(PENALTY_STIFFNESS / (DENSITY * 4 / 3 * math.pi * RADIUS ** 3))
# the damping ratio calibrated from e (docs/problem-files.md, linear `damping`)
ZETA = -math.log(RESTITUTION) / math.sqrt(math.log(RESTITUTION) ** 2 + math.pi ** 2)
APEXES = 4  # the first rebounds compared
NEWTON = "Newton's impact law: h_n = e^(2n) h0 (e.g. Brogliato 2016, Nonsmooth Mechanics, 3rd ed., sec. 4.2)"
OSCILLATOR = ("the linear spring-dashpot with gravity, m d'' = m g - k d - eta d', "
              "integrated by scipy (Kelvin-Voigt; e.g. Schwager & Pöschel 2007, Granular "
              "Matter 9:465, eq. 2)")
ZENO = "Zeno time t0 (1 + e)/(1 - e), t0 = sqrt(2 h0 / g), the sum of the geometric flight times"


def problem(mode, duration):
    penalty = {"normal": {"law": "linear", "stiffness": PENALTY_STIFFNESS, "tension": True}}
    return {
        "version": 1, "title": f"bouncing ball {mode}", "dimension": 3, "mode": mode,
        "gravity": [0, 0, -G],
        "time": {"step": STEP if mode == "nscd" else PENALTY_STEP, "duration": duration},
        "materials": [{"name": "steel", "density": DENSITY}],
        "interactions": {"default": {"friction": 0.3, "restitution": RESTITUTION,
                                     "penalty": penalty}},
        "bodies": [{"name": "floor", "shape": {"type": "plane"}, "fixed": True},
                   {"name": "ball", "shape": {"type": "sphere", "radius": RADIUS},
                    "position": [0, 0, DROP + RADIUS]}],
        "output": {"every": OUTPUT_EVERY[mode], "vtk": False, "bodies": ["ball"]},
    }


def apex_heights(run):
    """The local maxima of the ball's lowest point after the drop, in order."""
    height = [z - RADIUS for z in run.column("ball.z")]
    return [height[i] for i in range(1, len(height) - 1)
            if height[i - 1] < height[i] >= height[i + 1] and height[i] > 1e-6]


def penalty_bounces(mass, impact_speed):
    """(rebound speed, contact time) of each impact of the penalty model, by integrating
    m d'' = m g - k d - eta d' from touchdown (d = 0) to lift-off (d = 0 again) with scipy:
    the law's own equation of motion, independent of moreau. Ends with the first contact
    that never lifts off."""
    eta = 2 * ZETA * math.sqrt(PENALTY_STIFFNESS * mass)

    def motion(_, state):
        overlap, rate = state
        return [rate, G - (PENALTY_STIFFNESS * overlap + eta * rate) / mass]

    def lift_off(_, state):
        return state[0]
    lift_off.terminal, lift_off.direction = True, -1

    bounces, speed = [], impact_speed
    while True:
        contact = solve_ivp(motion, (0, 20 * math.pi / OMEGA), [0.0, speed], events=lift_off,
                            rtol=1e-12, atol=1e-15, max_step=0.01 / OMEGA)
        if not contact.t_events[0].size or contact.t_events[0][0] < 1e-9:
            return bounces
        speed = -contact.y_events[0][0][1]
        bounces.append((speed, contact.t_events[0][0]))


def last_time_above_floor(run):
    heights = [(t, z - RADIUS) for t, z in zip(run.column("time"), run.column("ball.z"))]
    return max(t for t, height in heights if height > 0)


def rest_time(run, speed):
    """The first output time after which the ball never moves faster than `speed` again."""
    times, speeds = run.column("time"), run.column("ball.speed")
    moving = [t for t, v in zip(times, speeds) if v > speed]
    return moving[-1] if moving else 0.0


def check(case):
    fall_time = math.sqrt(2 * DROP / G)
    zeno_time = fall_time * (1 + RESTITUTION) / (1 - RESTITUTION)
    duration = zeno_time + 0.15
    impact_speed = math.sqrt(2 * G * DROP)
    runs = {mode: case.run(problem(mode, duration)) for mode in ("nscd", "penalty")}

    # NSCD resolves an impact to within a step: an apex may be off by the distance fallen
    # in one step at the impact speed, v_n h (with e^2 of it carried into the rebound).
    for n, apex in enumerate(apex_heights(runs["nscd"])[:APEXES], start=1):
        speed = impact_speed * RESTITUTION ** (n - 1)
        case.compare(f"NSCD apex {n} (m)", RESTITUTION ** (2 * n) * DROP, apex,
                     speed * STEP, NEWTON, relative=False)
    # A flight shorter than a step ends the sequence: the ones left sum to less than
    # 2 h / (1 - e); each of the ~log(h)/log(e) bounces may start up to a step late.
    bounces = math.log(STEP * G / (2 * impact_speed)) / math.log(RESTITUTION)
    case.compare("NSCD rest time (s)", zeno_time, rest_time(runs["nscd"], 1e-9),
                 (2 / (1 - RESTITUTION) + bounces) * STEP, ZENO, relative=False)

    # Penalty: linear spring-dashpot with tension, damping calibrated to e. Without gravity
    # every impact would restitute exactly e; gravity acts during each contact too, which
    # the reference integrates (rebound_speed). Symplectic Euler's restitution is exact to
    # O(omega h) per impact: apex n, after n impacts, to 2 n omega h of its height.
    mass = DENSITY * 4 / 3 * math.pi * RADIUS ** 3
    bounces = penalty_bounces(mass, impact_speed)
    apexes = apex_heights(runs["penalty"])
    for n, (speed, _) in enumerate(bounces[:APEXES], start=1):
        reference = speed ** 2 / (2 * G)
        case.compare(f"penalty apex {n} (m)", reference, apexes[n - 1] if len(apexes) >= n
                     else math.nan, 2 * n * reference * OMEGA * PENALTY_STEP, OSCILLATOR,
                     relative=False)
    # Each flight is 2 v / g: a rebound speed off by omega h shifts it by as much, relative;
    # the flights add up to the Zeno time. Each touchdown is resolved to a history row.
    last_touchdown = fall_time + sum(2 * speed / G + contact for speed, contact in bounces)
    case.compare("penalty last touchdown (s)", last_touchdown,
                 last_time_above_floor(runs["penalty"]), zeno_time * OMEGA * PENALTY_STEP
                 + (len(bounces) + 1) * OUTPUT_EVERY["penalty"] * PENALTY_STEP, OSCILLATOR,
                 relative=False)
    case.note(f"The ball (radius {RADIUS} m, steel) falls from h0 = {DROP} m onto a rigid "
              f"floor with e = {RESTITUTION}. NSCD: h = {STEP} s, Newton's law. Penalty: "
              f"linear spring-dashpot with tension, k = {PENALTY_STIFFNESS:g} N/m, damping "
              f"calibrated from e, h = {PENALTY_STEP} s. Its contacts last about "
              f"{bounces[0][1] * 1e3:.2f} ms each, during which gravity also acts: the "
              "rebounds are a little lower than e^(2n) h0, and the ball stays on the floor "
              f"after {len(bounces)} bounces, at {last_touchdown:.4f} s, where Newton's law "
              f"would bounce on until the Zeno time {zeno_time:.4f} s.")
    plot(case, runs, zeno_time)


def plot(case, runs, zeno_time):
    figure, axes = plt.subplots(figsize=(6, 4))
    for mode, style in (("nscd", "-"), ("penalty", "--")):
        run = runs[mode]
        axes.plot(run.column("time"), [z - RADIUS for z in run.column("ball.z")], style,
                  label=f"moreau {mode}")
    times = [math.sqrt(2 * DROP / G) * (1 + 2 * sum(RESTITUTION ** k for k in range(1, n)))
             + math.sqrt(2 * DROP / G) * RESTITUTION ** n for n in range(1, 6)]
    axes.plot(times, [RESTITUTION ** (2 * n) * DROP for n in range(1, 6)], "ko",
              fillstyle="none", label="apexes e^(2n) h0")
    axes.axvline(zeno_time, color="grey", linestyle=":", label="Zeno time")
    axes.set_xlabel("time (s)")
    axes.set_ylabel("height of the ball's lowest point (m)")
    axes.legend()
    figure.tight_layout()
    figure.savefig(case.figure("bouncing-ball-heights.png", "Bouncing ball, e = 0.5: heights "
                               "in NSCD and penalty mode against the apexes and Zeno time of "
                               "Newton's law"), dpi=110)
    plt.close(figure)
