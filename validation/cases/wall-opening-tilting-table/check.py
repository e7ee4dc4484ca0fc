"""Wall with an opening on a tilting table: moreau's collapse tilt against the limit analysis
of the same blocks with Coulomb friction (validation/block_limit_analysis.py;
reference.md). Below the associative upper bound, and at the load at which its own
collapse mechanism becomes possible under non-associative friction."""
import csv
import json
import math
import xml.etree.ElementTree as ElementTree

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

import block_limit_analysis  # noqa: E402  (validation/, on the driver's path)

TITLE = "Wall with an opening on a tilting table"
G = 9.81
STEP = 1.0e-3
DENSITY = 1800
RATE = 1.0  # deg/s of tilt
START = 0.2  # s: the wall settles under vertical gravity first
MAX_TILT = 45.0  # deg: the runs end there if nothing collapsed
# Two detections of the same collapse (max_displacement of a block's centre, m): their tilts
# extrapolate to the onset (reference.md, Tolerance).
THRESHOLDS = (1.0e-3, 1.0e-4)
TOLERANCE = 0.3  # deg, on the onset against the load of the mechanism (reference.md)
LIMIT_TOLERANCE = 1.0e-4  # deg: two linear programs' optima, each to about 1e-7
# (name, length, block [length, height], courses, openings (centre, sill, width, height),
# friction), all in m: running-bond walls of the `wall` generator, lintels over openings.
WALLS = (
    ("window", 2.4, (0.4, 0.2), 10, ((0.0, 0.4, 0.8, 1.0),), 0.8),
    ("two windows", 3.2, (0.4, 0.2), 10, ((-0.8, 0.4, 0.8, 1.0), (0.8, 0.4, 0.8, 1.0)), 0.8),
    ("off-centre window", 3.0, (0.5, 0.25), 8, ((0.5, 0.5, 0.6, 1.0),), 0.7),
)
WALLS_FAST = WALLS[:1]
# The full suite also runs ENSEMBLE_COPIES copies of the first wall with imperfections
# (`moreau ensemble`, reference.md): blocks up to 1 mm smaller and placed within 0.5 mm,
# friction within 10 % and the tilt rate within 20 % of the perfect wall's, detected at
# ENSEMBLE_THRESHOLD: ten courses of blocks up to 1 mm lower settle by up to 1 cm.
ENSEMBLE_COPIES = 50
IMPERFECTIONS = "seed=0,block_size=0.001,placement=0.0005,friction=0.1,rate=0.2"
ENSEMBLE_THRESHOLD = 0.02  # m
ENSEMBLE_SOURCE = ("a copy tilted to 45 deg, far past its associative bound, collapses (the "
                   "window wall's bound is 29.9 deg, 31.0 deg with a friction 10 % higher)")
MECHANISM_SOURCE = ("non-associative limit analysis of moreau's collapse mechanism on the "
                    "same blocks: the complementarity problem of Ferris & Tin-Loi 2001 (Int. "
                    "J. Mech. Sci. 43:209) with the mechanism's modes fixed, two LPs "
                    "(validation/block_limit_analysis.py, mechanism_loads)")
BOUND_SOURCE = ("associative limit analysis of the same blocks, the upper bound of the "
                "collapse load under non-associative friction (Livesley 1978, Int. J. Numer. "
                "Meth. Eng. 12:1853; Drucker 1954, J. Appl. Mech. 21:71)")


def problem(wall, threshold, vtk):
    name, length, block, courses, openings, friction = wall
    return {
        "version": 1, "title": f"tilting wall, {name}", "dimension": 2, "gravity": [0, 0, -G],
        "time": {"step": STEP, "duration": START + MAX_TILT / RATE},
        "materials": [{"name": "brick", "density": DENSITY}],
        "interactions": {"default": {"friction": friction, "restitution": 0.0}},
        "bodies": [{"name": "ground", "shape": {"type": "plane"}, "fixed": True}],
        "generators": [{"type": "wall", "length": length, "block": list(block),
                        "courses": courses,
                        "openings": [{"centre": c, "sill": s, "width": w, "height": h}
                                     for c, s, w, h in openings]}],
        "loads": {"tilt": {"axis": [0, 1, 0], "rate": RATE, "start": START}},
        "stop": {"collapse": {"max_displacement": threshold}},
        "output": {"every": int((START + MAX_TILT / RATE) / STEP), "vtk": vtk},
    }


def mirrored_blocks(run):
    """The wall's blocks as the module's rectangles, in summary.json's order, mirrored
    x -> -x: the tilt about +y leans gravity towards -x, the module's live load is along
    +x. Read from the bodies at t = 0 (bodies_000000.vtu: each block's cells carry its
    body index)."""
    root = ElementTree.parse(run.folder / "bodies_000000.vtu").getroot()
    arrays = {a.get("Name"): a for a in root.iter("DataArray")}
    points = np.array(root.find(".//Points/DataArray").text.split(), float).reshape(-1, 3)
    connectivity = np.array(arrays["connectivity"].text.split(), int)
    offsets = np.array(arrays["offsets"].text.split(), int)
    body_of_cell = np.array(arrays["body"].text.split(), int)
    corners = {}
    for cell, (start, end) in enumerate(zip(np.r_[0, offsets[:-1]], offsets)):
        corners.setdefault(body_of_cell[cell], []).extend(connectivity[start:end])
    blocks = []
    for index, body in enumerate(run.summary["bodies"]):
        if body["name"].startswith("wall/"):
            x, z = points[corners[index], 0], points[corners[index], 2]
            blocks.append(block_limit_analysis.Rectangle(*(round(v, 9) for v in (
                -x.max(), -x.min(), z.min(), z.max()))))
    return blocks


def mirrored_velocities(run):
    """(v_x, v_z, omega) of each block at the end of the run, mirrored as the blocks: v_x
    changes sign, and omega, counter-clockwise in the x-z plane (-omega_y) before the
    mirror, becomes omega_y."""
    return np.array([(-body["velocity"][0], body["velocity"][2], body["angular_velocity"][1])
                     for body in run.summary["bodies"] if body["name"].startswith("wall/")])


def degrees(load_factor):
    return math.degrees(math.atan(load_factor))


def onset(tilts):
    """The tilt at which the collapse starts, from the tilts at which the two thresholds d
    fired: past the onset the mechanism moves as a (beta - beta_0)^3, so beta(d) = beta_0 +
    K d^(1/3), two equations for beta_0 and K."""
    ratio = (THRESHOLDS[1] / THRESHOLDS[0]) ** (1 / 3)
    return (tilts[1] - ratio * tilts[0]) / (1 - ratio)


def check_wall(case, wall):
    name, friction = wall[0], wall[5]
    runs = [case.run(problem(wall, threshold, vtk=index == 0),
                     name=f"{name.replace(' ', '-')}-{threshold * 1000:g}mm")
            for index, threshold in enumerate(THRESHOLDS)]
    tilts = [run.summary["collapse"]["load_factor"] if run.summary["collapse"] else math.nan
             for run in runs]
    blocks = mirrored_blocks(runs[0])
    associative = degrees(block_limit_analysis.associative_load_factor(blocks, 0.0,
                                                                       friction)[0])
    analysis = json.loads(case.moreau_output(
        "limit", case.work / f"{name.replace(' ', '-')}-{THRESHOLDS[0] * 1000:g}mm.yaml",
        "--json"))["analyses"][0]
    limit = analysis["load_factor"]
    lower_end = analysis["nonassociative"]["load_factor"]
    case.compare(f"moreau limit's associative collapse tilt, {name} (deg)", associative, limit,
                 LIMIT_TOLERANCE, BOUND_SOURCE + ", by validation/block_limit_analysis.py",
                 relative=False)
    frictionless_head = degrees(block_limit_analysis.associative_load_factor(
        blocks, 0.0, friction, head_joint_friction=0.0)[0])
    mechanism = block_limit_analysis.mechanism_loads(blocks, 0.0, friction,
                                                     mirrored_velocities(runs[1]))
    lowest, highest = degrees(mechanism.lowest), degrees(mechanism.highest)
    start = onset(tilts)
    case.compare(f"collapse tilt against the load of its mechanism, {name} (deg)", lowest,
                 start, TOLERANCE, MECHANISM_SOURCE, relative=False)
    case.compare(f"collapse tilt past the associative bound, {name} (deg)", 0.0,
                 max(start - associative, 0.0), 0.0, BOUND_SOURCE, relative=False)
    case.compare(f"moreau limit's lower end past the load of moreau's mechanism, {name} (deg)",
                 0.0, max(lower_end - lowest, 0.0), LIMIT_TOLERANCE, MECHANISM_SOURCE,
                 relative=False)
    description = (runs[1].summary["collapse"] or {}).get("mechanism", {}).get(
        "description", "no collapse")
    case.note(f"{name} ({len(blocks)} blocks, mu = {friction}): moreau's collapse fires at "
              f"{tilts[0]:.3f} deg (1 mm) and {tilts[1]:.3f} deg (0.1 mm), onset "
              f"{start:.3f} deg. Its mechanism at 0.1 mm ({mechanism.opening} points opening, "
              f"{mechanism.slipping} slipping; most closing rate "
              f"{mechanism.most_closing:.1e} of the largest) has consistent forces from "
              f"{lowest:.3f} to {highest:.3f} deg. Associative bound {associative:.3f} deg; "
              f"with frictionless head joints {frictionless_head:.3f} deg. moreau limit's "
              f"lower end (its iteration, not proven the least) {lower_end:.4f} deg. "
              f"Mechanism: {description}.")
    return name, tilts, start, lowest, highest, associative, frictionless_head


def check_ensemble(case, wall):
    """ENSEMBLE_COPIES copies of `wall` with imperfections, each run as the perfect one but
    detected at ENSEMBLE_THRESHOLD: their collapse tilts, and where they fall in the perfect
    wall's range of limit analysis (moreau ensemble --limit)."""
    name = wall[0].replace(" ", "-")
    path = case.work / f"{name}-ensemble.yaml"
    path.write_text(json.dumps(problem(wall, ENSEMBLE_THRESHOLD, vtk=False), indent=1))
    out = case.work / f"{name}-ensemble"
    case.moreau_output("ensemble", path, "--runs", ENSEMBLE_COPIES, "--imperfections",
                       IMPERFECTIONS, "--limit", "--out", out, "--quiet")
    study = json.loads((out / "ensemble.json").read_text())
    case.compare(f"copies of the {wall[0]} wall that collapsed under the tilt", ENSEMBLE_COPIES,
                 study["collapsed"], 0.0, ENSEMBLE_SOURCE, relative=False)
    load, limit = study["load_factor"], study["limit"]
    found = study["mechanisms"]
    kinds = "; ".join(f"{kind['runs']} x {kind['kind']}" for kind in found[:3])
    if len(found) > 3:
        kinds += f"; and {len(found) - 3} more kinds"
    case.note(f"{wall[0]}, {study['runs']} copies with imperfections ({IMPERFECTIONS}; "
              f"moreau ensemble), detected at {ENSEMBLE_THRESHOLD * 100:g} cm: "
              f"{study['collapsed']} collapsed under the tilt, from {load['least']:.3f} to "
              f"{load['largest']:.3f} deg (5th percentile {load['percentile_5']:.3f}, median "
              f"{load['median']:.3f}, 95th percentile {load['percentile_95']:.3f}); "
              f"{limit['copies_below']} below the perfect wall's lower end "
              f"({limit['lower']:.3f} deg), {limit['copies_within']} within its range, "
              f"{limit['copies_above']} above its upper end ({limit['upper']:.3f} deg); "
              f"{study['runs_not_converged']} with steps not converged. The most frequent "
              f"mechanisms: {kinds}.{first_motions_and_onsets_text(study)}")
    copies = [float(row["tilt_angle_deg"]) for row in csv.DictReader(
        (out / "ensemble.csv").open())
        if row["collapsed"] == "1" and float(row["collapse_time"]) > START]
    return copies


def first_motions_and_onsets_text(study):
    """Where the copies started to move (each measured from where it stood, once settled), and
    where their collapses began (the last step each stood before it)."""
    limit = study["limit"]
    text = ""
    for key, count, what, none in (
            ("first_motion", "moved", "Their first motions", "No copy had a first motion."),
            ("onset", "stood_before_collapse", "The onsets of their collapses",
             "No copy stood before its collapse.")):
        if key not in study:
            text += " " + none
            continue
        spread = study[key]
        text += (f" {what}, {study[count]} copies: from {spread['least']:.3f} to "
                 f"{spread['largest']:.3f} deg (median {spread['median']:.3f}); "
                 f"{limit[key + 's_below']} below the perfect wall's lower end, "
                 f"{limit[key + 's_within']} within its range, "
                 f"{limit[key + 's_above']} above it.")
    return text


def check(case):
    walls = WALLS_FAST if case.fast else WALLS
    rows = [check_wall(case, wall) for wall in walls]
    copies = None if case.fast else check_ensemble(case, walls[0])
    plot(case, rows, copies)


def plot(case, rows, copies):
    """Per wall, on a tilt axis: the range over which moreau's mechanism has consistent
    forces, the associative bound, the frictionless-head-joint load and moreau's tilts; under
    the first wall, its copies' collapse tilts, where they were run."""
    figure, axes = plt.subplots(figsize=(9, 1.2 + 0.7 * len(rows)))
    for y, (name, tilts, start, lowest, highest, associative, frictionless_head) in \
            enumerate(rows):
        label = y == 0
        axes.plot([lowest, highest], [y, y], color="C0", linewidth=6, alpha=0.5,
                  label="its mechanism has consistent forces" if label else None)
        axes.plot(associative, y, "k|", markersize=18, markeredgewidth=2,
                  label="associative bound" if label else None)
        axes.plot(frictionless_head, y, "s", color="C2", fillstyle="none",
                  label="frictionless head joints" if label else None)
        axes.plot(tilts, [y, y], "x", color="C3",
                  label="moreau, 1 mm and 0.1 mm detections" if label else None)
        axes.plot(start, y, "o", color="C3", label="moreau's onset" if label else None)
        if label and copies:
            axes.plot(copies, np.full(len(copies), y + 0.3), "|", color="C4", alpha=0.6,
                      label=f"{len(copies)} copies with imperfections "
                            f"({ENSEMBLE_THRESHOLD * 100:g} cm)")
    axes.set_yticks(range(len(rows)), [row[0] for row in rows])
    axes.set_ylim(-0.7, len(rows) - 0.3)
    axes.invert_yaxis()
    axes.set_xlabel("tilt (deg)")
    axes.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    figure.tight_layout()
    figure.savefig(case.figure("wall-opening-tilting-table.png",
                               "Running-bond walls with openings tilted at 1 deg/s until "
                               "collapse (planar): moreau's collapse against the limit "
                               "analysis of the same blocks"), dpi=110)
    plt.close(figure)
