// The sections of a problem file that are settings rather than bodies: time, solver,
// materials, interactions, loads, stop and output.
#include "moreau/core/concat.hpp"
#include "moreau/core/input_limits.hpp"
#include "moreau/dynamics/moreau_jean.hpp"
#include "moreau/math/quaternion.hpp"
#include "moreau/solvers/registry.hpp"
#include "moreau/solvers/solver.hpp"
#include "problem_sections.hpp"

#include <algorithm>
#include <array>
#include <climits>
#include <cmath>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace moreau::io {
namespace {

using core::concat;

// A direction is accepted as "along y" to this precision: the user writes [0, 1, 0], and
// anything else in planar mode is a mistake, not round-off.
constexpr double kAxisTolerance = 1e-9;

// Points at the named solver parameter when the registry's key "<solver>.<key>" names one.
[[noreturn]] void fail_at_parameter(const core::Diagnostic& error, const Field& parameters) {
  const std::string& key = error.key();
  const std::size_t dot = key.find('.');
  const std::optional<Field> at =
      dot == std::string::npos ? std::nullopt : parameters.find(key.substr(dot + 1));
  (at ? *at : parameters).fail_with(error.message());
}

// interactions.default or interactions.pairs[i]: `law` (the built-in law, or the default's)
// with what law_field gives.
model::ContactLaw read_law(const Field& law_field, model::ContactLaw law,
                           const std::filesystem::path& folder) {
  if (const auto friction = law_field.find("friction"))
    law.friction = friction->number_in(0.0, core::kMaxFriction);
  if (const auto restitution = law_field.find("restitution"))
    law.restitution = restitution->number_in(0.0, 1.0);
  if (const auto cohesion = law_field.find("cohesion"))
    law.cohesion = cohesion->number_in(0.0, core::kMaxStress, "Pa");
  if (const auto tensile = law_field.find("tensile_strength"))
    law.tensile_strength = tensile->number_in(0.0, core::kMaxStress, "Pa");
  if (const auto penalty = law_field.find("penalty"))
    law.penalty = read_penalty_laws(*penalty, law.penalty, folder);
  if (const auto stiffness = law_field.find("joint_stiffness")) {
    stiffness->check_keys({"normal", "shear"});
    law.joint_stiffness = {
        .normal = stiffness->get("normal").positive_at_most(core::kMaxJointStiffness, "Pa/m"),
        .shear = stiffness->get("shear").positive_at_most(core::kMaxJointStiffness, "Pa/m")};
  }
  return law;
}

// The deepest field along `keys` that the file gives, from `from`. N.B. by construction only:
// assigning a Field assigns its YAML::Node, which in yaml-cpp rewrites the document's node
// instead of rebinding the handle.
Field deepest(const Field& from, std::span<const char* const> keys) {
  if (keys.empty()) return from;
  const std::optional<Field> next = from.find(keys.front());
  return next ? deepest(*next, keys.subspan(1)) : from;
}

// Where a missing interactions.default.penalty.normal.<parameter> is reported: the deepest
// part of that path the file gives, else the mode that asks for the calibration.
Field default_law_anchor(const Field& root) {
  constexpr std::array<const char*, 3> kPath{"default", "penalty", "normal"};
  const std::optional<Field> interactions = root.find("interactions");
  if (!interactions) return root.find("mode").value_or(root);
  return deepest(*interactions, kPath);
}

Field pair_law_anchor(const Field& pair) {
  constexpr std::array<const char*, 2> kPath{"penalty", "normal"};
  return deepest(pair, kPath);
}

// Where an error about a law's cohesion points: the first of `keys` (each a path below the
// law's entry) that the entry gives, so that the error names the value to change; the entry
// itself when it gives none of them (all inherited from the default).
struct Blamed {
  Field at;
  std::string key;  ///< below the entry
};

Blamed blame(const Field& entry, std::initializer_list<std::vector<const char*>> keys) {
  const auto joined = [](const std::vector<const char*>& path) {
    std::string key;
    for (const char* part : path) key += concat(key.empty() ? "" : ".", part);
    return key;
  };
  for (const std::vector<const char*>& path : keys) {
    const Field found = deepest(entry, path);
    if (found.path() == concat(entry.path(), ".", joined(path))) return {found, joined(path)};
  }
  return {entry, joined(*keys.begin())};
}

// Refuses the law of `entry` at the value `blamed` names.
[[noreturn]] void refuse(const Field& entry, const Blamed& blamed, std::string_view expected,
                         const std::string& found) {
  throw core::Diagnostic(blamed.at.location(), concat(entry.path(), ".", blamed.key), expected,
                         found);
}

// The read-time checks of a law with a cohesion that CohesiveJoints relies on
// (dynamics/cohesive_joints.hpp): the Mohr-Coulomb cone |F_T| <= c A + mu F_N is the Coulomb
// cone shifted by c A / mu, so it needs mu > 0, and its apex c A / mu caps the tension a bond
// can carry, so a tension cut f_t A beyond it cuts nothing. `entry` is the law's entry
// (interactions.default or a pair), `friction_origin` says where mu came from when the entry
// did not give it.
void check_cohesion(const model::ContactLaw& law, const Field& entry, run::Mode mode,
                    std::string_view friction_origin = "") {
  if (law.cohesion == 0.0) {
    if (law.tensile_strength > 0.0)
      refuse(entry, blame(entry, {{"tensile_strength"}, {"cohesion"}}),
             "a tensile_strength of 0 without cohesion (a joint's tension cut needs a bond, and "
             "a bond needs cohesion > 0: the Mohr-Coulomb cone's apex is at c / mu)",
             concat("tensile_strength ", law.tensile_strength, " Pa with cohesion 0"));
    return;
  }
  if (law.friction == 0.0)
    refuse(entry, blame(entry, {{"friction"}, {"cohesion"}}),
           "friction > 0 with cohesion > 0 (the Mohr-Coulomb cone |F_T| <= c A + mu F_N is "
           "the Coulomb cone shifted by c A / mu along the normal)",
           concat("friction 0", friction_origin, " with cohesion ", law.cohesion, " Pa"));
  const double apex = law.cohesion / law.friction;
  if (law.tensile_strength > apex)
    refuse(entry, blame(entry, {{"tensile_strength"}, {"cohesion"}, {"friction"}}),
           concat("a tensile_strength of at most cohesion / friction = ", apex,
                  " Pa (the apex of the Mohr-Coulomb cone caps the tension: a larger cut "
                  "cuts nothing)"),
           concat(law.tensile_strength, " Pa, with cohesion ", law.cohesion, " Pa and friction ",
                  law.friction, friction_origin));
  if (mode != run::Mode::Penalty) return;
  const penalty::LawPair& laws = law.penalty;
  if (laws.user)
    refuse(entry, blame(entry, {{"penalty", "user"}, {"cohesion"}}),
           "the built-in laws with cohesion in mode: penalty (a bond pulls with the linear "
           "spring, and shifts the Coulomb cone of one friction coefficient)",
           "a user law");
  if (laws.normal.kind != penalty::NormalLawKind::Linear)
    refuse(entry, blame(entry, {{"penalty", "normal", "law"}, {"penalty", "normal"}, {"cohesion"}}),
           "law: linear with cohesion in mode: penalty (a bond pulls with the linear spring)",
           concat("another normal law, with cohesion ", law.cohesion, " Pa"));
  if (laws.tangential.kind == penalty::TangentialLawKind::VelocityDependent)
    refuse(
        entry,
        blame(entry, {{"penalty", "tangential", "law"}, {"penalty", "tangential"}, {"cohesion"}}),
        "law: spring_dashpot_slider or incremental with cohesion in mode: penalty (the "
        "velocity-dependent law has no single friction coefficient to shift the cone by)",
        concat("law: velocity_dependent, with cohesion ", law.cohesion, " Pa"));
}

// The implicit penalty step (dynamics/penalty_compliance.hpp) takes the laws whose friction is
// Coulomb's with one coefficient behind a spring, and no bond.
void check_implicit_penalty(const model::ContactLaw& law, const Field& entry,
                            const SceneContext& context) {
  if (context.mode != run::Mode::Penalty ||
      context.integration != run::PenaltyIntegration::Implicit)
    return;
  const penalty::LawPair& laws = law.penalty;
  if (laws.user)
    refuse(entry, blame(entry, {{"penalty", "user"}}),
           "the built-in laws with time.integration: implicit (a user law's forces are "
           "integrated explicitly)",
           "a user law");
  if (laws.tangential.kind == penalty::TangentialLawKind::VelocityDependent)
    refuse(entry, blame(entry, {{"penalty", "tangential", "law"}, {"penalty", "tangential"}}),
           "law: spring_dashpot_slider or incremental with time.integration: implicit (its "
           "slider is the exact Coulomb law of one friction coefficient)",
           "law: velocity_dependent");
  if (law.cohesion > 0.0)
    refuse(entry, blame(entry, {{"cohesion"}}),
           "no cohesion with time.integration: implicit (bonds are integrated explicitly: "
           "time.integration: explicit)",
           concat("cohesion ", law.cohesion, " Pa"));
}

// A compliant joint (dynamics/joint_compliance.hpp) is a law of the NSCD step, whose spring
// gives its rebound: the penalty mode has its own springs (`penalty`), and Newton's
// restitution would add a second rebound.
void check_joint_stiffness(const model::ContactLaw& law, const Field& entry, run::Mode mode) {
  if (!law.joint_stiffness.compliant()) return;
  if (mode == run::Mode::Penalty)
    refuse(entry, blame(entry, {{"joint_stiffness"}}),
           "no joint_stiffness in mode: penalty (the penalty mode's springs are set under "
           "`penalty`, per unit area of joint with stiffness_per_area)",
           "joint_stiffness");
  if (law.restitution > 0.0)
    refuse(entry, blame(entry, {{"restitution"}, {"joint_stiffness"}}),
           "restitution 0 with joint_stiffness (a compliant joint rebounds by its spring)",
           concat("restitution ", law.restitution));
}

// interactions.pairs into the table; returns the pairs listed, as (min, max) material indices.
std::vector<std::pair<int, int>> read_pairs(const Field& pairs, const model::ContactLaw& fallback,
                                            const SceneContext& context,
                                            model::InteractionTable& table) {
  std::vector<std::pair<int, int>> listed;
  for (const Field& pair : pairs.elements("a list of material pairs")) {
    pair.check_keys({"materials", "friction", "restitution", "cohesion", "tensile_strength",
                     "joint_stiffness", "penalty"});
    const Field names = pair.get("materials");
    const std::vector<Field> both = names.elements("a list of 2 material names", 2);
    const int a = read_material_reference(both[0], context.materials);
    const int b = read_material_reference(both[1], context.materials);
    const std::pair<int, int> key{std::min(a, b), std::max(a, b)};
    if (std::find(listed.begin(), listed.end(), key) != listed.end())
      names.fail_with("this pair of materials is given twice");
    listed.push_back(key);
    const model::ContactLaw law = read_law(pair, fallback, context.folder);
    check_calibration(law.penalty, {a, b}, context, pair_law_anchor(pair), pair.path());
    check_cohesion(law, pair, context.mode);
    check_implicit_penalty(law, pair, context);
    check_joint_stiffness(law, pair, context.mode);
    table.set(a, b, law);
  }
  return listed;
}

// "Friction angle as the minimum of the two materials'": a pair of materials not listed under
// interactions.pairs whose materials both give a friction angle slides at the weaker one,
// mu = tan(min(phi_a, phi_b)); the rest of its law is the default's, whose entry
// `default_law` is blamed if that mu does not suit the default's cohesion.
void apply_friction_angles(const SceneContext& context,
                           const std::vector<std::pair<int, int>>& listed,
                           const model::ContactLaw& fallback,
                           const std::optional<Field>& default_law,
                           model::InteractionTable& table) {
  const std::vector<std::optional<double>>& phi = context.friction_angles;
  const int count = static_cast<int>(phi.size());
  for (int a = 0; a < count; ++a)
    for (int b = a; b < count; ++b) {
      if (!phi[a] || !phi[b]) continue;
      if (std::find(listed.begin(), listed.end(), std::pair{a, b}) != listed.end()) continue;
      model::ContactLaw law = fallback;
      law.friction = std::tan(math::radians(std::min(*phi[a], *phi[b])));
      if (default_law)
        check_cohesion(law, *default_law, context.mode,
                       concat(" (tan of the smaller friction_angle of materials ",
                              context.materials[a].name, " and ", context.materials[b].name, ")"));
      table.set(a, b, law);
    }
}

}  // namespace

void read_time(const Field& time, run::Problem& problem) {
  time.check_keys({"step", "duration", "theta", "critical_step", "integration"});
  const Field step = time.get("step");
  problem.time_step = step.number();
  if (const std::optional<std::string> expected = dynamics::time_step_refusal(problem.time_step))
    step.fail(*expected);
  problem.locations["time.step"] = step.location();
  const Field duration = time.get("duration");
  problem.duration = duration.positive_at_most(core::kMaxTime, "s");
  if (problem.duration < problem.time_step)
    duration.fail(concat("a duration of at least one time step (", problem.time_step, " s)"));
  // The same test as run::step_count's precondition, so that no round-off lies between them.
  const auto max_steps = static_cast<double>(run::kMaxStepCount);
  if (problem.duration / problem.time_step > max_steps)
    step.fail(concat("a step of at least ", problem.duration / max_steps, " s (at most ", max_steps,
                     " steps of the duration)"));
  if (const auto theta = time.find("theta")) {
    problem.theta = theta->number();
    if (const std::optional<std::string> expected = dynamics::theta_refusal(problem.theta))
      theta->fail(*expected);
  }
  if (const auto policy = time.find("critical_step"))
    problem.critical_step = policy->choice({"refuse", "substep"}) == "substep"
                                ? run::CriticalStepPolicy::Substep
                                : run::CriticalStepPolicy::Refuse;
  if (const auto integration = time.find("integration"))
    problem.integration =
        run::integration_named(integration->choice({"explicit", "implicit"})).value();
}

void read_solver(const Field& solver, dynamics::StepSolverSettings& settings) {
  solver.check_keys({"name", "tolerance", "max_iterations", "time_limit", "parameters"});
  if (const auto name = solver.find("name"))
    settings.name = name->choice(solvers::every_solver_name());
  // The ranges are the solvers' (solvers::check_requested), placed here at the key.
  const std::optional<Field> tolerance = solver.find("tolerance");
  const std::optional<Field> iterations = solver.find("max_iterations");
  const std::optional<Field> limit = solver.find("time_limit");
  if (tolerance) settings.stop.tolerance = tolerance->number();
  if (iterations) settings.stop.max_iterations = iterations->integer(INT_MIN, INT_MAX);
  if (limit) settings.stop.time_limit = limit->number();
  if (const std::optional<solvers::StopRefusal> refused = solvers::refusal(settings.stop)) {
    const std::optional<Field>& given = refused->key == "tolerance"        ? tolerance
                                        : refused->key == "max_iterations" ? iterations
                                                                           : limit;
    (given ? *given : solver).fail(refused->expected);
  }
  const std::optional<Field> parameters = solver.find("parameters");
  if (!parameters) return;
  for (const auto& [key, value] : parameters->entries()) settings.parameters[key] = value.text();
  // The registry owns each solver's options and their ranges: reading them here refuses a
  // bad option before any step is taken.
  try {
    dynamics::check_step_solver_settings(settings);
  } catch (const core::Diagnostic& error) {
    fail_at_parameter(error, *parameters);
  }
}

void read_materials(const Field& materials, SceneContext& context) {
  std::vector<model::Material>& result = context.materials;
  result.clear();
  context.friction_angles.clear();
  for (const Field& entry : materials.elements("a list of materials")) {
    entry.check_keys(
        {"name", "density", "young_modulus", "poisson_ratio", "dissipation", "friction_angle"});
    model::Material material;
    const Field name = entry.get("name");
    material.name = name.text();
    for (const model::Material& other : result)
      if (other.name == material.name)
        name.fail_with(concat("material '", material.name, "' is defined twice"));
    const Field density = entry.get("density");
    material.density = density.positive("kg/m^3");
    if (material.density < core::kMinDensity || material.density > core::kMaxDensity)
      density.fail(
          concat("a density in [", core::kMinDensity, ", ", core::kMaxDensity, "] kg/m^3"));
    if (const auto young = entry.find("young_modulus"))
      material.young_modulus = young->number_in(0.0, core::kMaxYoungModulus, "Pa");
    if (const auto poisson = entry.find("poisson_ratio")) {
      material.poisson_ratio = poisson->number();
      if (!(material.poisson_ratio >= 0.0 && material.poisson_ratio < 0.5))
        poisson->fail("a number in [0, 0.5)");
    }
    if (const auto dissipation = entry.find("dissipation"))
      material.dissipation = dissipation->number_in(0.0, core::kMaxDissipation, "s/m");
    std::optional<double> friction_angle;
    // The angle whose tangent is kMaxFriction, as for a coefficient given as such (90 degrees
    // would be an infinite one).
    if (const auto angle = entry.find("friction_angle"))
      friction_angle =
          angle->number_in(0.0, math::degrees(std::atan(core::kMaxFriction)), "degrees");
    result.push_back(material);
    context.friction_angles.push_back(friction_angle);
  }
  if (result.empty()) materials.fail("at least one material");
}

model::InteractionTable read_interactions(const Field& root, const SceneContext& context) {
  const std::optional<Field> interactions = root.find("interactions");
  if (interactions) interactions->check_keys({"default", "pairs"});
  const std::optional<Field> default_law =
      interactions ? interactions->find("default") : std::nullopt;
  model::ContactLaw fallback;
  if (default_law) {
    default_law->check_keys(
        {"friction", "restitution", "cohesion", "tensile_strength", "joint_stiffness", "penalty"});
    fallback = read_law(*default_law, fallback, context.folder);
  }
  // The default law may serve any material (law_pair.hpp's precondition, checked here).
  std::vector<int> every_material(context.materials.size());
  for (std::size_t i = 0; i < every_material.size(); ++i) every_material[i] = static_cast<int>(i);
  check_calibration(fallback.penalty, every_material, context, default_law_anchor(root),
                    "interactions.default");
  if (default_law) {
    check_cohesion(fallback, *default_law, context.mode);
    check_implicit_penalty(fallback, *default_law, context);
    check_joint_stiffness(fallback, *default_law, context.mode);
  }
  model::InteractionTable table(fallback);
  const std::optional<Field> pairs = interactions ? interactions->find("pairs") : std::nullopt;
  const std::vector<std::pair<int, int>> listed =
      pairs ? read_pairs(*pairs, fallback, context, table) : std::vector<std::pair<int, int>>{};
  apply_friction_angles(context, listed, fallback, default_law, table);
  return table;
}

void read_loads(const Field& loads, int dimension, model::GravityLoad& gravity) {
  loads.check_keys({"gravity_ramp", "tilt", "lateral"});
  if (const auto ramp = loads.find("gravity_ramp")) {
    ramp->check_keys({"duration"});
    gravity.ramp_duration = ramp->get("duration").positive_at_most(core::kMaxTime, "s");
  }
  if (const auto tilt = loads.find("tilt")) {
    tilt->check_keys({"axis", "initial", "rate", "start"});
    if (const auto axis = tilt->find("axis")) {
      gravity.tilt_axis = axis->direction();
      if (dimension == 2 && std::abs(gravity.tilt_axis.y()) < 1.0 - kAxisTolerance)
        axis->fail("[0, 1, 0] or [0, -1, 0] in planar mode (rotation about y)");
    }
    if (const auto initial = tilt->find("initial"))
      gravity.tilt_initial = initial->number_in(0.0, core::kMaxStartingTilt, "deg");
    gravity.tilt_rate = tilt->get("rate").number_in(0.0, core::kMaxTiltRate, "deg/s");
    if (const auto start = tilt->find("start"))
      gravity.tilt_start = start->number_in(0.0, core::kMaxTime, "s");
  }
  if (const auto lateral = loads.find("lateral")) {
    lateral->check_keys({"direction", "rate", "start"});
    if (const auto direction = lateral->find("direction")) {
      gravity.lateral_direction = read_direction(*direction, dimension);
      if (std::abs(gravity.lateral_direction.dot(gravity.gravity.normalized())) > kAxisTolerance)
        direction->fail("a direction orthogonal to gravity");
    }
    gravity.lateral_rate = lateral->get("rate").number_in(0.0, core::kMaxLateralRate, "1/s");
    if (const auto start = lateral->find("start"))
      gravity.lateral_start = start->number_in(0.0, core::kMaxTime, "s");
  }
}

dynamics::CollapseCriteria read_stop(const Field& stop) {
  stop.check_keys({"collapse"});
  dynamics::CollapseCriteria criteria;
  const std::optional<Field> collapse = stop.find("collapse");
  if (!collapse) return criteria;
  collapse->check_keys({"max_displacement", "max_rotation", "kinetic_energy"});
  if (const auto displacement = collapse->find("max_displacement"))
    criteria.max_displacement = displacement->positive_at_most(core::kMaxLength, "m");
  if (const auto rotation = collapse->find("max_rotation"))
    criteria.max_rotation = rotation->positive_at_most(core::kMaxAngle, "deg");
  if (const auto energy = collapse->find("kinetic_energy"))
    criteria.kinetic_energy = energy->positive_at_most(core::kMaxKineticEnergy, "J");
  return criteria;
}

run::OutputSettings read_output(const Field& output, const model::Scene& scene) {
  output.check_keys({"every", "vtk", "interfaces", "mechanisms", "bodies", "control", "storeys",
                     "checkpoint_every"});
  run::OutputSettings settings;
  if (const auto every = output.find("every")) settings.every = every->integer(1, INT_MAX);
  if (const auto every = output.find("checkpoint_every"))
    settings.checkpoint_every = every->integer(1, INT_MAX);
  if (const auto vtk = output.find("vtk")) settings.vtk = vtk->flag();
  if (const auto interfaces = output.find("interfaces")) settings.interfaces = interfaces->flag();
  if (const auto mechanisms = output.find("mechanisms")) settings.mechanisms = mechanisms->flag();
  std::vector<std::string> names;
  for (const model::Body& body : scene.bodies) names.push_back(body.name);
  if (const std::optional<Field> control = output.find("control")) {
    const std::size_t body = control->name_in(names, "body");
    if (scene.bodies[body].motion != model::Motion::Free)
      control->fail("a free body (the capacity curve follows its motion)");
    settings.control = names[body];
    settings.control_named = true;
  }
  if (const std::optional<Field> bodies = output.find("bodies"))
    for (const Field& name_field : bodies->elements("a list of body names"))
      settings.bodies.push_back(names[name_field.name_in(names, "body")]);
  if (const std::optional<Field> storeys = output.find("storeys")) {
    const model::Body* below = nullptr;
    for (const Field& name_field : storeys->elements("a list of body names, from the ground up")) {
      const model::Body& level = scene.bodies[name_field.name_in(names, "body")];
      if (level.motion != model::Motion::Free)
        name_field.fail("a free body (a storey's level moves with the structure)");
      if (below && level.x.z() <= below->x.z())
        name_field.fail(concat("a body higher than the storey below (", below->name,
                               ", whose centre is at z = ", below->x.z(), " m)"));
      settings.storeys.push_back(level.name);
      below = &level;
    }
  }
  return settings;
}

}  // namespace moreau::io
