"""Limit analysis of planar assemblies of rigid rectangular blocks with Coulomb friction: the
references of the wall with an opening on a tilting table (case
wall-opening-tilting-table).

Model. Rigid blocks of uniform density in the x-z plane, on a fixed ground (z <= ground_z),
under their weight W_b (down) and a horizontal live load lambda W_b (+x) at their centroids:
what a table tilted by atan(lambda) applies in its own frame. Each interface (two faces in
contact) is represented by its two end points p, each with a compressive normal force
c_p >= 0 and a tangential force t_p on the block on the normal's side (the other block gets
the opposite), and Coulomb's cone |t_p| <= mu c_p (Livesley 1978, "Limit analysis of
structures formed from rigid blocks", Int. J. Numer. Meth. Eng. 12:1853-1871). Forces are in
units of the assembly's weight.

Three analyses:

- associative_load_factor: the largest lambda for which the forces can be in equilibrium
  inside the cones (a linear program). With Coulomb's cone read as an associative yield
  surface, this is the collapse load (Livesley 1978); with real, non-associative friction
  (sliding without dilatancy) it is only an upper bound of the load at which a mechanism
  can form (Drucker 1954, "Coulomb friction, plasticity, and limit loads", J. Appl. Mech.
  21:71-74), and equal to it when no interface slides in the mechanism (infinite friction:
  the no-sliding analysis of Heyman's arches, validation/limit_analysis.py). With
  head_joint_friction = 0 the vertical interfaces carry no shear: the least frictional
  resistance of the head joints (their normal force is zero under gravity alone).
- nonassociative_load_factor: the smallest lambda at which a mechanism with consistent
  forces exists under non-associative friction, the mathematical program with
  complementarity constraints of Ferris & Tin-Loi (2001, "Limit analysis of frictional block
  assemblies as a mathematical program with complementarity constraints", Int. J. Mech.
  Sci. 43:209-224; the same problem as Fishwick's 1996 PhD thesis and
  Gilbert, Casapulla & Ahmed 2006, "Limit analysis of masonry block structures with
  non-associative frictional joints using linear programming", Comput. Struct.
  84:873-887). Its unknowns are the forces (c, t), lambda and the blocks' velocities
  u = (v_x, v_z, omega) per block; per point the opening rate d_p and the slip rate s_p of
  the block on the normal's side relative to the other, which compatibility makes the
  transpose of equilibrium (d = A_c^T u, s = A_t^T u: virtual work). Constraints:

      equilibrium            A_c c + A_t t + lambda L = W
      Coulomb's cone         |t_p| <= mu c_p
      no interpenetration    d_p >= 0
      no tension, no gap     c_p d_p = 0
      flow rule              s_p = s+_p - s-_p, s+_p, s-_p >= 0,
                             s+_p (t_p + mu c_p) = 0, s-_p (mu c_p - t_p) = 0
                             (slip only where the force is on the cone's edge, and opposes
                             it; no dilatancy: the opening rate stays d_p, free of s_p)
      a mechanism            sum_p (d_p + s+_p + s-_p) = 1
      driven by the load     L . u >= LIVE_WORK

  and lambda is minimised. Ferris & Tin-Loi solve it with nonlinear-programming
  methods, which find local solutions; here it is solved exactly as a mixed-integer linear program,
  every complementarity by a binary and big-M constants (scipy.optimize.milp, HiGHS): per
  point y_p (open), per interface z+, z- (slipping either way, at most one: the two ends of
  a straight interface slip at the same rate, the relative rotation moving them along the
  normal only, so one pair of binaries serves both and halves the search):

      d_p <= y_p                       c_p <= C_p (1 - y_p)
      s+_p <= z+                       t_p + mu c_p <= 2 mu C_p (1 - z+)
      s-_p <= z-                       mu c_p - t_p <= 2 mu C_p (1 - z-)
      z+ + z- <= 1                     (else s+ = s- at a free point would fake a mechanism)

  The rates are bounded by 1 by the normalisation. C_p is the largest c_p over all
  statically admissible force fields with 0 <= lambda <= the associative factor (one LP per
  point): any solution of the complementarity problem has such forces (its lambda cannot
  exceed the associative one), so the big-M constants cut none of them and the MILP's
  optimum is the exact minimum. The solution is checked afterwards: every complementarity
  product below COMPLEMENTARITY_TOLERANCE and the live work above LIVE_WORK (the bound
  that excludes mechanisms the live load does no work on, for which lambda would be
  arbitrary, is not what fixes the optimum).

- mechanism_loads: the same complementarity problem for one given mechanism (its points'
  modes, open, slipping either way or closed, fix every binary of the MILP): two LPs give
  the range of lambda over which that mechanism has consistent forces. Its lowest value is
  the load at which the mechanism becomes possible, an upper bound of the non-associative
  minimum; the case applies it to the mechanism a simulation collapses in.

Cost. The big-M relaxation is weak: its LP bound is 0, a fractional mechanism spreading over
all points (y_p >= d_p small) leaving the forces unconstrained, so the bound comes from
branching alone. HiGHS proves the closed-form cases of known_answers in well under a second
each and a running-bond wall of 5 blocks (2 blocks x 2 courses, 20 points) in 2 s; on 7 and 10
blocks it finds the mechanism but its bound stays at 0 after 60 s, and on walls with an
opening of 24 blocks (100 points) and 55 blocks (256 points) it finds no mechanism in 7 to 10
minutes, at free or at fixed lambda: for those walls the minimum is unknown, and the case
brackets moreau with the associative bound and the load of its own mechanism.

Bonded joints. With a cohesion c and a tensile strength f_t (per metre of interface, in units
of the assembly's weight), each point stands for half its interface's length L and carries
Mohr-Coulomb's strengths C_p = c L / 2 and T_p = f_t L / 2: c_p >= -T_p and
|t_p| <= mu c_p + C_p, a point opening only at c_p = -T_p and slipping only on the shifted
cone's edge (perfectly plastic joints). The big-M rows shift with them:
c_p + T_p <= (C_p + T_p) (1 - y_p), mu c_p + C_p +- t_p <= 2 (mu C_p + C_p) (1 - z+-).

Power balance, the reason for the last constraint: at a solution the external power equals
the dissipation, (W + lambda L) . u = sum_p mu c_p |s_p| >= 0 (normal forces do no work by
c d = 0), so lambda = (dissipation - W . u) / (L . u) when L . u > 0.

Non-uniqueness. Under non-associative friction the minimum is the lowest load at which a
mechanism CAN start; the assembly may also stay at rest up to the associative factor, the
largest load with a statically admissible field (the two bracket the collapse load of a
simulation from rest). Both are computed here.
"""
from dataclasses import dataclass

import numpy as np
from scipy.optimize import Bounds, LinearConstraint, linprog, milp

# The live load's power on the normalised mechanism (sum of the rates = 1) must exceed this:
# mechanisms of the walls of the cases do between 1e-2 and 1 of it, so it excludes only
# those the live load does no work on. The check refuses a solution where it is active.
LIVE_WORK = 1e-4
# A complementarity product (force in units of the assembly's weight times a rate of the
# normalised mechanism) above this fails the check; HiGHS's feasibility tolerance is 1e-7
# on rows of magnitude 1 and the big-M rows scale it by C_p <= ~1.
COMPLEMENTARITY_TOLERANCE = 1e-6


@dataclass(frozen=True)
class Rectangle:
    """An axis-aligned block in the x-z plane, m."""
    x0: float
    x1: float
    z0: float
    z1: float

    @property
    def area(self):
        return (self.x1 - self.x0) * (self.z1 - self.z0)

    @property
    def centroid(self):
        return np.array([(self.x0 + self.x1) / 2, (self.z0 + self.z1) / 2])


def cross(p, f):
    """p x f in the x-z plane, counter-clockwise positive: the moment of f applied at p."""
    return p[0] * f[1] - p[1] * f[0]


def contact_points(blocks, ground_z, tolerance=1e-9):
    """The end points of the interfaces of touching rectangles, as (i, j, normal, point),
    the two ends of each interface one after the other (points 2q and 2q + 1):
    the face of i against the face of j, normal (unit, x-z) pointing from i to j; i = -1 is
    the ground (the half-plane z <= ground_z). Faces touch when they are at the same place
    within tolerance and overlap over more than it."""
    points = []

    def add(i, j, normal, fixed, low, high):
        if high - low > tolerance:
            ends = ((low, fixed), (high, fixed)) if normal[1] else ((fixed, low), (fixed, high))
            points.extend((i, j, np.array(normal, float), np.array(end, float)) for end in ends)

    for j, b in enumerate(blocks):
        if abs(b.z0 - ground_z) < tolerance:
            add(-1, j, (0, 1), ground_z, b.x0, b.x1)
        for i, a in enumerate(blocks):
            if abs(a.z1 - b.z0) < tolerance:  # a under b
                add(i, j, (0, 1), b.z0, max(a.x0, b.x0), min(a.x1, b.x1))
            if abs(a.x1 - b.x0) < tolerance:  # a left of b
                add(i, j, (1, 0), b.x0, max(a.z0, b.z0), min(a.z1, b.z1))
    return points


@dataclass(frozen=True)
class Statics:
    """The equilibrium A f + lambda live = dead of every block (rows 3b, 3b+1, 3b+2: x, z
    force and moment about its centroid), f = (c_1..c_k, t_1..t_k); weights as shares of the
    assembly's. A^T is the compatibility: A^T u = (opening rates, slip rates)."""
    points: list
    A: np.ndarray
    dead: np.ndarray
    live: np.ndarray

    @property
    def count(self):
        return len(self.points)


def statics(blocks, ground_z):
    points = contact_points(blocks, ground_z)
    k = len(points)
    weights = np.array([b.area for b in blocks])
    weights /= weights.sum()
    A = np.zeros((3 * len(blocks), 2 * k))
    for p, (i, j, normal, point) in enumerate(points):
        tangent = np.array([-normal[1], normal[0]])
        for body, sign in ((j, 1.0), (i, -1.0)):  # the force on j, its opposite on i
            if body < 0:
                continue
            arm = point - blocks[body].centroid
            for column, direction in ((p, normal), (k + p, tangent)):
                A[3 * body:3 * body + 2, column] += sign * direction
                A[3 * body + 2, column] += sign * cross(arm, direction)
    dead = np.zeros(3 * len(blocks))
    dead[1::3] = weights  # the weight (0, -W) moved to the right-hand side
    live = np.zeros(3 * len(blocks))
    live[0::3] = weights  # lambda W along +x
    return Statics(points, A, dead, live)


def point_strengths(s, strength):
    """Per point, `strength` (per metre of interface) times the half of its interface's length
    it stands for (points 2q and 2q + 1 end interface q)."""
    ends = [point for _, _, _, point in s.points]
    lengths = [np.linalg.norm(ends[2 * q + 1] - ends[2 * q]) for q in range(s.count // 2)]
    return strength * np.repeat(lengths, 2) / 2


def cone_rows(k, friction, width):
    """|t_p| <= mu_p c_p as rows on the first 2k of `width` unknowns (c then t); friction is
    one mu or one per point."""
    rows = np.zeros((2 * k, width))
    for p, mu in enumerate(np.broadcast_to(friction, k)):
        rows[2 * p, [p, k + p]] = (-mu, 1.0)
        rows[2 * p + 1, [p, k + p]] = (-mu, -1.0)
    return rows


def head_joint_points(s):
    """Which points of the statics lie on vertical interfaces (head joints)."""
    return np.array([abs(normal[0]) > 0.5 for _, _, normal, _ in s.points])


def associative_load_factor(blocks, ground_z, friction, head_joint_friction=None, cohesion=0.0,
                            tensile_strength=0.0):
    """(lambda, c, t): the largest live-load factor with a statically admissible force
    field (equilibrium inside Coulomb's cones, shifted by a bond's strengths: the module
    docstring), by linprog (HiGHS). head_joint_friction, when given, is the friction of the
    vertical interfaces instead of `friction`."""
    s = statics(blocks, ground_z)
    k = s.count
    mu = np.full(k, friction, dtype=float)
    if head_joint_friction is not None:
        mu[head_joint_points(s)] = head_joint_friction
    shear, tension = point_strengths(s, cohesion), point_strengths(s, tensile_strength)
    objective = np.zeros(2 * k + 1)
    objective[-1] = -1.0
    result = linprog(objective, A_ub=cone_rows(k, mu, 2 * k + 1), b_ub=np.repeat(shear, 2),
                     A_eq=np.column_stack([s.A, s.live]), b_eq=s.dead,
                     bounds=[(-tp, None) for tp in tension] + [(None, None)] * k + [(0, None)],
                     method="highs")
    if result.status != 0:
        raise RuntimeError(f"associative load factor: {result.message}")
    return result.x[-1], result.x[:k], result.x[k:2 * k]


def normal_force_bounds(s, friction, largest_factor, shear, tension):
    """C_p: the largest c_p over the statically admissible fields with 0 <= lambda <=
    largest_factor, one LP per point (the big-M constants of the MILP)."""
    k = s.count
    bounds = [(-tp, None) for tp in tension] + [(None, None)] * k + [(0, largest_factor)]
    rows, zeros = cone_rows(k, friction, 2 * k + 1), np.repeat(shear, 2)
    A_eq = np.column_stack([s.A, s.live])
    largest = np.zeros(k)
    for p in range(k):
        objective = np.zeros(2 * k + 1)
        objective[p] = -1.0
        result = linprog(objective, A_ub=rows, b_ub=zeros, A_eq=A_eq, b_eq=s.dead,
                         bounds=bounds, method="highs")
        if result.status != 0:
            raise RuntimeError(f"force bound at point {p}: {result.message} (a self-stress "
                               "state would make the normal forces unbounded)")
        largest[p] = result.x[p]
    return largest


@dataclass(frozen=True)
class Mechanism:
    """The MILP's answer: the minimum lambda, HiGHS's dual bound and relative gap (0 when
    proven optimal), the forces, rates and velocities, and the live load's power."""
    load_factor: float
    dual_bound: float
    gap: float
    optimal: bool
    c: np.ndarray
    t: np.ndarray
    opening: np.ndarray
    slip: np.ndarray
    velocities: np.ndarray  # (blocks, 3): v_x, v_z, omega
    live_work: float
    largest_complementarity: float
    force_bounds: np.ndarray

    def sliding_points(self, threshold=1e-6):
        return np.flatnonzero(np.abs(self.slip) > threshold)

    def opening_points(self, threshold=1e-6):
        return np.flatnonzero(self.opening > threshold)


def nonassociative_load_factor(blocks, ground_z, friction, time_limit=600.0, at=None,
                               cohesion=0.0, tensile_strength=0.0, brittle=False):
    """The minimum live-load factor at which a mechanism with consistent forces exists under
    non-associative Coulomb friction (bonded joints: the module docstring's shifted cones):
    the MILP of the module docstring. With `brittle`, a bonded point that moves (opens or
    slips) has lost its bond: a binary b_p >= y_p, z+-_q says it moves, its strengths are
    C_p (1 - b_p) and T_p (1 - b_p), and it opens at c_p = 0 and slips on the dry cone.
    With `at`, the feasibility problem at that fixed factor instead (no objective: HiGHS only looks for a
    point, much faster than proving a minimum): a mechanism exists at `at` if it returns.
    Raises if no solution was found within time_limit seconds, or if the solution violates
    a complementarity or leans on the live-work bound."""
    s = statics(blocks, ground_z)
    k, n = s.count, s.A.shape[0]
    upper, _, _ = associative_load_factor(blocks, ground_z, friction, cohesion=cohesion,
                                          tensile_strength=tensile_strength)
    shear, tension = point_strengths(s, cohesion), point_strengths(s, tensile_strength)
    force_bounds = normal_force_bounds(s, friction, upper, shear, tension)
    # The strengths of a point that moves.
    moving_shear, moving_tension = (0 * shear, 0 * tension) if brittle else (shear, tension)
    # Unknowns: c (k), t (k), lambda, u (n), d (k), s+ (k), s- (k), y (k), z+ and z- (k/2
    # each: one per interface, points 2q and 2q + 1 being its ends), with `brittle` b (k).
    C, T, LAM = 0, k, 2 * k
    U = 2 * k + 1
    D, SP, SM, Y, ZP = (U + n + m * k for m in range(5))
    ZM = ZP + k // 2
    B = ZM + k // 2
    width = B + (k if brittle else 0)
    rows, lower, upper_rows = [], [], []

    def add(row, low, high):
        rows.append(row)
        lower.append(low)
        upper_rows.append(high)

    for r in range(n):  # equilibrium
        row = np.zeros(width)
        row[C:C + 2 * k] = s.A[r]
        row[LAM] = s.live[r]
        add(row, s.dead[r], s.dead[r])
    for p in range(k):
        for sign in (1.0, -1.0):
            e = np.zeros(width)
            e[[C + p, T + p]] = (-friction, sign)
            if brittle:
                e[B + p] = shear[p]
            add(e, -np.inf, shear[p])  # +-t <= mu c + C (1 - b)
        if brittle:
            e = np.zeros(width)
            e[[C + p, B + p]] = (-1.0, tension[p])
            add(e, -np.inf, tension[p])  # c >= -T (1 - b)
            for binary in (Y + p, ZP + p // 2, ZM + p // 2):
                e = np.zeros(width)
                e[[binary, B + p]] = (1.0, -1.0)
                add(e, -np.inf, 0.0)  # b >= y, z+, z-
        e = np.zeros(width)
        e[U:U + n] = s.A[:, p]
        e[D + p] = -1.0
        add(e, 0.0, 0.0)  # d = A_c^T u
        e = np.zeros(width)
        e[U:U + n] = s.A[:, k + p]
        e[[SP + p, SM + p]] = (-1.0, 1.0)
        add(e, 0.0, 0.0)  # s+ - s- = A_t^T u
        big = force_bounds[p]
        e = np.zeros(width)
        e[[D + p, Y + p]] = (1.0, -1.0)
        add(e, -np.inf, 0.0)  # d <= y
        e = np.zeros(width)
        e[[C + p, Y + p]] = (1.0, big + moving_tension[p])
        add(e, -np.inf, big)  # c + T <= (C + T) (1 - y)
        slack = 2 * (friction * big + shear[p])  # the largest of mu c + C +- t
        for rate, binary, sign in ((SP, ZP, 1.0), (SM, ZM, -1.0)):
            e = np.zeros(width)
            e[[rate + p, binary + p // 2]] = (1.0, -1.0)
            add(e, -np.inf, 0.0)  # s+- <= z+-
            e = np.zeros(width)
            e[[T + p, C + p, binary + p // 2]] = (sign, friction, slack)
            add(e, -np.inf, slack - moving_shear[p])  # mu c + C +- t <= slack (1 - z+-)
    for q in range(k // 2):
        e = np.zeros(width)
        e[[ZP + q, ZM + q]] = 1.0
        add(e, -np.inf, 1.0)
    e = np.zeros(width)
    e[D:D + 3 * k] = 1.0
    add(e, 1.0, 1.0)  # the normalisation
    e = np.zeros(width)
    e[U:U + n] = s.live
    add(e, LIVE_WORK, np.inf)

    low = np.full(width, -np.inf)
    high = np.full(width, np.inf)
    low[C:C + k], high[C:C + k] = -tension, force_bounds
    low[T:T + k] = -(friction * force_bounds + shear)
    high[T:T + k] = friction * force_bounds + shear
    low[LAM], high[LAM] = (0.0, upper) if at is None else (at, at)
    low[D:D + 3 * k], high[D:D + 3 * k] = 0.0, 1.0
    low[Y:], high[Y:] = 0.0, 1.0
    integrality = np.zeros(width)
    integrality[Y:] = 1
    objective = np.zeros(width)
    objective[LAM] = 0.0 if at is not None else 1.0
    result = milp(objective, integrality=integrality, bounds=Bounds(low, high),
                  constraints=LinearConstraint(np.array(rows), lower, upper_rows),
                  options={"time_limit": time_limit, "disp": False})
    if result.x is None:
        raise RuntimeError(f"non-associative load factor: {result.message} (lower bound "
                           f"{result.mip_dual_bound})")
    x = result.x
    c, t = x[C:C + k], x[T:T + k]
    opening, slip_plus, slip_minus = x[D:D + k], x[SP:SP + k], x[SM:SM + k]
    products = np.concatenate([(c + moving_tension) * opening,
                               np.abs(t + friction * c + moving_shear) * slip_plus,
                               np.abs(friction * c + moving_shear - t) * slip_minus])
    live_work = float(s.live @ x[U:U + n])
    if products.max() > COMPLEMENTARITY_TOLERANCE:
        raise RuntimeError(f"complementarity violated by {products.max():.2e}")
    if live_work < 2 * LIVE_WORK:
        raise RuntimeError(f"the live-work bound is active ({live_work:.2e})")
    return Mechanism(float(x[LAM]), float(result.mip_dual_bound), float(result.mip_gap),
                     result.status == 0, c, t, opening, slip_plus - slip_minus,
                     x[U:U + n].reshape(-1, 3), live_work, float(products.max()), force_bounds)


@dataclass(frozen=True)
class MechanismLoads:
    """The live-load factors between which a given mechanism has consistent forces (NaN
    when it has none), and what the mechanism does at the points: how many open and slip,
    its most negative opening rate (interpenetration) as a share of its largest rate, and
    the live load's power on it."""
    lowest: float
    highest: float
    opening: int
    slipping: int
    most_closing: float
    live_power: float


def mechanism_loads(blocks, ground_z, friction, velocities, threshold=1e-2):
    """The range of lambda over which the mechanism of `velocities` ((v_x, v_z, omega) per
    block, omega counter-clockwise in the x-z plane) is a collapse mechanism of
    non-associative Coulomb friction: forces in equilibrium inside the cones, with no normal
    force at a point that opens, and at a point that slips the tangential force on the
    cone's edge, opposing the slip (the complementarity of nonassociative_load_factor with
    its binaries fixed by the mechanism). Rates at most `threshold` times the largest rate
    of the mechanism count as zero: a simulation's velocities at the onset of collapse
    carry round-off and the last step's settling besides the mechanism. Two LPs (HiGHS)."""
    s = statics(blocks, ground_z)
    k = s.count
    u = np.asarray(velocities, float).ravel()
    rates = s.A.T @ u
    rates /= np.abs(rates).max()
    opening, slip = rates[:k], rates[k:]
    is_open, is_slipping = opening > threshold, np.abs(slip) > threshold
    rows = []
    for p in range(k):
        row = np.zeros(2 * k + 1)
        if is_open[p]:
            row[p] = 1.0  # c_p = 0
        elif is_slipping[p]:
            row[[k + p, p]] = (1.0, friction * np.sign(slip[p]))  # t_p = -mu c_p sign(s_p)
        else:
            continue
        rows.append(row)
    A_eq = np.vstack([np.column_stack([s.A, s.live])] + rows)
    b_eq = np.concatenate([s.dead, np.zeros(len(rows))])
    bounds = [(0, None)] * k + [(None, None)] * k + [(0, None)]
    extremes = []
    for sense in (1.0, -1.0):
        objective = np.zeros(2 * k + 1)
        objective[-1] = sense
        result = linprog(objective, A_ub=cone_rows(k, friction, 2 * k + 1),
                         b_ub=np.zeros(2 * k), A_eq=A_eq, b_eq=b_eq, bounds=bounds,
                         method="highs")
        extremes.append(result.x[-1] if result.status == 0 else np.nan)
    return MechanismLoads(float(extremes[0]), float(extremes[1]), int(is_open.sum()),
                          int((is_slipping & ~is_open).sum()), float(min(opening.min(), 0.0)),
                          float(s.live @ u))


def known_answers():
    """[(assembly, mu, lambda expected from statics by hand, MILP, associative LP)] on
    assemblies whose collapse load is known in closed form; run as a script, the module
    asserts that the MILP reproduces them and never exceeds the associative LP:

    - a block b x h on the ground: it slides at mu, overturns about its toe at b/h;
    - two equal blocks stacked: the stack overturns as one at b/(h1 + h2), or slides;
    - the top block of two 0.4 x 0.5 ones offset by 0.1 in the load's direction: it tips
      over the lower block's edge at 0.1/0.25 = 0.4, the stack about its toe first, at the
      moment balance of both weights, 0.15/0.5 = 0.3;
    - two blocks side by side: each tips about its own toe at b/h while the joint between
      them slips with no normal force, so the pair goes at b/h, not at the 2b/h of the
      no-sliding analysis nor at the associative LP's value between the two (the dilatancy
      that associative friction charges on that slip is what the LP's extra load pays)."""
    block = [Rectangle(0, 0.4, 0, 1)]
    stack = [Rectangle(0, 0.4, 0, 0.5), Rectangle(0, 0.4, 0.5, 1.0)]
    offset = [Rectangle(0, 0.4, 0, 0.5), Rectangle(0.1, 0.5, 0.5, 1.0)]
    pair = [Rectangle(0, 0.4, 0, 1), Rectangle(0.4, 0.8, 0, 1)]
    cases = [(block, 0.3, 0.3), (block, 0.8, 0.4), (stack, 0.3, 0.3), (stack, 0.8, 0.4),
             (offset, 0.8, 0.3), (pair, 0.3, 0.3), (pair, 0.8, 0.4), (pair, 1e3, 0.4)]
    return [(blocks, mu, expected, nonassociative_load_factor(blocks, 0.0, mu).load_factor,
             associative_load_factor(blocks, 0.0, mu)[0]) for blocks, mu, expected in cases]


def known_mechanisms():
    """[(mechanism, lambda expected, mechanism_loads)] for mechanisms whose load is known in
    closed form, mu = 0.8: a block 0.4 x 1 tipping about its toe (0.4, 0), which its
    weight holds up to b/h = 0.4, and two such blocks side by side, each tipping about its
    own toe while their joint slips (0.4 when the joint carries nothing, as in
    known_answers). A block turning at omega = -1 about its toe moves its centroid, 0.5
    above and 0.2 behind the toe, at (0.5, 0.2)."""
    tipping = (0.5, 0.2, -1.0)
    block = [Rectangle(0, 0.4, 0, 1)]
    pair = [Rectangle(0, 0.4, 0, 1), Rectangle(0.4, 0.8, 0, 1)]
    return [(name, 0.4, mechanism_loads(blocks, 0.0, 0.8, [tipping] * len(blocks)))
            for name, blocks in (("a block tipping", block), ("a pair tipping", pair))]


if __name__ == "__main__":
    for name, expected, loads in known_mechanisms():
        print(f"{name}: expected {expected:.4f}, lowest load of the mechanism "
              f"{loads.lowest:.6f} (highest {loads.highest:.6f})")
        assert abs(loads.lowest - expected) < 1e-7
    for blocks, mu, expected, found, associative in known_answers():
        print(f"{len(blocks)} blocks, mu = {mu:g}: expected {expected:.4f}, MILP {found:.6f}, "
              f"associative LP {associative:.6f}")
        # HiGHS's feasibility tolerance (1e-7) on the big-M rows: 1e-5 of the weight
        assert abs(found - expected) < 1e-5 and found <= associative + 1e-9
