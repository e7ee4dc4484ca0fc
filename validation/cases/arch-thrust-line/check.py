"""The thrust line of the bundled arches: the centres of pressure that moreau reports at the
joints (output: {interfaces: true}, interfaces.csv) against the statics of the voussoirs:
the springings' reactions, the constant horizontal thrust, the vertical force at each joint
and the moment equilibrium of each voussoir about its centroid (reference.md)."""
import csv
import re

import matplotlib
from scipy.optimize import linprog

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

import limit_analysis  # noqa: E402  (validation/, on the driver's path)

TITLE = "Thrust line of an arch"
BUNDLED = ("problems/arch-2d.yaml", "problems/arch.yaml")
G = 9.81  # the bundled files' gravity, the default
DURATION_FAST, DURATION_FULL = 0.1, 1.0  # s of the runs: the joints carry their load from step 1
STATICS = "statics of rigid voussoirs at rest (Heyman 1966, The stone skeleton, §3)"
LIMIT_ANALYSIS = ("safe theorem: every admissible thrust of the same voussoirs lies in "
                  "[H_min, H_max] (Heyman 1969 Int. J. Mech. Sci. 11:363; "
                  "validation/limit_analysis.py)")
# Relative tolerance of the forces: the runs' solver tolerance (1e-8, natural-map error of
# the impulses) and the voussoirs' residual motion, m dv / h per step, which the case
# measures (reference.md); 1e-4 holds both with a margin of 10 or more.
FORCE_TOLERANCE = 1e-4
# Moment residual of a voussoir over its weight times the ring's thickness: the same sources.
MOMENT_TOLERANCE = 1e-4


def bundled_setting(text, path, key):
    """The number after `key:` in the bundled file (its single occurrence), read as text so
    that the case needs no YAML library."""
    found = re.findall(rf"\b{key}:\s*([^,}}\s]+)", text)
    if len(found) != 1:
        raise ValueError(f"{path}: expected one '{key}:', found {len(found)}")
    return float(found[0])


def read_interfaces(folder):
    """The rows of interfaces.csv at its last recorded step."""
    with open(folder / "interfaces.csv", newline="") as stream:
        rows = list(csv.DictReader(stream))
    last = max(int(row["step"]) for row in rows)
    return [row for row in rows if int(row["step"]) == last]


def arch_position(name, voussoirs):
    """The place of an arch body in the chain: voussoir i at i, the left abutment at -1 and
    the right one at voussoirs; None for another body (the ground)."""
    found = re.fullmatch(r"arch/(voussoir|abutment)(\d+)", name)
    if not found:
        return None
    index = int(found.group(2))
    if found.group(1) == "voussoir":
        return index
    return -1 if index == 0 else voussoirs


def joints(rows, voussoirs):
    """Per joint j = 0..voussoirs (j between the chain's places j - 1 and j, 0 and voussoirs
    the springings): the force that the left piece exerts on the right one (x, z), N, and
    the centre of pressure (x, z), m."""
    found = {}
    for row in rows:
        a, b = (arch_position(row[key], voussoirs) for key in ("body_a", "body_b"))
        if a is None or b is None or abs(a - b) != 1:
            continue
        force_on_a = float(row["normal_force"]) * np.array(
            [float(row["normal_x"]), float(row["normal_z"])]) + np.array(
            [float(row["shear_x"]), float(row["shear_z"])])
        right_is_a = a > b
        found[max(a, b)] = (force_on_a if right_is_a else -force_on_a,
                            np.array([float(row["centre_x"]), float(row["centre_z"])]),
                            float(row["eccentricity_ratio"]), row["in_kernel"] == "1")
    missing = sorted(set(range(voussoirs + 1)) - set(found))
    if missing:
        raise ValueError(f"interfaces.csv has no row for joints {missing}")
    return [found[j] for j in range(voussoirs + 1)]


def check_bundled(case, relative_path):
    path = case.folder.parents[2] / relative_path
    text = path.read_text()
    setting = {key: bundled_setting(text, relative_path, key)
               for key in ("span", "thickness", "voussoirs", "springing_height", "density")}
    dimension = int(bundled_setting(text, relative_path, "dimension"))
    depth = bundled_setting(text, relative_path, "depth") if dimension == 3 else 1.0
    if "interfaces: true" not in text:
        raise ValueError(f"{relative_path}: output has no 'interfaces: true'")
    voussoirs = int(setting["voussoirs"])
    arch = limit_analysis.semicircular_arch(setting["span"] / 2, setting["thickness"], voussoirs)
    lift = np.array([0.0, setting["springing_height"]])
    weights = arch.areas * setting["density"] * G * depth
    weight = weights.sum()
    duration = DURATION_FAST if case.fast else DURATION_FULL
    run = case.run(path, name=f"arch-{dimension}d", arguments=("--duration", str(duration)))
    result = joints(read_interfaces(run.folder), voussoirs)
    forces = np.array([force for force, _, _, _ in result])
    centres = np.array([centre for _, centre, _, _ in result])
    label = f"{dimension}D, {relative_path}"
    centroids = arch.centroids + lift
    # Moment equilibrium of the whole arch about the left springing's centre of pressure c_0:
    # (c_n - c_0) x R + (g - c_0) x (0, -W) = 0 for the right springing's reaction R = -F_n
    # and the arch's centre of gravity g, solved for R_z given R_x.
    reaction = -forces[-1]
    span_vector = centres[-1] - centres[0]
    gravity_centre = weights @ centroids / weight
    moment_reaction_z = ((gravity_centre[0] - centres[0, 0]) * weight
                         + span_vector[1] * reaction[0]) / span_vector[0]
    case.compare(f"{label}: right springing's vertical reaction / weight",
                 moment_reaction_z / weight, reaction[1] / weight, FORCE_TOLERANCE, STATICS,
                 relative=False)
    # Vertical equilibrium of the piece left of joint j: V_j = V_0 - (weight left of j).
    vertical = forces[0, 1] - np.concatenate([[0.0], np.cumsum(weights)])
    worst = np.argmax(np.abs(forces[:, 1] - vertical))
    case.compare(f"{label}: vertical force at joint {worst} (worst) / weight",
                 vertical[worst] / weight, forces[worst, 1] / weight, FORCE_TOLERANCE, STATICS,
                 relative=False)
    thrust = forces[0, 0]
    worst = np.argmax(np.abs(forces[:, 0] - thrust))
    case.compare(f"{label}: horizontal thrust at joint {worst} (worst) / at the left springing",
                 1.0, forces[worst, 0] / thrust, FORCE_TOLERANCE, STATICS)
    low, high = thrust_range(arch)
    # The measured thrust is as accurate as the forces: a ring that has spread to the
    # minimum-thrust state (hinges at the intrados and extrados) sits on H_min up to that.
    case.compare(f"{label}: horizontal thrust / weight, in [H_min, H_max] = "
                 f"[{low:.4f}, {high:.4f}]", 0.5 * (low + high), thrust / weight,
                 0.5 * (high - low) + FORCE_TOLERANCE * abs(thrust / weight), LIMIT_ANALYSIS,
                 relative=False)
    # Moment about the centroid g_i of voussoir i: F_i at c_i and -F_i+1 at c_i+1.
    moments = [limit_analysis.cross(centres[i] - centroids[i], forces[i])
               - limit_analysis.cross(centres[i + 1] - centroids[i], forces[i + 1])
               for i in range(voussoirs)]
    residual = np.abs(moments) / (weights * setting["thickness"])
    worst = int(np.argmax(residual))
    case.compare(f"{label}: moment about voussoir {worst}'s centroid (worst) / (its weight x "
                 "thickness)", 0.0, residual[worst], MOMENT_TOLERANCE, STATICS, relative=False)
    in_kernel = sum(1 for _, _, _, flag in result if flag)
    case.note(f"{label}: {voussoirs} voussoirs, t/R = {2 * setting['thickness'] / setting['span']:.3f}, "
              f"{duration:g} s run; horizontal thrust H = {thrust:.1f} N = "
              f"{thrust / weight:.4f} W (W = {weight:.1f} N), {(thrust / weight - low) / (high - low):.0%} of the "
              f"way from the minimum thrust {low:.4f} W to the maximum {high:.4f} W: the ring "
              "has spread a little as it took its weight, towards the minimum-thrust state. "
              f"The springings carry {forces[0, 1] / weight:.4f} W and {reaction[1] / weight:.4f} W: "
              "the rigid arch is statically indeterminate, and the solver's sweep picks one "
              "admissible, not exactly symmetric, set of joint forces. The centre of pressure is "
              f"in the middle third of {in_kernel} of the {voussoirs + 1} joints (largest "
              f"eccentricity ratio {max(ratio for _, _, ratio, _ in result):.2f}, 3 at a hinge).")
    return arch, lift, result


def thrust_range(arch):
    """(H_min, H_max) / W: the least and largest horizontal thrust of an admissible line of
    thrust (in equilibrium, inside every joint) of the voussoirs, by limit_analysis' linear
    program. At the left springing (a horizontal joint) the thrust is -s_0, the tangential
    force along tau_0 = -x."""
    A, weight, _ = limit_analysis.equilibrium_rows(arch)
    extremes = []
    for sign in (1.0, -1.0):
        objective = np.zeros(A.shape[1])
        objective[2] = -sign  # minimise sign * H = -sign * s_0
        found = linprog(objective, A_eq=A, b_eq=weight, bounds=limit_analysis.bounds(arch.voussoirs),
                        method="highs")
        if found.status != 0:
            raise ValueError(f"limit analysis: {found.message}")
        extremes.append(-found.x[2])
    return tuple(extremes)


def check(case):
    plotted = [check_bundled(case, relative_path) for relative_path in BUNDLED]
    plot(case, plotted[0], BUNDLED[0])


def plot(case, plotted, relative_path):
    arch, lift, result = plotted
    figure, axes = plt.subplots(figsize=(7, 4.2))
    intrados, extrados = arch.intrados + lift, arch.extrados + lift
    for inner, outer in zip(intrados, extrados):
        axes.plot([inner[0], outer[0]], [inner[1], outer[1]], color="0.6", linewidth=0.7)
    axes.plot(intrados[:, 0], intrados[:, 1], color="0.3", linewidth=1.0)
    axes.plot(extrados[:, 0], extrados[:, 1], color="0.3", linewidth=1.0, label="voussoirs")
    for fraction in (1 / 3, 2 / 3):
        third = intrados + fraction * (extrados - intrados)
        axes.plot(third[:, 0], third[:, 1], ":", color="0.5", linewidth=0.8,
                  label="middle third (central kernel)" if fraction < 0.5 else None)
    centres = np.array([centre for _, centre, _, _ in result])
    axes.plot(centres[:, 0], centres[:, 1], "-", color="C3", linewidth=1.2,
              label="thrust line (centres of pressure)")
    inside = np.array([flag for _, _, _, flag in result])
    axes.plot(centres[inside, 0], centres[inside, 1], "o", color="C3", markersize=4,
              label="in the kernel")
    if (~inside).any():
        axes.plot(centres[~inside, 0], centres[~inside, 1], "o", markerfacecolor="white",
                  color="C3", markersize=5, label="outside the kernel")
    axes.set_aspect("equal")
    axes.set_xlabel("x (m)")
    axes.set_ylabel("z (m)")
    axes.legend(loc="lower center", fontsize=8, ncol=2)
    figure.tight_layout()
    figure.savefig(case.figure("arch-thrust-line.png",
                               f"The thrust line of {relative_path} under self-weight: the "
                               "centres of pressure moreau reports at the joints, with the "
                               "middle third of the ring"), dpi=110)
    plt.close(figure)
