"""moreau limit's two ends of the collapse loads of small planar assemblies against
validation/block_limit_analysis.py (scipy's HiGHS, written independently of moreau): the
associative LP (the upper end) and the exact non-associative minimum, the MILP of Ferris &
Tin-Loi's complementarity problem (the lower end; reference.md), dry and with joints bonded
by a cohesion and a tensile strength, whose lower end is also found with brittle bonds (a
joint that moves is dry); and Ferris & Tin-Loi's wall 1, whose lower end no MILP proves, by
the forces its mechanism admits."""
import csv
import itertools
import json

import block_limit_analysis  # noqa: E402  (validation/, on the driver's path)
from block_limit_analysis import Rectangle

TITLE = "Collapse loads of block assemblies: both ends against an independent limit analysis"
BLOCK = [Rectangle(0, 0.4, 0, 1)]
PAIR = [Rectangle(0, 0.4, 0, 1), Rectangle(0.4, 0.8, 0, 1)]
WALL = [Rectangle(0, 0.4, 0, 0.5), Rectangle(0.4, 0.8, 0, 0.5), Rectangle(0, 0.2, 0.5, 1.0),
        Rectangle(0.2, 0.6, 0.5, 1.0), Rectangle(0.6, 0.8, 0.5, 1.0)]
# (name, blocks, mu, cohesion and tensile strength in Pa): the module's known_answers, the
# same blocks bonded, then running-bond walls of 0.4 x 0.5 m blocks with half blocks at the
# ends of every other course.
ASSEMBLIES = (
    ("block b/h = 0.4, mu = 0.8", BLOCK, 0.8, 0, 0),
    ("block b/h = 0.4, mu = 0.3", BLOCK, 0.3, 0, 0),
    ("stack, mu = 0.8", [Rectangle(0, 0.4, 0, 0.5), Rectangle(0, 0.4, 0.5, 1.0)], 0.8, 0, 0),
    ("offset top block, mu = 0.8", [Rectangle(0, 0.4, 0, 0.5), Rectangle(0.1, 0.5, 0.5, 1.0)],
     0.8, 0, 0),
    ("pair side by side, mu = 0.8", PAIR, 0.8, 0, 0),
    ("pair side by side, mu = 1000", PAIR, 1e3, 0, 0),
    ("pair side by side, mu = 0.3", PAIR, 0.3, 0, 0),
    ("row of three side by side, mu = 0.8", PAIR + [Rectangle(0.8, 1.2, 0, 1)], 0.8, 0, 0),
    ("bonded block, mu = 0.3, c = 1000 Pa, f_t = 1000 Pa", BLOCK, 0.3, 1000, 1000),
    ("bonded block, mu = 0.8, c = 1000 Pa, f_t = 1000 Pa", BLOCK, 0.8, 1000, 1000),
    ("bonded pair, mu = 0.3, c = 2000 Pa", PAIR, 0.3, 2000, 0),
    ("bonded pair, mu = 0.3, c = 2000 Pa, f_t = 2000 Pa", PAIR, 0.3, 2000, 2000),
    ("bonded wall, 2 courses (5 blocks), mu = 0.65, c = 500 Pa, f_t = 250 Pa", WALL, 0.65, 500,
     250),
    ("wall, 2 courses (5 blocks), mu = 0.65", WALL, 0.65, 0, 0),
    ("wall, 3 courses (7 blocks), mu = 0.65",
     WALL + [Rectangle(0, 0.4, 1.0, 1.5), Rectangle(0.4, 0.8, 1.0, 1.5)], 0.65, 0, 0),
)
# Ferris & Tin-Loi's wall 1 (2001): 6 courses of 5 blocks 0.4 x 0.175 m, the bottom course
# and every other one with half blocks at its ends (33 blocks), mu = 0.65.
COURSE_HEIGHT = 0.175
COURSE_EDGES = ([0.0, 0.2, 0.6, 1.0, 1.4, 1.8, 2.0],  # with half blocks at its ends
                [0.0, 0.4, 0.8, 1.2, 1.6, 2.0])
FERRIS_TIN_LOI_WALL = [Rectangle(x0, x1, course * COURSE_HEIGHT, (course + 1) * COURSE_HEIGHT)
                       for course in range(6)
                       for x0, x1 in itertools.pairwise(COURSE_EDGES[course % 2])]
FAST = 12  # the fast subset: the closed-form assemblies and the bonded ones that HiGHS proves
# The problems' blocks: moreau's default density, kg/m^3 (a metre deep in planar mode), and
# gravity, m/s^2: the module's unit of force is the assembly's weight.
DENSITY = 2500.0
GRAVITY = 9.81
UPPER_TOLERANCE = 1e-6  # two LPs' optima, each to about 1e-7 of the weight
# HiGHS's feasibility tolerance (1e-7) on the MILP's big-M rows: 1e-5 of the weight, as the
# module's own check of its known answers.
LOWER_TOLERANCE = 1e-5
# The rates of a mechanism that moreau limit writes, of the largest: round-off (1e-16 seen).
MECHANISM_ROUND_OFF = 1e-9
HIGHS_SECONDS = 60.0
MOREAU_SECONDS = 10  # Cbc's
SOURCE = ("validation/block_limit_analysis.py (scipy's HiGHS) on the same blocks: "
          "{} (Livesley 1978; Ferris & Tin-Loi 2001, Int. J. Mech. Sci. 43:209)")


def problem(blocks, mu, cohesion, tensile_strength):
    bodies = [{"name": "ground", "shape": {"type": "plane"}, "fixed": True}]
    for index, b in enumerate(blocks):
        hx, hz = (b.x1 - b.x0) / 2, (b.z1 - b.z0) / 2
        bodies.append({"name": f"block{index}",
                       "shape": {"type": "polygon",
                                 "vertices": [[-hx, -hz], [hx, -hz], [hx, hz], [-hx, hz]]},
                       "position": [b.x0 + hx, 0, b.z0 + hz]})
    return {"version": 1, "dimension": 2, "time": {"step": 1e-3, "duration": 1},
            "interactions": {"default": {"friction": mu, "cohesion": cohesion,
                                         "tensile_strength": tensile_strength}},
            "bodies": bodies,
            "loads": {"lateral": {"rate": 1, "direction": [1, 0, 0]}}}


def compare_lower_end(case, quantity, highs, multiplier, program):
    """moreau's lower end against HiGHS's proven minimum, or, where HiGHS proves none, not
    past the best mechanism it found."""
    if highs.optimal:
        case.compare(quantity, highs.load_factor, multiplier, LOWER_TOLERANCE,
                     SOURCE.format(f"{program}, proven optimal"), relative=False)
    else:
        case.compare(f"{quantity}: past HiGHS's best mechanism", 0.0,
                     max(multiplier - highs.load_factor, 0.0), LOWER_TOLERANCE,
                     SOURCE.format(f"{program}'s best mechanism in {HIGHS_SECONDS:g} s, not "
                                   "proven optimal"), relative=False)


def compare_brittle_lower_end(case, name, blocks, mu, strengths, brittle):
    highs = block_limit_analysis.nonassociative_load_factor(
        blocks, 0.0, mu, time_limit=HIGHS_SECONDS, brittle=True, **strengths)
    compare_lower_end(case, f"lower end with brittle bonds, {name}", highs,
                      brittle["multiplier"], "the MILP with brittle bonds")
    case.note(f"{name}, brittle bonds: moreau limit {brittle['multiplier']:.6f} (lower end "
              f"{'proven by Cbc' if brittle['proven'] else 'not proven by Cbc'}); HiGHS "
              f"{highs.load_factor:.6f}. Mechanism: {brittle['mechanism']['description']}.")


def compare_upper_end(case, name, stem, blocks, mu, cohesion, tensile_strength, *options):
    """Runs moreau limit (and `options`) on the assembly, written to `stem`.yaml, and compares
    its upper end with the associative LP's; returns moreau's analysis, the LP's upper end and
    the strengths in the module's units (the assembly's weight)."""
    path = case.work / f"{stem}.yaml"
    path.write_text(json.dumps(problem(blocks, mu, cohesion, tensile_strength), indent=1))
    analysis = json.loads(case.moreau_output("limit", path, "--json", "--time-limit",
                                             MOREAU_SECONDS, *options))["analyses"][0]
    weight = DENSITY * GRAVITY * sum(b.area for b in blocks)
    strengths = {"cohesion": cohesion / weight, "tensile_strength": tensile_strength / weight}
    upper = block_limit_analysis.associative_load_factor(blocks, 0.0, mu, **strengths)[0]
    case.compare(f"upper end (associative), {name}", upper, analysis["multiplier"],
                 UPPER_TOLERANCE, SOURCE.format("the associative LP"), relative=False)
    return analysis, upper, strengths


def mechanism_velocities(path, count):
    """(v_x, v_z, omega) of block0 .. block<count - 1> in moreau limit's mechanism.csv, omega
    counter-clockwise in the x-z plane (-omega_y)."""
    with open(path) as rows:
        velocity = {row["body"]: (float(row["vx"]), float(row["vz"]), -float(row["wy"]))
                    for row in csv.DictReader(rows)}
    return [velocity[f"block{index}"] for index in range(count)]


def check_ferris_tin_loi_wall(case):
    """The wall's upper end against the associative LP; its lower end, which neither Cbc nor
    HiGHS's MILP proves the least on 33 blocks, against the load from which the mechanism
    moreau found has consistent forces (mechanism_loads, two LPs of the module): a mechanism
    is possible from moreau's lower end, and not below it."""
    name, mu = "Ferris & Tin-Loi's wall 1 (33 blocks), mu = 0.65", 0.65
    out = case.work / "ferris-tin-loi-wall-1-limit"
    analysis, upper, _ = compare_upper_end(case, name, "ferris-tin-loi-wall-1",
                                           FERRIS_TIN_LOI_WALL, mu, 0, 0, "--out", out)
    lower = analysis["nonassociative"]
    loads = block_limit_analysis.mechanism_loads(
        FERRIS_TIN_LOI_WALL, 0.0, mu,
        mechanism_velocities(out / "limit" / "1-exact-lower" / "mechanism.csv",
                             len(FERRIS_TIN_LOI_WALL)))
    case.compare(f"lower end (non-associative), {name}: where its mechanism's consistent "
                 "forces start", loads.lowest, lower["multiplier"], LOWER_TOLERANCE,
                 SOURCE.format("the LPs of the lower end's mechanism (mechanism_loads)"),
                 relative=False)
    case.compare(f"lower end's mechanism, {name}: its most closing rate at a point, of the "
                 "largest (interpenetration)", 0.0, loads.most_closing, MECHANISM_ROUND_OFF,
                 SOURCE.format("the rates of the lower end's mechanism"), relative=False)
    case.note(f"{name}: moreau limit {lower['multiplier']:.6f} (not proven the least: Cbc's "
              f"bound {lower['bound_multiplier']:.6f} after {MOREAU_SECONDS} s) to "
              f"{analysis['multiplier']:.6f}; the associative LP {upper:.6f}; the lower end's "
              f"mechanism has consistent forces from {loads.lowest:.6f} to "
              f"{loads.highest:.6f} ({loads.opening} points opening, {loads.slipping} "
              f"slipping, most closing rate {loads.most_closing:.1e} of the largest). "
              f"Mechanism: {lower['mechanism']['description']}. Ferris & Tin-Loi's own "
              "values are not reachable here; a second-hand 0.643 (a line labelled 'Ferris & "
              "Tin-Loi, 2001' in the HybriDFEM-4 repository's script for this wall) agrees "
              "with the upper end to its three digits.")


def check(case):
    for index, (name, blocks, mu, cohesion, tensile_strength) in enumerate(
            ASSEMBLIES[:FAST] if case.fast else ASSEMBLIES):
        analysis, upper, strengths = compare_upper_end(
            case, name, f"assembly-{index}", blocks, mu, cohesion, tensile_strength)
        lower = analysis["nonassociative"]
        highs = block_limit_analysis.nonassociative_load_factor(
            blocks, 0.0, mu, time_limit=HIGHS_SECONDS, **strengths)
        compare_lower_end(case, f"lower end (non-associative minimum), {name}", highs,
                          lower["multiplier"], "the MILP")
        if cohesion > 0:
            compare_brittle_lower_end(case, name, blocks, mu, strengths, analysis["brittle"])
        case.note(f"{name}: moreau limit {lower['multiplier']:.6f} to "
                  f"{analysis['multiplier']:.6f} (lower end "
                  f"{'proven by Cbc' if lower['proven'] else 'not proven by Cbc'}, its bound "
                  f"{lower['bound_multiplier']:.6f}); HiGHS {highs.load_factor:.6f} "
                  f"({'proven' if highs.optimal else 'not proven, bound ' + format(highs.dual_bound, '.6f')}) "
                  f"to {upper:.6f}. Mechanism: {lower['mechanism']['description']}.")
    if not case.fast:
        check_ferris_tin_loi_wall(case)
