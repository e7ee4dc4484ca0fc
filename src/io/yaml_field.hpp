// Typed reading of a YAML problem file, with every error located: a Field is a node together
// with the key path that led to it ("bodies[2].shape.radius") and the place to point at, so
// that each getter can refuse a value with "file:line:col: error: key: expected X, found Y".
// yaml-cpp's marks are 0-based; Diagnostic lines and columns are 1-based.
#pragma once

#include "moreau/core/diagnostic.hpp"
#include "moreau/math/types.hpp"

#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace moreau::io {

/// The range of every length and coordinate a problem file gives, m. A micrometre is below any
/// block that is a rigid body (a grain of powder), and 1,000 km above any structure: within
/// these, with the densities of kMinDensity to kMaxDensity, a volume (>= 1e-18 m^3), a mass
/// (>= 1e-21 kg) and an inertia (>= 1e-33 kg m^2) stay normal doubles whose inverses are
/// finite, and a scene's extent squared stays far from overflow. Outside, a box of 1e-300 m
/// had a volume of 0 (no mass to invert) and a sphere of 1e308 m an infinite one, and the run
/// crashed.
inline constexpr double kMinLength = 1e-6;
inline constexpr double kMaxLength = 1e6;
/// The thinnest a shape may be for its largest length: the polyhedra's faces must keep an area
/// above their tolerance, (1e-9 extent)^2 (geometry/convex_polyhedron.cpp), which a box of
/// 1e-6 aspect keeps by a factor of 1e5.
inline constexpr double kMinAspect = 1e-6;
/// The range of a density, kg/m^3: a thousandth of air's to 1e9, wide enough that the
/// common slips of units, t/m^3 (2.4) and g/m^3 (2.4e6) for kg/m^3, are warnings naming the
/// slip (problem_warnings.cpp) rather than refusals; masses and inertias stay finite.
inline constexpr double kMinDensity = 1e-3;
inline constexpr double kMaxDensity = 1e9;
/// The largest speed of a body or support, m/s: ten times a rifle bullet's. Beyond, the
/// impact is no longer a rigid-body collision, and 1e308 m/s made positions infinite.
inline constexpr double kMaxSpeed = 1e4;
/// The largest acceleration of gravity or a load, m/s^2: 1,000 g, beyond the geotechnical
/// centrifuges' few hundred g.
inline constexpr double kMaxAcceleration = 1e4;
/// The largest angular velocity, rad/s (95,000 rpm): a turbine's, not a stone's.
inline constexpr double kMaxAngularSpeed = 1e4;
/// The longest time, s (a duration, a load's start, a pulse's t0, a solve's time limit): four
/// months of simulated time, which run::kMaxStepCount steps still cover at 1e-5 s a step.
inline constexpr double kMaxTime = 1e7;
/// The largest Coulomb friction coefficient: beyond, the cone is a cylinder for every
/// practical purpose.
inline constexpr double kMaxFriction = 1e3;
/// The largest strength, Pa (cohesion, tensile strength): eight times diamond's modulus
/// (1.2e12 Pa).
inline constexpr double kMaxStress = 1e13;
/// The largest Young's modulus, Pa: a rigid counterpart is given a modulus orders of magnitude
/// above its partner's (1e9 times steel's, 2e20 Pa, in validation/cases/penalty-laws), and
/// the penalty calibration only uses 1/E, which stays far above underflow.
inline constexpr double kMaxYoungModulus = 1e30;
/// The largest Hunt-Crossley dissipation c, s/m: measured ones are 0.01 to 1 s/m, and at
/// kMaxSpeed the damping factor 1 + 1.5 c delta_dot stays below 1.5e8.
inline constexpr double kMaxDissipation = 1e4;
/// The largest penalty stiffness, in its law's unit: four orders above a 10 m steel block's
/// E l (2e12 N/m), while the forces and critical steps it gives stay finite.
inline constexpr double kMaxStiffness = 1e16;
/// The largest joint stiffness per unit area, Pa/m: a 1 mm joint of a material a thousand times
/// stiffer than steel (2e17 Pa/m); measured masonry joints lie between 1e8 and 1e12.
inline constexpr double kMaxJointStiffness = 1e18;
/// The largest penalty damping, in its law's unit: above the critical damping 2 sqrt(k m) of
/// a spring of kMaxStiffness holding 1,000 t (2e11 N s/m).
inline constexpr double kMaxDamping = 1e12;
/// The largest exponent of the power law (m1, m2, m3): measured ones lie between 1 and 3, and
/// an overlap of kMaxLength to the 10th (1e60) stays finite.
inline constexpr double kMaxExponent = 10.0;
/// The largest ratio K_t / K_n: Mindlin's is 2/3 to 1; beyond 100 the tangential spring alone
/// would set the critical step.
inline constexpr double kMaxStiffnessRatio = 100.0;
/// The largest cap on a friction force, N: a 100 m cube of stone weighs 2.4e10 N.
inline constexpr double kMaxForce = 1e16;
/// The largest frequency of a Ricker pulse, Hz: ultrasound beyond; pi^2 f^2 (t - t0)^2 over
/// kMaxTime (1e23) stays finite, where 1e300 Hz made the pulse NaN.
inline constexpr double kMaxFrequency = 1e4;
/// The largest scale of a ground-motion record: a record in cm/s^2 takes 0.01, an amplified
/// one a few times; 1,000 is beyond both.
inline constexpr double kMaxRecordScale = 1e3;
/// The fastest tilt of gravity, deg/s: a tilting table turns by a few; 1e4 is 28 turns a
/// second.
inline constexpr double kMaxTiltRate = 1e4;
/// The steepest starting angle of a tilting table, deg: gravity along the table.
inline constexpr double kMaxStartingTilt = 90.0;
/// The fastest growth of the lateral coefficient, 1/s: at 1e3 it reaches 1,000 g
/// (kMaxAcceleration) in one second.
inline constexpr double kMaxLateralRate = 1e3;
/// The largest angle, deg (an orientation, a tower's twist, a collapse's rotation): 2,800
/// turns, more than any rotation means, and in radians still exact to 1e-11.
inline constexpr double kMaxAngle = 1e6;
/// The largest component of a quaternion, which must be of unit length to 1e-6 anyway:
/// bounded so that its norm is finite and the refusal names the component.
inline constexpr double kMaxQuaternionComponent = 1e6;
/// The largest kinetic-energy threshold, J: the Chicxulub impactor carried about 4e23 J.
inline constexpr double kMaxKineticEnergy = 1e30;

// bugprone-exception-escape: the implicit move assignment copies the YAML::Node, which has no
// move, and that copy may allocate; std::bad_alloc is its only throw.
// NOLINTNEXTLINE(bugprone-exception-escape)
class Field {
 public:
  /// Parses a whole file.
  /// @throws core::Diagnostic for a file that cannot be read or is not valid YAML (at the
  ///         parser's line and column)
  static Field load(const std::filesystem::path& path);
  /// Parses a document held in memory; `name` stands for the file in messages.
  /// @throws core::Diagnostic for text that is not valid YAML (at the parser's line and
  ///         column)
  static Field parse(const std::string& text, const std::string& name);

  const std::string& path() const { return path_; }
  const std::string& file() const { return file_; }
  core::SourceLocation location() const;
  /// What the user wrote, for "found ...": 'text' for a scalar, else "a list", "a mapping"
  /// or "nothing".
  std::string found() const;
  bool is_map() const { return node_.IsMap(); }
  bool is_sequence() const { return node_.IsSequence(); }

  [[noreturn]] void fail(std::string_view expected) const;
  [[noreturn]] void fail(std::string_view expected, std::string_view found) const;
  /// A located error that is not "expected X, found Y".
  [[noreturn]] void fail_with(std::string_view message) const;

  // Mappings. Keys are matched exactly; a key given twice is an error (check_keys).
  /// Refuses a node that is not a mapping, a repeated key, and a key not in `allowed`
  /// (suggesting the nearest allowed key).
  void check_keys(std::initializer_list<std::string_view> allowed) const;
  std::optional<Field> find(std::string_view key) const;
  /// @throws core::Diagnostic "missing required key" at this mapping
  Field get(std::string_view key) const;
  /// The keys in file order, for mappings whose keys are names (solver parameters).
  std::vector<std::pair<std::string, Field>> entries() const;

  // Lists.
  /// The elements; `count` > 0 requires exactly that many, `expected` says what they are.
  std::vector<Field> elements(std::string_view expected = "a list", std::size_t count = 0) const;

  // Scalars. Numbers must be finite: .nan and .inf are refused.
  double number() const;
  /// A number in [min, max] (`unit`).
  double number_in(double min, double max, std::string_view unit = "") const;
  double positive(std::string_view unit) const;  ///< > 0
  /// A number in (0, max] (`unit`).
  double positive_at_most(double max, std::string_view unit = "") const;
  /// A length in [kMinLength, kMaxLength], m.
  double length() const;
  /// A vector [x, y, z] whose components are in [-bound, bound] (`unit`): a point within
  /// kMaxLength, a velocity within kMaxSpeed, an acceleration within kMaxAcceleration.
  math::Vec3 vec3_within(double bound, std::string_view unit) const;
  /// A point [x, z] (m) of the x-z plane, each coordinate in [-kMaxLength, kMaxLength].
  math::Vec2 point2() const;
  /// A whole number in [min, max] (1e3 is accepted; 2.5 is not).
  int integer(int min, int max) const;
  bool flag() const;
  std::string text() const;  ///< a non-empty scalar
  /// One of choices, suggesting the nearest for a typo.
  std::string choice(const std::vector<std::string>& choices) const;
  /// The index of the name among `names` (the bodies or materials defined so far); `what`
  /// ("body", "material") is for the message, which lists the names if there are few.
  std::size_t name_in(const std::vector<std::string>& names, std::string_view what) const;
  std::vector<double> numbers() const;
  /// A non-zero vector (components within kMaxLength), normalised.
  math::Vec3 direction() const;

 private:
  Field(const YAML::Node& node, std::string path, std::string file, YAML::Mark mark);
  Field child(const YAML::Node& key, const YAML::Node& value, std::string path) const;
  std::string scalar(std::string_view expected) const;

  YAML::Node node_;
  std::string path_;
  std::string file_;
  /// Where errors point: the value, or its key when the value is empty (yaml-cpp places an
  /// empty value at the next token, often on the next line).
  YAML::Mark mark_;
};

}  // namespace moreau::io
