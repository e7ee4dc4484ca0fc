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
constexpr std::uint32_t kVersion = 13;
constexpr std::uint32_t kByteOrderMarker = 0x01020304;

std::string file_bytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw core::Diagnostic({path.string()}, "", "cannot be read");
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Writes the fields of the format as raw bytes, in the machine's byte order: each value
// converted to the type it is stored as (Stored).
class Writer {
 public:
  template <typename Stored, typename T>
  void number(const T& value) {
    put(static_cast<Stored>(value));
  }
  void vector(const math::Vec3& vector) {
    for (int i = 0; i < 3; ++i) put(vector[i]);
  }
  void quaternion(const math::Quat& q) {
    for (const double component : {q.w(), q.x(), q.y(), q.z()}) put(component);
  }
  void text(const std::string& text) {
    put(static_cast<std::uint64_t>(text.size()));
    bytes_.append(text);
  }
  /// A count, then each item through `item`.
  template <typename Items, typename Item>
  void sequence(const Items& items, Item item) {
    put(static_cast<std::uint64_t>(items.size()));
    for (const auto& each : items) item(each);
  }
  /// A flag, then the value (a default one when absent: the record has a fixed size).
  template <typename T, typename Value>
  void optional(const std::optional<T>& value, Value write) {
    put(static_cast<std::uint8_t>(value.has_value()));
    const T written = value.value_or(T{});
    write(written);
  }
  /// The index of the alternative held (u8), then that alternative through `write`.
  template <typename... Ts, typename Value>
  void variant(const std::variant<Ts...>& value, Value write) {
    put(static_cast<std::uint8_t>(value.index()));
    std::visit(write, value);
  }
  const std::string& bytes() const { return bytes_; }

 private:
  template <typename T>
  void put(const T& value) {
    static_assert(std::is_trivially_copyable_v<T>);
    bytes_.append(reinterpret_cast<const char*>(&value), sizeof value);
  }

  std::string bytes_;
};

// Reads the fields back, refusing a file that ends before its last field.
class Reader {
 public:
  Reader(const std::string& bytes, const std::filesystem::path& path)
      : bytes_(bytes), path_(path) {}

  template <typename Stored, typename T>
  void number(T& value) {
    value = static_cast<T>(get<Stored>());
  }
  void vector(math::Vec3& vector) {
    for (int i = 0; i < 3; ++i) vector[i] = get<double>();
  }
  void quaternion(math::Quat& q) {
    const double w = get<double>(), x = get<double>(), y = get<double>(), z = get<double>();
    q = math::Quat(w, x, y, z);
  }
  void text(std::string& text) {
    text.assign(count(), '\0');
    take(text.data(), text.size());
  }
  template <typename Items, typename Item>
  void sequence(Items& items, Item item) {
    items.resize(count());
    for (auto& each : items) item(each);
  }
  template <typename T, typename Value>
  void optional(std::optional<T>& value, Value read) {
    const bool present = get<std::uint8_t>() != 0;
    T read_value{};
    read(read_value);
    if (present) value = read_value;
  }
  template <typename... Ts, typename Value>
  void variant(std::variant<Ts...>& value, Value read) {
    const std::size_t index = get<std::uint8_t>();
    if (index >= sizeof...(Ts))
      throw core::Diagnostic({path_.string()}, "",
                             core::concat("the checkpoint is damaged (alternative ", index,
                                          " of a field that has ", sizeof...(Ts), ")"));
    value = default_alternative<std::variant<Ts...>>(index, std::index_sequence_for<Ts...>{});
    std::visit(read, value);
  }

  template <typename T>
  T get() {
    static_assert(std::is_trivially_copyable_v<T>);
    T value;
    take(&value, sizeof value);
    return value;
  }
  std::size_t offset() const { return offset_; }

 private:
  // A count cannot exceed the bytes left (each item takes at least one): a damaged count
  // is refused before anything is allocated for it.
  std::size_t count() {
    const auto count = get<std::uint64_t>();
    if (count > bytes_.size() - offset_) truncated();
    return static_cast<std::size_t>(count);
  }
  void take(void* destination, std::size_t size) {
    if (size > bytes_.size() - offset_) truncated();
    std::memcpy(destination, bytes_.data() + offset_, size);
    offset_ += size;
  }
  template <typename Variant, std::size_t... I>
  static Variant default_alternative(std::size_t index, std::index_sequence<I...>) {
    Variant value;
    ((index == I ? void(value.template emplace<I>()) : void()), ...);
    return value;
  }
  [[noreturn]] void truncated() const {
    throw core::Diagnostic({path_.string()}, "",
                           "the checkpoint is truncated (it ends before its last field)");
  }

  const std::string& bytes_;
  const std::filesystem::path& path_;
  std::size_t offset_ = 0;
};

// The solves each method answered: u64 n, n times (name, i64 solves). A map has no resize:
// both directions go through a vector of pairs (Map is const when writing).
template <class Io, class Map>
void answered_by_fields(Io& io, Map& answered_by) {
  std::vector<std::pair<std::string, long long>> entries(answered_by.begin(), answered_by.end());
  io.sequence(entries, [&io](auto& entry) {
    io.text(entry.first);
    io.template number<std::int64_t>(entry.second);
  });
  if constexpr (!std::is_const_v<Map>) answered_by = {entries.begin(), entries.end()};
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
  io.template number<double>(checkpoint.history.dissipated_energy);
  io.template number<double>(checkpoint.history.load_work);
  io.template number<double>(checkpoint.history.next_load_work);
  io.sequence(checkpoint.history.last_rotation_deg,
              [&io](auto& rotation) { io.template number<double>(rotation); });
  auto& counts = checkpoint.counts;
  io.template number<std::int32_t>(counts.solves);
  io.template number<std::int32_t>(counts.not_converged);
  io.template number<double>(counts.worst_error);
  io.template number<std::int64_t>(counts.total_iterations);
  io.template number<std::int32_t>(counts.max_iterations);
  answered_by_fields(io, counts.answered_by);
  io.sequence(checkpoint.removed, [&io](auto& removed) {
    io.text(removed.name);
    io.template number<double>(removed.time);
    io.text(removed.bound);
    io.template number<double>(removed.value);
  });
  io.template number<std::uint64_t>(checkpoint.broken_bonds);
  io.template number<std::uint64_t>(checkpoint.substeps);
  io.optional(checkpoint.vtk.plane_patch, [&io](auto& patch) {
    io.vector(patch.centre_W);
    io.template number<double>(patch.half_size);
  });
  io.sequence(checkpoint.vtk.frames, [&io](auto& frame) {
    io.template number<std::int32_t>(frame.step);
    io.template number<double>(frame.time);
  });
  io.sequence(checkpoint.damage, [&io](auto& joint) {
    io.template number<std::int32_t>(joint.body_a);
    io.template number<std::int32_t>(joint.body_b);
    io.sequence(joint.points_a, [&io](auto& point) { io.vector(point); });
    io.sequence(joint.points_b, [&io](auto& point) { io.vector(point); });
    io.vector(joint.normal_b);
    io.template number<double>(joint.max_opening);
    io.template number<double>(joint.max_sliding);
  });
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
  Writer writer;
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
  Reader in(bytes, path);
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
// then run 4.5e15 steps). N.B. not checked: the worst solver error, NaN after a solve that
// went non-finite (SolverCounts::add_step keeps it), and the sign of energy sums, which
// round-off (a history's dissipation of -1e-17 J) and user laws may make negative.
using core::concat;

class CheckpointValues {
 public:
  CheckpointValues(const std::filesystem::path& path, const Problem& problem)
      : path_(path), problem_(problem) {}

  void check(const Checkpoint& checkpoint) const {
    check_step_and_time(checkpoint.step, checkpoint.time);
    for (std::size_t b = 0; b < checkpoint.bodies.size(); ++b)
      check_body(concat("bodies[", b, ']'), checkpoint.bodies[b]);
    std::visit([&](const auto& state) { check_stepper(state); }, checkpoint.stepper);
    check_finite("history.dissipated_energy", checkpoint.history.dissipated_energy);
    check_finite("history.load_work", checkpoint.history.load_work);
    check_finite("history.next_load_work", checkpoint.history.next_load_work);
    for (std::size_t r = 0; r < checkpoint.history.last_rotation_deg.size(); ++r)
      check_finite(concat("history.rotations[", r, ']'), checkpoint.history.last_rotation_deg[r]);
    check_counts(checkpoint.counts);
    for (std::size_t r = 0; r < checkpoint.removed.size(); ++r) {
      const RemovedBody& removed = checkpoint.removed[r];
      check_time(concat("removed[", r, "].time"), removed.time, checkpoint.time);
      check_finite(concat("removed[", r, "].value"), removed.value);
    }
    if (const auto& patch = checkpoint.vtk.plane_patch) {
      check_finite("vtk.plane_patch.centre", patch->centre_W);
      check_non_negative("vtk.plane_patch.half_size", patch->half_size);
    }
    for (std::size_t f = 0; f < checkpoint.vtk.frames.size(); ++f) {
      const VtkState::Frame& frame = checkpoint.vtk.frames[f];
      if (frame.step < 0 || frame.step > checkpoint.step)
        refuse(concat("vtk.frames[", f, "].step"),
               concat("a step from 0 to the checkpoint's ", checkpoint.step), concat(frame.step));
      check_time(concat("vtk.frames[", f, "].time"), frame.time, checkpoint.time);
    }
    for (std::size_t j = 0; j < checkpoint.damage.size(); ++j)
      check_joint(concat("damage[", j, ']'), checkpoint.damage[j], checkpoint.bodies.size());
    if (const auto& peak = checkpoint.peak_motion) {
      check_time("peak_motion.time", peak->time, checkpoint.time);
      check_non_negative("peak_motion.kinetic_energy", peak->kinetic_energy);
    }
    if (const auto& moved = checkpoint.first_motion) {
      check_time("first_motion.time", moved->time, checkpoint.time);
      check_non_negative("first_motion.value", moved->value);
      check_finite("first_motion.load_factor", moved->load_factor);
    }
  }

 private:
  [[noreturn]] void refuse(const std::string& key, const std::string& expected,
                           const std::string& found) const {
    throw core::Diagnostic({path_.string()}, key,
                           concat(expected, " (no run writes this checkpoint)"), found);
  }

  // The time of a run's step k is k h up to the round-off of k additions: half a step tells
  // every step from the next, and refuses what is not a time of this run (inf, nan, 1e300).
  void check_step_and_time(long step, double time) const {
    if (step < 0 || step > kMaxStepCount)
      refuse("step", concat("a step from 0 to ", kMaxStepCount), concat(step));
    const double h = problem_.stepping.h;
    const double expected = static_cast<double>(step) * h;
    if (!(std::abs(time - expected) <= 0.5 * h))
      refuse("time", concat("the time of step ", step, ", ", expected, " s (step ", h, " s)"),
             concat(time, " s"));
  }
  void check_time(const std::string& key, double time, double checkpoint_time) const {
    if (!(time >= 0.0 && time <= checkpoint_time))
      refuse(key, concat("a time from 0 to the checkpoint's ", checkpoint_time, " s"),
             concat(time, " s"));
  }
  void check_finite(const std::string& key, double value) const {
    if (!std::isfinite(value)) refuse(key, "a finite number", concat(value));
  }
  void check_finite(const std::string& key, const math::Vec3& value) const {
    if (!value.allFinite())
      refuse(key, "a finite vector", concat(value.x(), ", ", value.y(), ", ", value.z()));
  }
  void check_non_negative(const std::string& key, double value) const {
    if (!(value >= 0.0) || !std::isfinite(value))
      refuse(key, "a finite number >= 0", concat(value));
  }
  // A unit quaternion, to the round-off that integrate_orientation leaves (it normalizes).
  void check_body(const std::string& key, const BodyState& body) const {
    check_finite(key + ".x", body.x);
    check_finite(key + ".v", body.v);
    check_finite(key + ".w", body.w_B);
    const double norm = body.q.coeffs().norm();
    if (!(std::abs(norm - 1.0) <= 1e-6))
      refuse(key + ".q", "a unit quaternion", concat("one of norm ", norm));
  }
  void check_joint(const std::string& key, const dynamics::JointDamage& joint,
                   std::size_t bodies) const {
    for (const int body : {joint.body_a, joint.body_b})
      if (body < 0 || static_cast<std::size_t>(body) >= bodies)
        refuse(key + ".body", concat("a body from 0 to ", bodies - 1), concat(body));
    if (joint.points_a.size() != joint.points_b.size())
      refuse(key + ".points", "as many points on each body",
             concat(joint.points_a.size(), " and ", joint.points_b.size()));
    for (const auto* points : {&joint.points_a, &joint.points_b})
      for (const math::Vec3& point : *points) check_finite(key + ".points", point);
    check_finite(key + ".normal", joint.normal_b);
    check_non_negative(key + ".max_opening", joint.max_opening);
    check_non_negative(key + ".max_sliding", joint.max_sliding);
  }
  template <class State>
  void check_stepper(const State& state) const {
    for (const RememberedContacts* contacts : remembered_contacts(state))
      for (const auto& [key, entry] : *contacts) {
        check_finite("contacts.value", entry.value);
        check_finite("contacts.anchor", entry.anchor);
      }
    if constexpr (std::is_same_v<State, dynamics::PenaltyState>) {
      check_finite("dissipated.damping", state.dissipated.damping);
      check_finite("dissipated.slip", state.dissipated.slip);
    } else {
      check_non_negative("solver.penalty", state.solver.penalty);
    }
    for (const auto& [key, bond] : state.bonds) {
      check_non_negative("bonds.cohesion", bond.cohesion);
      check_non_negative("bonds.tensile_strength", bond.tensile_strength);
      check_finite("bonds.anchor", bond.anchor);
    }
  }
  void check_counts(const SolverCounts& counts) const {
    if (counts.solves < 0 || counts.not_converged < 0 || counts.not_converged > counts.solves ||
        counts.total_iterations < 0 || counts.max_iterations < 0)
      refuse("solver counts", "counts >= 0, not converged at most the solves",
             concat(counts.solves, " solves, ", counts.not_converged, " not converged, ",
                    counts.total_iterations, " iterations, ", counts.max_iterations, " at most"));
  }

  const std::filesystem::path& path_;
  const Problem& problem_;
};

}  // namespace

void check_checkpoint_matches(const Checkpoint& checkpoint, const std::filesystem::path& path,
                              const Problem& problem) {
  const auto refuse = [&](const std::string& key, const std::string& expected,
                          const std::string& found) {
    throw core::Diagnostic({path.string()}, key,
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
  CheckpointValues(path, problem).check(checkpoint);
}

}  // namespace moreau::run
