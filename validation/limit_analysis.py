"""Lower-bound limit analysis of a planar arch of rigid voussoirs, the reference of the arch
validation cases (arch-minimum-thickness, arch-tilting-table).

The model is Heyman's (1966, "The stone skeleton", Int. J. Solids Struct. 2:249-279; 1969,
"The safety of masonry arches", Int. J. Mech. Sci. 11:363-385): rigid voussoirs, joints that
carry no tension, infinite compressive strength, no sliding (infinite friction). Two theorems
make it a linear program:

- safe (lower-bound) theorem: the arch stands if a system of joint forces exists that is in
  equilibrium with the loads and whose resultant passes inside every joint (a line of thrust
  inside the masonry);
- uniqueness: the largest load (or the smallest thickness) for which such a system exists is
  the collapse load (thickness); the joints where the line of thrust then touches the
  intrados or the extrados are the hinges of the mechanism.

Statics. The arch is a chain of m voussoirs between a left and a right support, cut by m + 1
joints (joint 0 and joint m are the supports). The force that the piece left of joint j
exerts on the piece right of it is written F_j = (a_j + b_j) n_j + s_j tau_j: a_j >= 0 and
b_j >= 0 are compressive normal forces at the joint's intrados and extrados corners, s_j a
tangential force, n_j the joint's unit normal pointing to the right piece and tau_j its unit
vector from intrados to extrados. A resultant of compressive force lies inside the joint
exactly when it is such a pair of non-negative corner forces, so "the line of thrust passes
inside every joint" is the sign condition a, b >= 0: with the three equilibrium equations of
every voussoir (its weight W_i and a horizontal body force lambda W_i at its centroid) the
3 (m + 1) unknowns leave 3 free, the three components of the left support's reaction of the
usual thrust-line construction. scipy.optimize.linprog (HiGHS) decides feasibility, or
maximises lambda.

The geometry is moreau's arch generator's (src/io/arch_generator.cpp): radial joints at
equal angles, each voussoir the quadrilateral of its four corners (intrados and extrados
chords), so that the analysis and the simulation have the same blocks.

Dynamics near the limit. The validation cases detect collapse in a simulation by the
displacement of a voussoir; a load just past the limit makes a mechanism that accelerates
from rest only slowly. mechanism_peak_acceleration gives that initial acceleration (the
rigid-block mechanism through the hinges of the limit state, M q'' = Q from rest), from
which the cases bound how far past the limit the detection fires.
"""
import math
from dataclasses import dataclass

import numpy as np
from scipy.linalg import null_space
from scipy.optimize import linprog

# A joint corner whose share of the joint's normal force is below this fraction carries none:
# the line of thrust touches the other corner (a hinge). The limit states are exact to the
# linear program's feasibility tolerance (HiGHS: 1e-7 of the arch's weight), so a true hinge
# carries ~1e-7 of the force; a joint that is not one carries a finite share (for the arches
# of 15 to 20 voussoirs of the cases, more than 1e-2).
HINGE_SHARE = 1e-6


@dataclass(frozen=True)
class Arch:
    """A planar arch: joints from the left support to the right one and the voussoirs between.

    intrados, extrados: (m + 1, 2) arrays of the joints' corners (x, z), m
    areas: (m,) voussoir areas, m^2 (the weight is proportional: uniform density)
    centroids: (m, 2) voussoir centroids, m
    polar_moments: (m,) second moments of area about the centroids, m^4 (rotational inertia
        per unit density and depth)
    """
    intrados: np.ndarray
    extrados: np.ndarray
    areas: np.ndarray
    centroids: np.ndarray
    polar_moments: np.ndarray

    @property
    def voussoirs(self):
        return len(self.areas)

    def joint_frames(self):
        """(tau, n) per joint: tau from intrados to extrados, n = tau turned clockwise in the
        x-z plane, which points from the left piece to the right one."""
        tau = self.extrados - self.intrados
        tau /= np.linalg.norm(tau, axis=1)[:, None]
        normal = np.column_stack([tau[:, 1], -tau[:, 0]])
        return tau, normal


def polygon_properties(corners):
    """Area, centroid and polar second moment about the centroid of a counter-clockwise
    polygon (the shoelace formulas)."""
    x, z = corners[:, 0], corners[:, 1]
    x_next, z_next = np.roll(x, -1), np.roll(z, -1)
    cross = x * z_next - x_next * z
    area = cross.sum() / 2
    centroid = np.array([((x + x_next) * cross).sum(), ((z + z_next) * cross).sum()]) / (6 * area)
    polar_about_origin = (cross * (x * x + x * x_next + x_next * x_next
                                   + z * z + z * z_next + z_next * z_next)).sum() / 12
    return area, centroid, polar_about_origin - area * centroid @ centroid


def semicircular_arch(intrados_radius, thickness, voussoirs, fixed_end_voussoirs=False):
    """moreau's semicircular arch (generator `arch`, form semicircular): joint i at the angle
    pi (n - i) / n from +x, i = 0..n. With fixed_end_voussoirs (the generator's
    `fixed_springings: true, abutments: false`) the first and last voussoirs are supports:
    the free arch runs from joint 1 to joint n - 1."""
    angles = math.pi * (voussoirs - np.arange(voussoirs + 1)) / voussoirs
    directions = np.column_stack([np.cos(angles), np.sin(angles)])
    intrados = intrados_radius * directions
    extrados = (intrados_radius + thickness) * directions
    if fixed_end_voussoirs:
        intrados, extrados = intrados[1:-1], extrados[1:-1]
    properties = [polygon_properties(np.array([intrados[i + 1], extrados[i + 1],
                                               extrados[i], intrados[i]]))
                  for i in range(len(intrados) - 1)]
    areas, centroids, polar_moments = (np.array(column) for column in zip(*properties))
    return Arch(intrados, extrados, areas, centroids, polar_moments)


def cross(p, f):
    """p x f in the x-z plane, counter-clockwise positive: the moment of f applied at p."""
    return p[0] * f[1] - p[1] * f[0]


def equilibrium_rows(arch):
    """(A, weight, lateral): the equilibrium of every voussoir, A x + lambda lateral = weight,
    with x = (a_0, b_0, s_0, a_1, ...) and forces scaled by the arch's weight. Rows 3i, 3i+1,
    3i+2: forces along x and z and the moment about the centroid of voussoir i. The lateral
    body force points to -x: moreau's tilting table, whose gravity leans towards -x."""
    m = arch.voussoirs
    tau, normal = arch.joint_frames()
    weights = arch.areas / arch.areas.sum()
    A = np.zeros((3 * m, 3 * (m + 1)))
    for i in range(m):
        centroid = arch.centroids[i]
        # voussoir i is right of joint i (sign +1) and left of joint i + 1 (sign -1)
        for joint, sign in ((i, 1.0), (i + 1, -1.0)):
            corners = (arch.intrados[joint], arch.extrados[joint], arch.intrados[joint])
            directions = (normal[joint], normal[joint], tau[joint])
            for k, (point, direction) in enumerate(zip(corners, directions)):
                column = 3 * joint + k
                A[3 * i:3 * i + 2, column] = sign * direction
                A[3 * i + 2, column] = sign * cross(point - centroid, direction)
    weight = np.zeros(3 * m)
    weight[1::3] = weights  # A x balances the weight (0, -W_i): A x = (0, +W_i)
    lateral = np.zeros(3 * m)
    lateral[0::3] = -weights
    return A, weight, lateral


def bounds(m):
    """Variable bounds: corner forces >= 0 (no tension); the tangential force free (no
    sliding: infinite friction)."""
    return [(0, None), (0, None), (None, None)] * (m + 1)


@dataclass(frozen=True)
class ThrustState:
    """An admissible set of joint forces: per joint, the intrados and extrados corner forces
    and the tangential force (shares of the arch's weight)."""
    intrados_force: np.ndarray
    extrados_force: np.ndarray
    tangential_force: np.ndarray

    def hinges(self):
        """[(joint, "intrados" | "extrados")]: the joints whose thrust passes through a corner."""
        normal = self.intrados_force + self.extrados_force
        found = []
        for j, total in enumerate(normal):
            if self.intrados_force[j] < HINGE_SHARE * total:
                found.append((j, "extrados"))
            elif self.extrados_force[j] < HINGE_SHARE * total:
                found.append((j, "intrados"))
        return found

    def friction_demand(self):
        """max_j |s_j| / N_j: the friction coefficient this thrust needs to exclude sliding
        (the model has none; a run with less friction than this may slide first)."""
        return float(np.max(np.abs(self.tangential_force)
                            / (self.intrados_force + self.extrados_force)))


def thrust_state(x):
    return ThrustState(x[0::3].copy(), x[1::3].copy(), x[2::3].copy())


def admissible_thrust(arch, lateral_factor=0.0):
    """A ThrustState in equilibrium with the weight and lateral_factor times it horizontally,
    inside every joint; None if there is none: the arch cannot stand (safe theorem)."""
    A, weight, lateral = equilibrium_rows(arch)
    result = linprog(np.zeros(A.shape[1]), A_eq=A, b_eq=weight - lateral_factor * lateral,
                     bounds=bounds(arch.voussoirs), method="highs")
    return thrust_state(result.x) if result.status == 0 else None


def collapse_lateral_factor(arch):
    """(lambda_c, state): the largest horizontal body-force factor (towards -x) for which an
    admissible thrust exists, and that limit state (unique: the collapse state)."""
    A, weight, lateral = equilibrium_rows(arch)
    m = arch.voussoirs
    objective = np.zeros(A.shape[1] + 1)
    objective[-1] = -1.0  # maximise lambda
    result = linprog(objective, A_eq=np.column_stack([A, lateral]), b_eq=weight,
                     bounds=bounds(m) + [(None, None)], method="highs")
    if result.status != 0:
        raise ValueError(f"no admissible thrust at any lateral load: {result.message}")
    return result.x[-1], thrust_state(result.x[:-1])


def minimum_thickness(intrados_radius, voussoirs, fixed_end_voussoirs=False,
                      relative_resolution=1e-9):
    """The smallest radial thickness for which the arch stands under self-weight, by
    bisection on the thickness (the admissible set shrinks to one thrust line at the limit).
    Returns (thickness, limit state at the upper end of the bracket)."""
    def stands(thickness):
        arch = semicircular_arch(intrados_radius, thickness, voussoirs, fixed_end_voussoirs)
        return admissible_thrust(arch)

    low, high = 1e-3 * intrados_radius, intrados_radius
    if stands(low) is not None or stands(high) is None:
        raise ValueError("the bracket [1e-3 R, R] does not contain the minimum thickness")
    while high - low > relative_resolution * high:
        middle = 0.5 * (low + high)
        if stands(middle) is None:
            low = middle
        else:
            high = middle
    return high, stands(high)


def centreline_ratio(intrados_radius, thickness):
    """t / R with R the centreline radius, the ratio of Heyman's and Milankovitch's tables."""
    return thickness / (intrados_radius + thickness / 2)


def thickness_from_ratio(intrados_radius, ratio):
    """The radial thickness whose centreline ratio t / (R_i + t/2) is `ratio`."""
    return ratio * intrados_radius / (1 - ratio / 2)


def point_velocity_rows(arch, body, point):
    """The 2 x 3m map from the voussoirs' (v_x, v_z, omega) to the velocity of `point` moving
    with voussoir `body` (omega counter-clockwise in the x-z plane); zero rows for a support
    (body -1 or m)."""
    rows = np.zeros((2, 3 * arch.voussoirs))
    if 0 <= body < arch.voussoirs:
        arm = point - arch.centroids[body]
        rows[:, 3 * body:3 * body + 2] = np.eye(2)
        rows[:, 3 * body + 2] = (-arm[1], arm[0])
    return rows


def mechanism_modes(arch, hinges):
    """The velocity modes (3m x k) of the voussoirs when the joints listed in `hinges` turn
    about their corners and every other joint (supports included) is locked."""
    hinge_corner = dict(hinges)
    constraints = []
    for joint in range(arch.voussoirs + 1):
        corners = ({"intrados": arch.intrados[joint], "extrados": arch.extrados[joint]}
                   [hinge_corner[joint]],) if joint in hinge_corner else (
            arch.intrados[joint], arch.extrados[joint])
        for point in corners:
            constraints.append(point_velocity_rows(arch, joint - 1, point)
                               - point_velocity_rows(arch, joint, point))
    return null_space(np.vstack(constraints))


def mechanism_peak_acceleration(arch, hinges, gravity):
    """The largest initial acceleration (m/s^2) of a voussoir's centre when the arch starts
    from rest as the mechanism with these hinges under the body-force field `gravity`
    ((g_x, g_z), m/s^2): Lagrange's equations from rest, M q'' = Q, with M = Phi^T M_b Phi and
    Q = Phi^T f over the mechanism's modes Phi (velocity terms vanish at rest). Assumes the
    hinges stay the limit state's; a negative power Q . q'' would mean the mechanism is not
    driven (the arch stands), reported as 0."""
    modes = mechanism_modes(arch, hinges)
    masses = np.repeat(arch.areas, 3)
    masses[2::3] = arch.polar_moments
    forces = np.zeros(3 * arch.voussoirs)
    forces[0::3] = arch.areas * gravity[0]
    forces[1::3] = arch.areas * gravity[1]
    generalized_force = modes.T @ forces
    accelerations = np.linalg.solve(modes.T @ (masses[:, None] * modes), generalized_force)
    if generalized_force @ accelerations <= 0:
        return 0.0
    body_accelerations = modes @ accelerations
    return float(np.max(np.hypot(body_accelerations[0::3], body_accelerations[1::3])))
