#include "moreau/run/run.hpp"

#include "moreau/core/assert.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/dynamics/body_motion.hpp"

namespace moreau::run {
namespace {

BodySummary final_state(const model::Body& body) {
  return {body.name, body.x, body.q, body.v, body.q * body.w_B};
}

// A refusal of the stepper, which knows keys but not files (the critical step at time.step),
// at the place the problem file gave the key; as it is when the file did not give it.
core::Diagnostic located(const core::Diagnostic& error, const Problem& problem) {
  const auto given = problem.locations.find(error.key());
  if (!error.where().file.empty() || given == problem.locations.end()) return error;
  return {given->second, error.key(), error.message()};
}

}  // namespace

Run::Run(Problem problem, RunOptions options)
    : problem_(std::move(problem)),
      options_(std::move(options)),
      monitor_(problem_.scene, problem_.collapse, shaken_support(problem_)),
      steps_(run::step_count(problem_)) {
  try {
    if (problem_.mode == Mode::Nscd) {
      nscd_ = std::make_unique<dynamics::MoreauJean>(problem_.scene, moreau_jean_options(problem_));
      stepper_ = nscd_.get();
    } else if (problem_.integration == PenaltyIntegration::Implicit) {
      nscd_ = std::make_unique<dynamics::MoreauJean>(
          problem_.scene, moreau_jean_options(problem_),
          dynamics::ContactSides(problem_.scene, problem_.materials));
      stepper_ = nscd_.get();
    } else {
      penalty_ = std::make_unique<dynamics::PenaltyStepper>(
          problem_.scene, penalty_options(problem_), problem_.materials);
      stepper_ = penalty_.get();
    }
  } catch (const core::Diagnostic& error) {
    throw located(error, problem_);
  }
  if (!problem_.path.empty()) problem_hash_ = problem_file_hash(problem_.path);
  summary_.title = problem_.title;
  summary_.problem = problem_.path;
  summary_.mode = mode_name(problem_.mode);
  if (problem_.mode == Mode::Penalty) summary_.integration = integration_name(problem_.integration);
  summary_.dimension = problem_.scene.dimension;
  summary_.load_factor_name = load_factor_name(problem_);
  summary_.control = problem_.output.control;
  summary_.control_named = problem_.output.control_named;
  summary_.storeys = problem_.output.storeys;
  if (const model::GroundMotion* ground = strongest_ground_motion(problem_))
    summary_.record = RecordIntensity{ground->source, ground->scale,
                                      ground->peak_horizontal() / model::kStandardGravity,
                                      ground->body, free_bodies_base(problem_)};
  for (const InputWarning& warning : problem_.warnings) summary_.warnings.push_back(warning.text());
  summary_.time_split = TimeSplit{};
  if (penalty_) summary_.substeps = 0;
  if (nscd_) {
    summary_.solver = problem_.solver.name;
    summary_.criterion =
        ConvergenceCriterion{std::string(nscd_->criterion()), problem_.solver.stop.tolerance};
  }
}

void Run::restore(const Checkpoint& checkpoint) {
  problem_.scene.time = checkpoint.time;
  restore_bodies(problem_.scene, checkpoint.bodies);
  mechanism_.reset();
  stepper_->restore(checkpoint.stepper);
  monitor_.restore(checkpoint.came_to_rest, checkpoint.standing);
  summary_.counts = checkpoint.counts;
  summary_.removed = checkpoint.removed;
  summary_.peak_motion = checkpoint.peak_motion;
  summary_.first_motion = checkpoint.first_motion;
  last_stood_ = checkpoint.last_stood;
  broken_bonds_ = static_cast<long long>(checkpoint.broken_bonds);
  if (penalty_) summary_.substeps = static_cast<long long>(checkpoint.substeps);
  step_ = checkpoint.step;
  summary_.restarted_from_step = checkpoint.step;
  summary_.steps = step_;
}

bool Run::finished() const {
  return step_ >= steps_ || summary_.collapse || !summary_.interrupted_by.empty();
}

const StepOutcome& Run::advance() {
  MOREAU_ASSERT(!finished());
  model::Scene& scene = problem_.scene;
  scene.gravity = problem_.gravity.at(scene.time);
  dynamics::StepReport report;
  try {
    report = stepper_->step();
  } catch (const core::Diagnostic& error) {
    throw located(error, problem_);
  } catch (const dynamics::StepInterrupted&) {
    const std::optional<std::string> by =
        options_.interruption ? options_.interruption() : std::nullopt;
    interrupt(by.value_or("a stop request"));
    return outcome_;
  }
  mechanism_.reset();
  outcome_ = StepOutcome{};
  outcome_.report = std::move(report);
  outcome_.step = ++step_;
  outcome_.time = scene.time;
  count(outcome_.report);
  remove_escaped_bodies(outcome_);
  outcome_.load_factor = load_factor(problem_, scene.time);
  outcome_.load_work =
      dynamics::potential_energy(scene, problem_.gravity.at(scene.time) - scene.gravity);
  if (!summary_.first_motion) note_first_motion();
  if (const auto collapse = monitor_.check(scene, outcome_.report)) {
    summary_.collapse = crossing(*collapse);
    summary_.onset = last_stood_;
  } else {
    note_standing();
  }
  note_peak_motion();
  summary_.steps = step_;
  outcome_.last = finished();
  for (const std::unique_ptr<Observer>& observer : observers_) observer->stepped(*this, outcome_);
  if (options_.interruption && !outcome_.last)
    if (std::optional<std::string> by = options_.interruption()) interrupt(std::move(*by));
  return outcome_;
}

CollapseSummary Run::crossing(const dynamics::Collapse& found) const {
  return {found.criterion,
          found.body,
          found.value,
          problem_.scene.time,
          load_factor_name(problem_),
          outcome_.load_factor,
          summarize(mechanism(), problem_.scene)};
}

void Run::interrupt(std::string by) {
  summary_.interrupted_by = std::move(by);
  for (const std::unique_ptr<Observer>& observer : observers_) observer->interrupted(*this);
}

// The first motion is measured from where the structure first stands (its mechanism has no
// moving part): a copy with imperfections settles into its joints in its first steps, by
// more than the first motion's share, before the load moves it (docs/limit-analysis.md, "The
// first motion"). Past its share of a criterion a structure may only have drifted within the
// solver's tolerance, standing, its velocities round-off that the mechanism's analysis may
// still see as parts turning about no joint: the first motion is the first such step at
// which it moves in a mechanism, on hinges or sliding joints.
void Run::note_first_motion() {
  if (!monitor_.standing()) {
    if (monitor_.watches_motion() && mechanism().parts.empty()) monitor_.stand(problem_.scene);
    return;
  }
  const std::optional<dynamics::Collapse> moved = monitor_.moved(problem_.scene);
  if (!moved) return;
  CollapseSummary first = crossing(*moved);
  if (!first.mechanism.hinges.empty() || !first.mechanism.sliding.empty())
    summary_.first_motion = std::move(first);
}

// Under a ground motion a structure that rocks and comes back stands again between pulses:
// the last time it stood says nothing of where its collapse began.
void Run::note_standing() {
  if (!monitor_.standing() || shaken_support(problem_)) return;
  if (mechanism().parts.empty()) last_stood_ = Standing{problem_.scene.time, outcome_.load_factor};
}

// Only a step faster than the fastest so far looks for its mechanism (the motion of a
// structure at rest, round-off, has none).
void Run::note_peak_motion() {
  const std::optional<std::size_t> support = shaken_support(problem_);
  const model::Scene& scene = problem_.scene;
  const double energy = dynamics::kinetic_energy(
      scene, support ? scene.bodies[*support].v : math::Vec3(math::Vec3::Zero()));
  if (summary_.peak_motion && !(energy > summary_.peak_motion->kinetic_energy)) return;
  const dynamics::Mechanism& moving = mechanism();
  if (moving.parts.empty()) return;
  summary_.peak_motion = PeakMotion{scene.time, energy, summarize(moving, scene)};
}

const dynamics::Mechanism& Run::mechanism() const {
  if (mechanism_) return *mechanism_;
  const std::optional<std::size_t> support = shaken_support(problem_);
  mechanism_ = dynamics::identify_mechanism(
      problem_.scene, stepper_->contacts(),
      support ? problem_.scene.bodies[*support].v : math::Vec3(math::Vec3::Zero()));
  return *mechanism_;
}

void Run::count(const dynamics::StepReport& report) {
  summary_.counts.add_step(report);
  if (report.solve && summary_.criterion) summary_.criterion->name = report.solve->criterion;
  summary_.time_split->collision += report.times.collision;
  summary_.time_split->assembly += report.times.assembly;
  summary_.time_split->solve += report.times.solve;
  if (penalty_) *summary_.substeps += penalty_->substeps();
  for (const dynamics::JointFailure& failure : report.failures)
    broken_bonds_ += static_cast<long long>(failure.points.size());
}

void Run::remove_escaped_bodies(StepOutcome& outcome) {
  model::Scene& scene = problem_.scene;
  outcome.removals = dynamics::remove_escaped_bodies(scene, options_.removal);
  for (const dynamics::Removal& removal : outcome.removals)
    summary_.removed.push_back(
        {scene.bodies[removal.body].name, scene.time, removal.bound, removal.value});
}

void Run::set_gravity(model::GravityLoad gravity) {
  model::validate(gravity);
  problem_.gravity = std::move(gravity);
}

void Run::drive(int body, model::PrescribedVelocity motion) {
  MOREAU_ASSERT(body >= 0 && body < static_cast<int>(problem_.scene.bodies.size()));
  model::Body& driven = problem_.scene.bodies[body];
  if (driven.motion != model::Motion::Driven)
    throw core::Diagnostic({}, driven.name, "a driven body (motion: driven) to drive",
                           "a body that is not driven");
  driven.prescribed = std::move(motion);
}

Checkpoint Run::checkpoint() const {
  Checkpoint checkpoint;
  checkpoint.problem_hash = problem_hash_;
  checkpoint.step = step_;
  checkpoint.time = problem_.scene.time;
  checkpoint.bodies = body_states(problem_.scene);
  checkpoint.stepper = stepper_->state();
  checkpoint.came_to_rest = monitor_.came_to_rest();
  checkpoint.standing = monitor_.standing();
  checkpoint.counts = summary_.counts;
  checkpoint.removed = summary_.removed;
  checkpoint.broken_bonds = static_cast<std::uint64_t>(broken_bonds_);
  checkpoint.substeps = static_cast<std::uint64_t>(summary_.substeps.value_or(0));
  checkpoint.peak_motion = summary_.peak_motion;
  checkpoint.first_motion = summary_.first_motion;
  checkpoint.last_stood = last_stood_;
  for (const std::unique_ptr<Observer>& observer : observers_) observer->save(checkpoint);
  return checkpoint;
}

// The resultant of the forces that bodies which do not move exert on free ones, N.
math::Vec3 Run::support_reaction() const {
  const model::Scene& scene = problem_.scene;
  math::Vec3 reaction = math::Vec3::Zero();
  for (const dynamics::Contact& contact : stepper_->contacts()) {
    const bool a_free = scene.bodies[contact.body_a].motion == model::Motion::Free;
    const bool b_free = scene.bodies[contact.body_b].motion == model::Motion::Free;
    if (a_free == b_free) continue;
    const math::Vec3 force_on_a = contact.frame * contact.force;
    reaction += a_free ? force_on_a : math::Vec3(-force_on_a);
  }
  return reaction;
}

RunSummary Run::summary() const {
  RunSummary summary = summary_;
  summary.simulated_time = problem_.scene.time;
  summary.support_reaction = support_reaction();
  if (penalty_) {
    const dynamics::DissipatedEnergy& dissipated = penalty_->dissipated();
    summary.penalty_energy = {outcome_.report.elastic_energy, dissipated.damping, dissipated.slip};
  }
  if (problem_.scene.interactions.has_cohesion())
    summary.bonds = BondCounts{
        static_cast<long long>(dynamics::intact_bonds(stepper_->state()).size()), broken_bonds_};
  for (const model::Body& body : problem_.scene.bodies) summary.bodies.push_back(final_state(body));
  summary.wall_seconds = wall_clock_.seconds();
  return summary;
}

}  // namespace moreau::run
