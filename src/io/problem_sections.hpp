// The sections of a problem file, each read by its own function for read_problem_file()
// (problem_file.cpp): settings (problem_settings.cpp), listed bodies (problem_bodies.cpp)
// and generated ones (problem_generators.cpp). docs/problem-files.md documents every key.
#pragma once

#include "moreau/io/problem_file.hpp"
#include "yaml_field.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace moreau::io {

/// What the body and generator readers need from the sections read before them.
struct SceneContext {
  int dimension = 3;
  run::Mode mode = run::Mode::Nscd;
  run::PenaltyIntegration integration = run::PenaltyIntegration::Explicit;
  std::filesystem::path folder;          ///< of the problem file: relative paths start here
  double h = 1e-3;                       ///< s, the time step (Ricker pulses are sampled at it)
  double duration = 1.0;                 ///< s
  double record_scale = 1.0;             ///< ReadOverrides::record_scale
  std::optional<RecordOverride> record;  ///< ReadOverrides::record
  std::vector<model::Material> materials;
  /// materials[i].friction_angle, degrees, parallel to materials; unset where not given.
  /// Only the interaction table uses it (read_interactions), so model::Material lacks it.
  std::vector<std::optional<double>> friction_angles;
};

/// The scene's bodies with the YAML node each came from (the body, or the generator that
/// made it), so that checks over all bodies can point at the file.
struct SceneBuilder {
  model::Scene scene;
  std::vector<Field> origins;  ///< parallel to scene.bodies
  /// The readers' warnings (problem_warnings.cpp) about values they alone see, such as a
  /// record's samples.
  std::vector<run::InputWarning> warnings;
  /// The driven bodies' ground motions, in the order of the bodies (run::Problem's).
  std::vector<model::GroundMotion> ground_motions;
  /// The free floor slabs (masonry::Block::floor) of each generator that made some, from the
  /// ground up: the default storeys (run::OutputSettings::storeys).
  std::vector<std::vector<std::string>> floors;
};

// problem_settings.cpp
/// time: step, duration, theta, critical_step.
void read_time(const Field& time, run::Problem& problem);
/// solver: name, tolerance, max_iterations, time_limit, parameters.
void read_solver(const Field& solver, dynamics::StepSolverSettings& settings);
/// materials: fills context.materials and context.friction_angles.
void read_materials(const Field& materials, SceneContext& context);
/// interactions (root's, which may be absent): the default law, the listed pairs, and for the
/// pairs not listed whose materials both give a friction angle, mu = tan(min(phi_a, phi_b)).
/// In penalty mode, refuses a stiffness left to a calibration the materials cannot feed.
model::InteractionTable read_interactions(const Field& root, const SceneContext& context);
/// loads: gravity_ramp, tilt, lateral; `gravity` holds g0 on entry.
void read_loads(const Field& loads, int dimension, model::GravityLoad& gravity);
dynamics::CollapseCriteria read_stop(const Field& stop);
/// output: every, vtk, bodies, control, storeys (names checked against the scene's bodies).
run::OutputSettings read_output(const Field& output, const model::Scene& scene);

// problem_penalty.cpp
/// interactions.default.penalty or interactions.pairs[i].penalty: `base` (the built-in laws
/// for the default, the default's laws for a pair) with what `penalty` gives. A user law is
/// loaded here, so that a bad library is refused at its key.
penalty::LawPair read_penalty_laws(const Field& penalty, const penalty::LawPair& base,
                                   const std::filesystem::path& folder);
/// In penalty mode, refuses laws that leave to a calibration from Young's moduli a parameter
/// (the stiffness of the linear, Hertz and Hunt-Crossley laws, Hunt-Crossley's dissipation)
/// when one of `involved` (indices into context.materials) has no Young's modulus:
/// resolve_laws' precondition. The error names `law_key` + ".penalty.normal.<parameter>" and
/// points at `at`.
void check_calibration(const penalty::LawPair& laws, const std::vector<int>& involved,
                       const SceneContext& context, const Field& at, const std::string& law_key);

// problem_bodies.cpp
/// The index of the material a body names; the first material when `field` is absent.
int read_material_reference(const std::optional<Field>& field,
                            const std::vector<model::Material>& materials);
/// A point or vector in the world, each component in [-bound, bound] (`unit`); in planar mode
/// its y component must be 0.
math::Vec3 read_planar_vector(const Field& field, int dimension, double bound,
                              std::string_view unit);
/// A direction in the world, normalised (Field::direction); in planar mode its y component
/// must be 0.
math::Vec3 read_direction(const Field& field, int dimension);
void read_bodies(const Field& bodies, const SceneContext& context, SceneBuilder& builder);
/// A `driven` map (exactly one kind of motion, so that nothing the user wrote is ignored):
/// constant velocities, a ground motion (added to builder.ground_motions under `body`, with
/// its warnings), a Ricker pulse or a settlement.
model::PrescribedVelocity read_driven(const Field& driven, const SceneContext& context,
                                      const std::string& body, SceneBuilder& builder);
/// Makes `body`, a fixed body, follow `motion`, with its velocity at t = 0.
void drive(model::Body& body, model::PrescribedVelocity motion);

// problem_warnings.cpp
/// Adds the warning for a ground motion whose peak acceleration, `peak` m/s^2 after its units
/// and scale, is above 3 g (the strongest ever recorded), at `field` (the scale, or the record).
void warn_about_peak_acceleration(const Field& field, double peak,
                                  std::vector<run::InputWarning>& warnings);
/// Adds the warning for a time step h longer than the median step of a record's sample
/// `times`, at `field` (the record).
void warn_about_sampling_step(const Field& field, double h, const std::vector<double>& times,
                              std::vector<run::InputWarning>& warnings);
/// The warnings about the problem read from `root` whose bodies came from `origins`
/// (SceneBuilder): densities outside [100, 25,000] kg/m^3, a step in which a body falls more
/// than the smallest free body's size, free bodies larger than 100 m, scenes wider than 10 km.
std::vector<run::InputWarning> physical_range_warnings(const Field& root,
                                                       const run::Problem& problem,
                                                       const std::vector<Field>& origins);

// problem_generators.cpp
void read_generators(const Field& generators, const SceneContext& context, SceneBuilder& builder);

}  // namespace moreau::io
