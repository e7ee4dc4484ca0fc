#include "moreau/run/checkpoint.hpp"

#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/core/output_file.hpp"

#include <array>
#include <cstring>
#include <fstream>
#include <iomanip>
#include <iterator>
#include <sstream>
#include <type_traits>

namespace moreau::run {
namespace {

constexpr std::array<char, 8> kMagic{'M', 'O', 'R', 'E', 'A', 'U', 'C', 'K'};
constexpr std::uint32_t kVersion = 5;
constexpr std::uint32_t kByteOrderMarker = 0x01020304;

// FNV-1a, 64 bits (Fowler, Noll, Vo): a few lines, and any changed byte changes the hash
// with probability 1 - 2^-64 for accidental damage.
std::uint64_t fnv1a(const std::string& bytes) {
  std::uint64_t hash = 0xcbf29ce484222325ULL;
  for (const char byte : bytes) {
    hash ^= static_cast<unsigned char>(byte);
    hash *= 0x100000001b3ULL;
  }
  return hash;
}

std::string file_bytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw core::Diagnostic({path.string()}, "", "cannot be read");
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Raw bytes of trivially copyable values, in the machine's byte order.
class Encoder {
 public:
  template <typename T>
  void put(const T& value) {
    static_assert(std::is_trivially_copyable_v<T>);
    bytes_.append(reinterpret_cast<const char*>(&value), sizeof value);
  }
  void put(const math::Vec3& vector) {
    for (int i = 0; i < 3; ++i) put(vector[i]);
  }
  void put(const math::Quat& q) {
    for (const double component : {q.w(), q.x(), q.y(), q.z()}) put(component);
  }
  void put_count(std::size_t count) { put(static_cast<std::uint64_t>(count)); }
  void put(const std::string& text) {
    put_count(text.size());
    bytes_.append(text);
  }
  const std::string& bytes() const { return bytes_; }

 private:
  std::string bytes_;
};

class Decoder {
 public:
  Decoder(const std::string& bytes, const std::filesystem::path& path)
      : bytes_(bytes), path_(path) {}

  template <typename T>
  T get() {
    static_assert(std::is_trivially_copyable_v<T>);
    T value;
    take(&value, sizeof value);
    return value;
  }
  math::Vec3 get_vec3() {
    math::Vec3 vector;
    for (int i = 0; i < 3; ++i) vector[i] = get<double>();
    return vector;
  }
  math::Quat get_quat() {
    const double w = get<double>(), x = get<double>(), y = get<double>(), z = get<double>();
    return {w, x, y, z};
  }
  // A count cannot exceed the bytes left (each item takes at least one): a damaged count
  // is refused before anything is allocated for it.
  std::size_t get_count() {
    const auto count = get<std::uint64_t>();
    if (count > bytes_.size() - offset_) truncated();
    return static_cast<std::size_t>(count);
  }
  std::string get_string() {
    std::string text(get_count(), '\0');
    take(text.data(), text.size());
    return text;
  }
  std::size_t offset() const { return offset_; }

 private:
  void take(void* destination, std::size_t size) {
    if (size > bytes_.size() - offset_) truncated();
    std::memcpy(destination, bytes_.data() + offset_, size);
    offset_ += size;
  }
  [[noreturn]] void truncated() const {
    throw core::Diagnostic({path_.string()}, "",
                           "the checkpoint is truncated (it ends before its last field)");
  }

  const std::string& bytes_;
  const std::filesystem::path& path_;
  std::size_t offset_ = 0;
};

void encode(Encoder& out, const Checkpoint& checkpoint) {
  out.put(kMagic);
  out.put(kVersion);
  out.put(kByteOrderMarker);
  out.put(checkpoint.problem_hash);
  out.put(static_cast<std::uint8_t>(checkpoint.mode == Mode::Penalty));
  out.put(static_cast<std::int64_t>(checkpoint.step));
  out.put(checkpoint.time);
  out.put_count(checkpoint.bodies.size());
  for (const BodyState& body : checkpoint.bodies) {
    out.put(body.x);
    out.put(body.q);
    out.put(body.v);
    out.put(body.w_B);
    out.put(static_cast<std::uint8_t>(body.removed));
  }
  out.put_count(checkpoint.stepper.contact_memory.size());
  for (const auto& [key, remembered] : checkpoint.stepper.contact_memory) {
    out.put(static_cast<std::int32_t>(key.body_a));
    out.put(static_cast<std::int32_t>(key.body_b));
    out.put(key.feature);
    out.put(remembered.value);
    out.put(remembered.anchor);
  }
  out.put(checkpoint.stepper.dissipated.damping);
  out.put(checkpoint.stepper.dissipated.slip);
  out.put_count(checkpoint.stepper.bonds.size());
  for (const auto& [key, bond] : checkpoint.stepper.bonds) {
    out.put(static_cast<std::int32_t>(key.body_a));
    out.put(static_cast<std::int32_t>(key.body_b));
    out.put(key.feature);
    out.put(bond.cohesion);
    out.put(bond.tensile_strength);
    out.put(bond.anchor);
  }
  out.put(static_cast<std::uint8_t>(checkpoint.came_to_rest));
  out.put(checkpoint.history.dissipated_energy);
  out.put_count(checkpoint.history.last_rotation_deg.size());
  for (const double rotation : checkpoint.history.last_rotation_deg) out.put(rotation);
  const SolverCounts& counts = checkpoint.counts;
  out.put(static_cast<std::int32_t>(counts.solves));
  out.put(static_cast<std::int32_t>(counts.not_converged));
  out.put(counts.worst_error);
  out.put(static_cast<std::int64_t>(counts.total_iterations));
  out.put(static_cast<std::int32_t>(counts.max_iterations));
  out.put_count(counts.answered_by.size());
  for (const auto& [method, solves] : counts.answered_by) {
    out.put(method);
    out.put(static_cast<std::int64_t>(solves));
  }
  out.put_count(checkpoint.removed.size());
  for (const RemovedBody& removed : checkpoint.removed) {
    out.put(removed.name);
    out.put(removed.time);
    out.put(removed.bound);
    out.put(removed.value);
  }
  out.put(checkpoint.broken_bonds);
  const run::VtkState::PlanePatch patch =
      checkpoint.vtk.plane_patch.value_or(run::VtkState::PlanePatch{});
  out.put(static_cast<std::uint8_t>(checkpoint.vtk.plane_patch.has_value()));
  out.put(patch.centre_W);
  out.put(patch.half_size);
  out.put_count(checkpoint.vtk.frames.size());
  for (const run::VtkState::Frame& frame : checkpoint.vtk.frames) {
    out.put(static_cast<std::int32_t>(frame.step));
    out.put(frame.time);
  }
}

bool get_flag(Decoder& in) { return in.get<std::uint8_t>() != 0; }

Checkpoint decode(Decoder& in) {
  Checkpoint checkpoint;
  checkpoint.problem_hash = in.get<std::uint64_t>();
  checkpoint.mode = get_flag(in) ? Mode::Penalty : Mode::Nscd;
  checkpoint.step = static_cast<long>(in.get<std::int64_t>());
  checkpoint.time = in.get<double>();
  checkpoint.bodies.resize(in.get_count());
  for (BodyState& body : checkpoint.bodies) {
    body.x = in.get_vec3();
    body.q = in.get_quat();
    body.v = in.get_vec3();
    body.w_B = in.get_vec3();
    body.removed = get_flag(in);
  }
  checkpoint.stepper.contact_memory.resize(in.get_count());
  for (auto& [key, remembered] : checkpoint.stepper.contact_memory) {
    key.body_a = in.get<std::int32_t>();
    key.body_b = in.get<std::int32_t>();
    key.feature = in.get<std::uint32_t>();
    remembered.value = in.get_vec3();
    remembered.anchor = in.get_vec3();
  }
  checkpoint.stepper.dissipated.damping = in.get<double>();
  checkpoint.stepper.dissipated.slip = in.get<double>();
  checkpoint.stepper.bonds.resize(in.get_count());
  for (auto& [key, bond] : checkpoint.stepper.bonds) {
    key.body_a = in.get<std::int32_t>();
    key.body_b = in.get<std::int32_t>();
    key.feature = in.get<std::uint32_t>();
    bond.cohesion = in.get<double>();
    bond.tensile_strength = in.get<double>();
    bond.anchor = in.get_vec3();
  }
  checkpoint.came_to_rest = get_flag(in);
  checkpoint.history.dissipated_energy = in.get<double>();
  checkpoint.history.last_rotation_deg.resize(in.get_count());
  for (double& rotation : checkpoint.history.last_rotation_deg) rotation = in.get<double>();
  SolverCounts& counts = checkpoint.counts;
  counts.solves = in.get<std::int32_t>();
  counts.not_converged = in.get<std::int32_t>();
  counts.worst_error = in.get<double>();
  counts.total_iterations = in.get<std::int64_t>();
  counts.max_iterations = in.get<std::int32_t>();
  for (std::size_t method = in.get_count(); method > 0; --method) {
    std::string name = in.get_string();
    counts.answered_by[std::move(name)] = in.get<std::int64_t>();
  }
  checkpoint.removed.resize(in.get_count());
  for (RemovedBody& removed : checkpoint.removed) {
    removed.name = in.get_string();
    removed.time = in.get<double>();
    removed.bound = in.get_string();
    removed.value = in.get<double>();
  }
  checkpoint.broken_bonds = in.get<std::uint64_t>();
  const bool has_patch = get_flag(in);
  run::VtkState::PlanePatch patch;
  patch.centre_W = in.get_vec3();
  patch.half_size = in.get<double>();
  if (has_patch) checkpoint.vtk.plane_patch = patch;
  checkpoint.vtk.frames.resize(in.get_count());
  for (run::VtkState::Frame& frame : checkpoint.vtk.frames) {
    frame.step = in.get<std::int32_t>();
    frame.time = in.get<double>();
  }
  return checkpoint;
}

const char* mode_name(Mode mode) { return mode == Mode::Penalty ? "penalty" : "nscd"; }

}  // namespace

std::string checkpoint_name(long step) {
  std::ostringstream name;
  name << "checkpoint-" << std::setw(6) << std::setfill('0') << step;
  return name.str();
}

std::uint64_t problem_file_hash(const std::filesystem::path& problem_file) {
  return fnv1a(file_bytes(problem_file));
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
  Encoder encoder;
  encode(encoder, checkpoint);
  const std::uint64_t checksum = fnv1a(encoder.bytes());
  core::write_output_file(path, [&](std::ostream& out) {
    out.write(encoder.bytes().data(), static_cast<std::streamsize>(encoder.bytes().size()));
    out.write(reinterpret_cast<const char*>(&checksum), sizeof checksum);
  });
}

Checkpoint read_checkpoint(const std::filesystem::path& path) {
  if (!std::filesystem::is_regular_file(path))
    throw core::Diagnostic({path.string()}, "--restart-from", "no such checkpoint file");
  const std::string bytes = file_bytes(path);
  Decoder in(bytes, path);
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
  Checkpoint checkpoint = decode(in);
  const std::size_t checked = in.offset();
  const auto checksum = in.get<std::uint64_t>();
  if (in.offset() != bytes.size() || checksum != fnv1a(bytes.substr(0, checked)))
    throw core::Diagnostic({path.string()}, "",
                           "the checkpoint is damaged (its checksum does not match its content)");
  return checkpoint;
}

void check_checkpoint_matches(const Checkpoint& checkpoint, const std::filesystem::path& path,
                              const Problem& problem) {
  const auto refuse = [&](const std::string& key, const std::string& expected,
                          const std::string& found) {
    throw core::Diagnostic({path.string()}, key,
                           core::concat(expected, " (the checkpoint is of another run)"), found);
  };
  if (checkpoint.problem_hash != problem_file_hash(problem.path))
    refuse("problem file", core::concat("a checkpoint of ", problem.path.string()),
           "one of another problem file, or of an earlier version of this one");
  if (checkpoint.mode != problem.mode)
    refuse("mode", mode_name(problem.mode), mode_name(checkpoint.mode));
  if (checkpoint.bodies.size() != problem.scene.bodies.size())
    refuse("bodies", core::concat(problem.scene.bodies.size(), " bodies"),
           core::concat(checkpoint.bodies.size()));
  const auto n = static_cast<int>(problem.scene.bodies.size());
  const auto check_bodies = [&](const collision::ContactKey& key, const std::string& what) {
    if (key.body_a < 0 || key.body_a >= n || key.body_b < 0 || key.body_b >= n)
      refuse(what, core::concat("body indices below ", n),
             core::concat(key.body_a, " / ", key.body_b));
  };
  for (const auto& [key, value] : checkpoint.stepper.contact_memory) check_bodies(key, "contacts");
  for (const auto& [key, bond] : checkpoint.stepper.bonds) check_bodies(key, "bonds");
}

}  // namespace moreau::run
