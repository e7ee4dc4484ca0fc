// Limit analysis of a problem's own scene (docs/limit-analysis.md): the largest multiplier of
// its lateral load for which the contact forces of its rigid blocks can balance the loads
// inside the friction cones, with Coulomb's cone read as an associative yield surface
// (Livesley 1978, "Limit analysis of structures formed from rigid blocks", Int. J. Numer.
// Meth. Eng. 12:1853-1871), a linear program solved by COIN-OR Clp. With real,
// non-associative friction this is the upper end of the loads at which a mechanism can form
// (Drucker 1954, J. Appl. Mech. 21:71-74); the collapse mechanism is the program's dual, the
// blocks' virtual velocities. The lower end, the smallest multiplier at which a mechanism with
// consistent forces exists under friction that slides without dilatancy, is a mathematical
// program with complementarity constraints (Ferris and Tin-Loi 2001, "Limit analysis of
// frictional block assemblies as a mathematical program with complementarity constraints",
// Int. J. Mech. Sci. 43:209-224): found by an iteration of linear programs for any size,
// proven by COIN-OR Cbc as a mixed-integer program where it is small enough. Joints that a
// cohesive law bonds (dynamics/cohesive_joints.hpp) have Mohr-Coulomb's strengths in both,
// as a perfectly plastic joint: the cone shifted by their cohesion and cut at their tensile
// strength.
#pragma once

#include "moreau/dynamics/bond.hpp"
#include "moreau/dynamics/stepper.hpp"
#include "moreau/math/types.hpp"
#include "moreau/model/scene.hpp"
#include "moreau/run/problem.hpp"
#include "moreau/run/statistics.hpp"

#include <string>
#include <vector>

namespace moreau::limit {

/// The loads of limit analysis: each free body's weight m g0 at its centre of mass (dead),
/// and lambda times m |g0| along a horizontal direction (live).
struct LoadPattern {
  /// The problem's load: "tilt" (a tilting table: the live load is the tilt's first-order
  /// change of gravity, and the tilt is atan(lambda), the forces being homogeneous in the
  /// loads), "lateral" (loads.lateral: lambda itself) or "ground motion" (the equivalent
  /// static lateral load of the strongest record, in g, along its peak's direction and the
  /// opposite one).
  std::string kind;
  /// unit, world, orthogonal to the dead load: each analysed alone. Horizontal, but for a
  /// table set at an angle before it tilts, whose tilt's first-order change of gravity is
  /// orthogonal to the gravity it starts from.
  std::vector<math::Vec3> directions;
  /// deg: the tilting table's angle at t = 0 (GravityLoad::tilt_initial), which the dead load
  /// has; the live load turns it further, to initial_tilt + atan(lambda).
  double initial_tilt = 0.0;

  /// The problem's load factor at the multiplier: the tilt initial_tilt + atan(lambda) in
  /// degrees, else lambda.
  double load_factor(double lambda) const;
  /// The least multiplier a lower end is searched from: a table set at an angle from level,
  /// -tan(initial_tilt), else 0 (no load).
  double least_multiplier() const;
  /// "tilt_angle_deg", "lambda" or "pga_g".
  std::string load_factor_name() const;
  /// Whether the load is the static equivalent of a dynamic one (a ground motion's): its
  /// collapse loads do not bound a run's collapse under the record, and are not compared with it.
  bool equivalent_of_dynamic_load() const { return kind == "ground motion"; }
};

/// The load pattern of `problem`: its tilt, else its lateral ramp, else its strongest ground
/// motion.
/// @throws core::Diagnostic keyed "loads" for a problem with none of them (a gravity ramp
///         scales loads that friction resists in proportion: no collapse) or a vertical
///         record alone, keyed "gravity" for a zero gravity
LoadPattern load_pattern(const run::Problem& problem);

/// The friction cone of a 3D contact as a pyramid of `facets` faces: inscribed in the cone
/// (its edges on the cone: a lower bound of the multiplier) or circumscribed (its faces
/// tangent to it: an upper bound). Planar contacts have the exact cone, two half-planes.
enum class ConeFacets { Inscribed, Circumscribed };

/// The force of one contact at collapse, on body_a (body_b takes the opposite).
struct ContactForce {
  int contact = 0;        ///< index in the analysed contacts
  double normal = 0.0;    ///< N: > 0 compression, < 0 a bond's tension
  math::Vec3 tangential;  ///< N, world, in the contact plane
};

/// One linear program's answer.
struct Collapse {
  enum class Outcome {
    Collapse,      ///< the largest multiplier, with its forces and mechanism
    NoCollapse,    ///< forces balance any multiplier: the supports hold every lateral load
    NoEquilibrium  ///< no forces balance the weights at any multiplier
  };
  Outcome outcome = Outcome::NoEquilibrium;
  math::Vec3 direction;         ///< of the live load
  double strength_scale = 1.0;  ///< the factor of the bonds' strengths in its program
  double multiplier = 0.0;
  std::vector<ContactForce> forces;  ///< the non-zero ones
  /// The collapse mechanism: each body's virtual velocity (v at its centre of mass, m/s, and
  /// angular velocity, rad/s, world), scaled so that the fastest point of the structure
  /// moves at 1 m/s; zero on supports.
  std::vector<math::Vec3> velocities;
  std::vector<math::Vec3> angular_velocities;
  run::MechanismSummary mechanism;  ///< in the terms of moreau run's collapses
};

/// The contacts limit analysis sees: those of the bodies that touch where they stand
/// (dynamics::touching_contacts) between a free body and any other, each with its frame and
/// the friction of its pair's law.
std::vector<dynamics::Contact> standing_contacts(const model::Scene& scene);

/// The strengths of a standing contact whose pair's law has a cohesion, as
/// dynamics::CohesiveJoints bonds it at the start of a run: c A_i and f_t A_i, A_i the area of
/// the joint the point stands for (collision::ContactPoint::area); zero for a dry contact or a
/// point without an area (an edge across an edge).
dynamics::Bond joint_strengths(const model::Scene& scene, const dynamics::Contact& contact);

/// The associative collapse under the live load along `direction` (unit, horizontal): the
/// largest lambda with contact forces c_n >= 0 and |c_t| <= mu c_n (3D: inside the pyramid
/// of `facets` faces, `cone`) that balance every free body's dead and live loads; a bonded
/// contact's c_n >= -T and |c_t| <= C + mu c_n, its strengths (as dynamics::CohesiveJoints
/// gives them) times `strength_scale` (a tilt divides the loads by the cosine of its angle,
/// and so multiplies the strengths: analyses.hpp). Fixed and driven bodies are supports.
/// @pre facets >= 3, strength_scale > 0
Collapse associative_collapse(const model::Scene& scene,
                              const std::vector<dynamics::Contact>& contacts,
                              const math::Vec3& direction, ConeFacets cone, int facets,
                              double strength_scale = 1.0);

/// What a bonded joint keeps where it moves in a mechanism of the lower end.
enum class MovingBonds {
  /// Perfectly plastic: a joint keeps its cohesion and tensile strength while it slips or
  /// opens, as the upper end's joints do.
  Hold,
  /// Brittle: a joint that slips or opens has lost its bond and is dry (no cohesion, no
  /// tension), as a run's bond is once it has reached its strength (dynamics::CohesiveJoints);
  /// the joints that do not move keep their strengths. The least multiplier then bounds from
  /// below the collapse of a run whose bonds break one after another, in any order: whichever
  /// bonds broke before, the run's collapse mechanism has consistent forces under these laws.
  Break
};

/// The non-associative minimum's answer.
struct MinimumCollapse {
  /// outcome Collapse with the least multiplier found, its forces and its mechanism, where
  /// a mechanism was found
  Collapse collapse;
  bool proven = false;  ///< Cbc proved that no mechanism exists at a lower multiplier
  /// no mechanism exists below it: Cbc's bound, or the least multiplier searched where that is
  /// higher; 0 where Cbc did not run
  double lower_bound = 0.0;
  std::string unsolved;  ///< why no mechanism was found, where none was
};

/// The least multiplier of the live load of `associative` (the upper end: an
/// associative_collapse of the same contacts, cone and facets that found a collapse; its
/// strength_scale is this program's) at which a mechanism with consistent forces exists
/// under non-associative Coulomb friction: a contact slips only with its force on the cone's
/// edge and opposing the slip, opens only at no force (a bond: at its tensile strength), and
/// slipping does not open it. This is the mathematical program with complementarity
/// constraints of Ferris and Tin-Loi (2001, Int. J. Mech. Sci. 43:209-224): contact forces c
/// inside the cones (3D: pyramids) of associative_collapse, the bodies' velocities u, per
/// contact its opening rate d = A_n^T u >= 0 and its slip A_t^T u = -sum_j z_j e_j along
/// its faces' directions e_j, each rate complementary to its force's slack (c_n d = 0,
/// (mu' c_n - e_j . c_t) z_j = 0), the rates summing to 1 and the live load doing work on
/// them, lambda between `least_multiplier` (LoadPattern::least_multiplier; the upper end where
/// that is lower) and the upper end. Two methods, the first's answer starting the second:
/// - the iteration of Gilbert, Casapulla and Ahmed (2006, "Limit analysis of masonry block
///   structures with non-associative frictional joints using linear programming", Comput.
///   Struct. 84:873-887), for structures of any size: each contact's shear bounded by mu' N,
///   N fixed normal forces (a strength that c_n does not change, whose associative flow slips
///   without opening), the largest multiplier solved and N moved half way to its normal
///   forces, until they settle or after `iterations`, from three starts: the associative
///   collapse's normal forces, the weights' alone with the least sum, and none (every joint
///   frictionless at first). Each program's mechanism is
///   checked by the least multiplier at which a mechanism of its modes (the contacts that
///   open, the faces along which contacts slip) has consistent forces: the complementarity
///   program with those fixed, a linear one. Its answer is a multiplier at which a
///   mechanism is possible, not proven the least.
/// - for `seconds` > 0, the complementarity program solved exactly as a mixed-integer one by
///   COIN-OR Cbc within `seconds`: each complementarity a binary with big-M bounds from the
///   largest normal force of each contact over the statically admissible fields with lambda
///   from the least to the associative multiplier (which no solution exceeds), so the bounds
///   cut no solution. Where Cbc finishes, the answer is proven the least.
/// With `bonds` Break the bonded joints that move are dry (MovingBonds): the iteration also
/// runs on the dry joints' fictitious programs, whose mechanisms are consistent under these
/// laws too, so that the answer never exceeds the dry structure's as the iteration finds it.
/// @pre associative.outcome is Collapse, facets >= 3, iterations >= 1, seconds >= 0
MinimumCollapse nonassociative_collapse(const model::Scene& scene,
                                        const std::vector<dynamics::Contact>& contacts,
                                        const Collapse& associative, ConeFacets cone, int facets,
                                        int iterations, double seconds, MovingBonds bonds,
                                        double least_multiplier);

}  // namespace moreau::limit
