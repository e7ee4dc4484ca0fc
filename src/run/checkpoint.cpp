#include "moreau/run/checkpoint.hpp"

#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/core/fnv1a.hpp"
#include "moreau/core/output_file.hpp"

#include <array>
#include <cmath>
#include <cstring>
#include <fstream>
#include <iomanip>
#include <iterator>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace moreau::run {
namespace {

constexpr std::array<char, 8> kMagic{'M', 'O', 'R', 'E', 'A', 'U', 'C', 'K'};
constexpr std::uint32_t kVersion = 16;
constexpr std::uint32_t kByteOrderMarker = 0x01020304;

std::string file_bytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw core::Diagnostic({path.string()}, "", "cannot be read");
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A map with text keys: u64 n, n times (key, value through `value_fields`), in key order. A
// map has no resize: both directions go through a vector of pairs (Map is const when writing).
template <class Io, class Map, class Value>
void map_fields(Io& io, Map& map, Value value_fields) {
  std::vector<std::pair<std::string, typename Map::mapped_type>> entries(map.begin(), map.end());
  io.sequence(entries, [&io, &value_fields](auto& entry) {
    io.text(entry.first);
    value_fields(entry.second);
  });
  if constexpr (!std::is_const_v<Map>) map = {entries.begin(), entries.end()};
}

// A contact key: i32 body_a, i32 body_b, u32 feature.
template <class Io, class Key>
void key_fields(Io& io, Key& key) {
  io.template number<std::int32_t>(key.body_a);
  io.template number<std::int32_t>(key.body_b);
  io.template number<std::uint32_t>(key.feature);
}

using RememberedContacts = std::vector<dynamics::ContactMemory::Entry>;

// The contacts a stepper's state remembers: the impulses of MoreauJeanState's last two steps,
// the tangential states of PenaltyState.
std::vector<const RememberedContacts*> remembered_contacts(const dynamics::MoreauJeanState& state) {
  return {&state.impulses, &state.earlier_impulses};
}
std::vector<const RememberedContacts*> remembered_contacts(const dynamics::PenaltyState& state) {
  return {&state.tangential_states};
}

// Remembered contacts (dynamics::ContactMemory's entries).
template <class Io, class Entries>
void remembered_contact_fields(Io& io, Entries& entries) {
  io.sequence(entries, [&io](auto& entry) {
    key_fields(io, entry.first);
    io.vector(entry.second.value);
    io.vector(entry.second.anchor);
  });
}

// A stepper's own state (dynamics::MoreauJeanState or PenaltyState), as the header lists.
template <class Io, class State>
void stepper_fields(Io& io, State& state) {
  if constexpr (std::is_same_v<std::remove_const_t<State>, dynamics::MoreauJeanState>) {
    remembered_contact_fields(io, state.impulses);
    remembered_contact_fields(io, state.earlier_impulses);
    io.template number<double>(state.solver.penalty);
    io.template number<std::uint8_t>(state.penalty);
  } else {
    remembered_contact_fields(io, state.tangential_states);
    io.template number<double>(state.dissipated.damping);
    io.template number<double>(state.dissipated.slip);
  }
  io.sequence(state.bonds, [&io](auto& entry) {
    key_fields(io, entry.first);
    io.template number<double>(entry.second.cohesion);
    io.template number<double>(entry.second.tensile_strength);
    io.vector(entry.second.anchor);
  });
}

// A mechanism as summary.json gives it (run::MechanismSummary).
template <class Io, class Mechanism>
void mechanism_fields(Io& io, Mechanism& mechanism) {
  io.text(mechanism.description);
  io.sequence(mechanism.parts, [&io](auto& part) {
    io.sequence(part.bodies, [&io](auto& name) { io.text(name); });
    io.template number<std::uint8_t>(part.turns);
    io.vector(part.axis_point);
    io.vector(part.direction);
  });
  const auto joint_fields = [&io](auto& joint) {
    io.text(joint.body_a);
    io.text(joint.body_b);
    io.vector(joint.position);
    io.vector(joint.direction);
  };
  io.sequence(mechanism.hinges, joint_fields);
  io.sequence(mechanism.sliding, joint_fields);
}

// The format after its header, field after field, as the header file lists it. Writing and
// reading go through this one function (Io = Writer with a const Checkpoint, or Reader), so
// that a field cannot be added to one direction only.
template <class Io, class C>
void checkpoint_fields(Io& io, C& checkpoint) {
  io.template number<std::uint64_t>(checkpoint.problem_hash);
  io.template number<std::int64_t>(checkpoint.step);
  io.template number<double>(checkpoint.time);
  io.sequence(checkpoint.bodies, [&io](auto& body) {
    io.vector(body.x);
    io.quaternion(body.q);
    io.vector(body.v);
    io.vector(body.w_B);
    io.template number<std::uint8_t>(body.removed);
  });
  io.variant(checkpoint.stepper, [&io](auto& state) { stepper_fields(io, state); });
  io.template number<std::uint8_t>(checkpoint.came_to_rest);
  io.optional(checkpoint.standing, [&io](auto& standing) {
    io.sequence(standing, [&io](auto& pose) {
      io.vector(pose.x);
      io.quaternion(pose.q);
    });
  });
  auto& counts = checkpoint.counts;
  io.template number<std::int32_t>(counts.solves);
  io.template number<std::int32_t>(counts.not_converged);
  io.template number<double>(counts.worst_error);
  io.template number<std::int64_t>(counts.total_iterations);
  io.template number<std::int32_t>(counts.max_iterations);
  // The solves each method answered (i64), by method.
  map_fields(io, counts.answered_by,
             [&io](auto& solves) { io.template number<std::int64_t>(solves); });
  io.sequence(checkpoint.removed, [&io](auto& removed) {
    io.text(removed.name);
    io.template number<double>(removed.time);
    io.text(removed.bound);
    io.template number<double>(removed.value);
  });
  io.template number<std::uint64_t>(checkpoint.broken_bonds);
  io.template number<std::uint64_t>(checkpoint.substeps);
  io.optional(checkpoint.peak_motion, [&io](auto& peak) {
    io.template number<double>(peak.time);
    io.template number<double>(peak.kinetic_energy);
    mechanism_fields(io, peak.mechanism);
  });
  io.optional(checkpoint.first_motion, [&io](auto& moved) {
    io.text(moved.criterion);
    io.text(moved.body);
    io.template number<double>(moved.value);
    io.template number<double>(moved.time);
    io.text(moved.load_factor_name);
    io.template number<double>(moved.load_factor);
    mechanism_fields(io, moved.mechanism);
  });
  io.optional(checkpoint.last_stood, [&io](auto& stood) {
    io.template number<double>(stood.time);
    io.template number<double>(stood.load_factor);
  });
  map_fields(io, checkpoint.output_states, [&io](auto& state) { io.text(state); });
}

// The mode a stepper's state is of, and the penalty mode's integration, as summary.json names
// them.
std::string stepper_mode(const dynamics::StepperState& state) {
  if (std::holds_alternative<dynamics::PenaltyState>(state)) return "penalty (explicit)";
  return std::get<dynamics::MoreauJeanState>(state).penalty ? "penalty (implicit)" : "nscd";
}

std::string problem_mode(const Problem& problem) {
  if (problem.mode == Mode::Nscd) return "nscd";
  return core::concat("penalty (", integration_name(problem.integration), ")");
}

}  // namespace

std::string checkpoint_name(long step) {
  std::ostringstream name;
  name << "checkpoint-" << std::setw(6) << std::setfill('0') << step;
  return name.str();
}

std::uint64_t problem_file_hash(const std::filesystem::path& problem_file) {
  return core::fnv1a(file_bytes(problem_file));
}

std::vector<BodyState> body_states(const model::Scene& scene) {
  std::vector<BodyState> states;
  for (const model::Body& body : scene.bodies)
    states.push_back({body.x, body.q, body.v, body.w_B, body.motion == model::Motion::Removed});
  return states;
}

void restore_bodies(model::Scene& scene, const std::vector<BodyState>& bodies) {
  for (std::size_t b = 0; b < bodies.size(); ++b) {
    model::Body& body = scene.bodies[b];
    body.x = bodies[b].x;
    body.q = bodies[b].q;
    body.v = bodies[b].v;
    body.w_B = bodies[b].w_B;
    if (bodies[b].removed) body.motion = model::Motion::Removed;
  }
}

void write_checkpoint(const std::filesystem::path& path, const Checkpoint& checkpoint) {
  CheckpointWriter writer;
  writer.number<std::array<char, 8>>(kMagic);
  writer.number<std::uint32_t>(kVersion);
  writer.number<std::uint32_t>(kByteOrderMarker);
  checkpoint_fields(writer, checkpoint);
  const std::uint64_t checksum = core::fnv1a(writer.bytes());
  core::write_output_file(path, [&](std::ostream& out) {
    out.write(writer.bytes().data(), static_cast<std::streamsize>(writer.bytes().size()));
    out.write(reinterpret_cast<const char*>(&checksum), sizeof checksum);
  });
}

Checkpoint read_checkpoint(const std::filesystem::path& path) {
  if (!std::filesystem::is_regular_file(path))
    throw core::Diagnostic({path.string()}, "--restart-from", "no such checkpoint file");
  const std::string bytes = file_bytes(path);
  CheckpointReader in(bytes, path);
  if (bytes.size() < sizeof kMagic || in.get<std::array<char, 8>>() != kMagic)
    throw core::Diagnostic({path.string()}, "",
                           "not a moreau checkpoint (it does not start with MOREAUCK)");
  if (const auto version = in.get<std::uint32_t>(); version != kVersion)
    throw core::Diagnostic({path.string()}, "checkpoint version",
                           core::concat(kVersion, " (this moreau's format)"),
                           core::concat(version));
  if (in.get<std::uint32_t>() != kByteOrderMarker)
    throw core::Diagnostic({path.string()}, "",
                           "the checkpoint was written on a machine of another byte order");
  Checkpoint checkpoint;
  checkpoint_fields(in, checkpoint);
  checkpoint.file = path;
  const std::size_t checked = in.offset();
  const auto checksum = in.get<std::uint64_t>();
  if (in.offset() != bytes.size() ||
      checksum != core::fnv1a(std::string_view(bytes).substr(0, checked)))
    throw core::Diagnostic({path.string()}, "",
                           "the checkpoint is damaged (its checksum does not match its content)");
  return checkpoint;
}

namespace {

// The values of a checkpoint that passed its checksum but that no run writes: a checkpoint
// written by another program, or edited, with its checksum recomputed. Each is refused before
// the run touches its folder (a step of -5 would otherwise remove every later checkpoint and
// then run 4.5e15 steps); the outputs check their own states where they read them, before they
// touch a file. N.B. not checked: the worst solver error, NaN after a solve that
// went non-finite (SolverCounts::add_step keeps it), and the sign of energy sums, which
// round-off (a history's dissipation of -1e-17 J) and user laws may make negative.
using core::concat;

class CheckpointValues {
 public:
  CheckpointValues(const Problem& problem, const Checkpoint& checkpoint)
      : problem_(problem), check_(checkpoint.file, checkpoint.step, checkpoint.time) {}

  void check(const Checkpoint& checkpoint) const {
    check_step_and_time(checkpoint.step, checkpoint.time);
    for (std::size_t b = 0; b < checkpoint.bodies.size(); ++b)
      check_body(concat("bodies[", b, ']'), checkpoint.bodies[b]);
    if (checkpoint.standing)
      for (std::size_t b = 0; b < checkpoint.standing->size(); ++b)
        check_pose(concat("standing[", b, ']'), (*checkpoint.standing)[b]);
    std::visit([&](const auto& state) { check_stepper(state); }, checkpoint.stepper);
    check_counts(checkpoint.counts);
    for (std::size_t r = 0; r < checkpoint.removed.size(); ++r) {
      const RemovedBody& removed = checkpoint.removed[r];
      check_.time(concat("removed[", r, "].time"), removed.time);
      check_.finite(concat("removed[", r, "].value"), removed.value);
    }
    if (const auto& peak = checkpoint.peak_motion) {
      check_.time("peak_motion.time", peak->time);
      check_.non_negative("peak_motion.kinetic_energy", peak->kinetic_energy);
    }
    if (const auto& moved = checkpoint.first_motion) {
      check_.time("first_motion.time", moved->time);
      check_.non_negative("first_motion.value", moved->value);
      check_.finite("first_motion.load_factor", moved->load_factor);
    }
    if (const auto& stood = checkpoint.last_stood) {
      check_.time("last_stood.time", stood->time);
      check_.finite("last_stood.load_factor", stood->load_factor);
    }
  }

 private:
  // The time of a run's step k is k h up to the round-off of k additions: half a step tells
  // every step from the next, and refuses what is not a time of this run (inf, nan, 1e300).
  void check_step_and_time(long step, double time) const {
    if (step < 0 || step > kMaxStepCount)
      check_.refuse("step", concat("a step from 0 to ", kMaxStepCount), concat(step));
    const double h = problem_.time_step;
    const double expected = static_cast<double>(step) * h;
    if (!(std::abs(time - expected) <= 0.5 * h))
      check_.refuse("time",
                    concat("the time of step ", step, ", ", expected, " s (step ", h, " s)"),
                    concat(time, " s"));
  }
  // A unit quaternion, to the round-off that integrate_orientation leaves (it normalizes).
  void check_pose(const std::string& key, const dynamics::Pose& pose) const {
    check_.finite(key + ".x", pose.x);
    const double norm = pose.q.coeffs().norm();
    if (!(std::abs(norm - 1.0) <= 1e-6))
      check_.refuse(key + ".q", "a unit quaternion", concat("one of norm ", norm));
  }
  void check_body(const std::string& key, const BodyState& body) const {
    check_pose(key, {body.x, body.q});
    check_.finite(key + ".v", body.v);
    check_.finite(key + ".w", body.w_B);
  }
  template <class State>
  void check_stepper(const State& state) const {
    for (const RememberedContacts* contacts : remembered_contacts(state))
      for (const auto& [key, entry] : *contacts) {
        check_.finite("contacts.value", entry.value);
        check_.finite("contacts.anchor", entry.anchor);
      }
    if constexpr (std::is_same_v<State, dynamics::PenaltyState>) {
      check_.finite("dissipated.damping", state.dissipated.damping);
      check_.finite("dissipated.slip", state.dissipated.slip);
    } else {
      check_.non_negative("solver.penalty", state.solver.penalty);
    }
    for (const auto& [key, bond] : state.bonds) {
      check_.non_negative("bonds.cohesion", bond.cohesion);
      check_.non_negative("bonds.tensile_strength", bond.tensile_strength);
      check_.finite("bonds.anchor", bond.anchor);
    }
  }
  void check_counts(const SolverCounts& counts) const {
    if (counts.solves < 0 || counts.not_converged < 0 || counts.not_converged > counts.solves ||
        counts.total_iterations < 0 || counts.max_iterations < 0)
      check_.refuse(
          "solver counts", "counts >= 0, not converged at most the solves",
          concat(counts.solves, " solves, ", counts.not_converged, " not converged, ",
                 counts.total_iterations, " iterations, ", counts.max_iterations, " at most"));
  }

  const Problem& problem_;
  CheckpointValueCheck check_;
};

}  // namespace

void check_checkpoint_matches(const Checkpoint& checkpoint, const Problem& problem) {
  const auto refuse = [&](const std::string& key, const std::string& expected,
                          const std::string& found) {
    throw core::Diagnostic({checkpoint.file.string()}, key,
                           core::concat(expected, " (the checkpoint is of another run)"), found);
  };
  // A problem built in code (no file) has hash 0, as Run gives its checkpoints.
  const std::uint64_t hash = problem.path.empty() ? 0 : problem_file_hash(problem.path);
  if (checkpoint.problem_hash != hash)
    refuse("problem file", core::concat("a checkpoint of ", problem.path.string()),
           "one of another problem file, or of an earlier version of this one");
  if (stepper_mode(checkpoint.stepper) != problem_mode(problem))
    refuse("mode", problem_mode(problem), stepper_mode(checkpoint.stepper));
  if (checkpoint.bodies.size() != problem.scene.bodies.size())
    refuse("bodies", core::concat(problem.scene.bodies.size(), " bodies"),
           core::concat(checkpoint.bodies.size()));
  if (checkpoint.standing && checkpoint.standing->size() != problem.scene.bodies.size())
    refuse("standing", core::concat(problem.scene.bodies.size(), " poses"),
           core::concat(checkpoint.standing->size()));
  const auto n = static_cast<int>(problem.scene.bodies.size());
  const auto check_bodies = [&](const collision::ContactKey& key, const std::string& what) {
    if (key.body_a < 0 || key.body_a >= n || key.body_b < 0 || key.body_b >= n)
      refuse(what, core::concat("body indices below ", n),
             core::concat(key.body_a, " / ", key.body_b));
  };
  std::visit(
      [&](const auto& state) {
        for (const RememberedContacts* contacts : remembered_contacts(state))
          for (const auto& [key, value] : *contacts) check_bodies(key, "contacts");
        for (const auto& [key, bond] : state.bonds) check_bodies(key, "bonds");
      },
      checkpoint.stepper);
  CheckpointValues(problem, checkpoint).check(checkpoint);
}

Checkpoint read_restart_checkpoint(const std::filesystem::path& file, const Problem& problem) {
  Checkpoint checkpoint = read_checkpoint(file);
  check_checkpoint_matches(checkpoint, problem);
  if (step_count(problem) <= checkpoint.step)
    throw core::Diagnostic({}, "duration",
                           core::concat("a duration past the checkpoint's time, ", checkpoint.time,
                                        " s (step ", checkpoint.step, ")"),
                           core::concat(problem.duration, " s"));
  return checkpoint;
}

void CheckpointValueCheck::refuse(const std::string& key, const std::string& expected,
                                  const std::string& found) const {
  throw core::Diagnostic({path_.string()}, key,
                         core::concat(expected, " (no run writes this checkpoint)"), found);
}

void CheckpointValueCheck::step(const std::string& key, long step) const {
  if (step < 0 || step > step_)
    refuse(key, core::concat("a step from 0 to the checkpoint's ", step_), core::concat(step));
}

void CheckpointValueCheck::time(const std::string& key, double time) const {
  if (!(time >= 0.0 && time <= time_))
    refuse(key, core::concat("a time from 0 to the checkpoint's ", time_, " s"),
           core::concat(time, " s"));
}

void CheckpointValueCheck::finite(const std::string& key, double value) const {
  if (!std::isfinite(value)) refuse(key, "a finite number", core::concat(value));
}

void CheckpointValueCheck::finite(const std::string& key, const math::Vec3& value) const {
  if (!value.allFinite())
    refuse(key, "a finite vector", core::concat(value.x(), ", ", value.y(), ", ", value.z()));
}

void CheckpointValueCheck::non_negative(const std::string& key, double value) const {
  if (!(value >= 0.0) || !std::isfinite(value))
    refuse(key, "a finite number >= 0", core::concat(value));
}

void CheckpointValueCheck::body(const std::string& key, int body, std::size_t bodies) const {
  if (body < 0 || static_cast<std::size_t>(body) >= bodies)
    refuse(key, core::concat("a body from 0 to ", bodies - 1), core::concat(body));
}

}  // namespace moreau::run
