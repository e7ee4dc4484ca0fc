#include "moreau/output/history_writer.hpp"

#include "moreau/core/closest_match.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/core/output_file.hpp"
#include "moreau/dynamics/body_motion.hpp"
#include "moreau/math/quaternion.hpp"
#include "moreau/output/csv_field.hpp"
#include "solve_fields.hpp"

#include <cmath>
#include <numbers>
#include <utility>

namespace moreau::output {
namespace {

std::string header(const model::Scene& scene, const std::vector<std::size_t>& bodies,
                   bool relative) {
  std::string line =
      "step,time,detected,active,solver_status,iterations,error,solve_seconds,kinetic_energy,";
  if (relative) line += "relative_kinetic_energy,";
  line += "potential_energy,elastic_energy,contact_work,dissipated_energy,load_work,load_factor";
  for (const std::size_t b : bodies)
    for (const char* column : {".x", ".y", ".z", ".rotation_deg", ".speed"})
      line += ',' + csv_field(scene.bodies[b].name + column);
  return line + '\n';
}

std::size_t find_body(const model::Scene& scene, const std::string& name) {
  std::vector<std::string> names;
  for (std::size_t b = 0; b < scene.bodies.size(); ++b) {
    if (scene.bodies[b].name == name) return b;
    names.push_back(scene.bodies[b].name);
  }
  throw core::Diagnostic({}, "history bodies", core::with_suggestion("a body name", name, names),
                         "'" + name + "'");
}

// The angle in (-pi, pi] equal to `angle` modulo 2 pi.
double wrapped(double angle) { return std::remainder(angle, 2.0 * std::numbers::pi); }

}  // namespace

HistoryWriter::HistoryWriter(const std::filesystem::path& path, const model::Scene& initial,
                             const std::vector<std::string>& bodies,
                             std::optional<std::size_t> support)
    : path_(path), dimension_(initial.dimension), support_(support) {
  track(initial, bodies);
  last_rotation_deg_.assign(bodies_.size(), 0.0);
  out_.emplace(path_, header(initial, bodies_, support_.has_value()), std::nullopt);
}

HistoryWriter::HistoryWriter(const std::filesystem::path& path, const model::Scene& initial,
                             const std::vector<std::string>& bodies, long after_step,
                             HistoryState state, std::optional<std::size_t> support)
    : path_(path),
      dimension_(initial.dimension),
      support_(support),
      last_rotation_deg_(std::move(state.last_rotation_deg)),
      dissipated_energy_(state.dissipated_energy),
      load_work_(state.load_work),
      next_load_work_(state.next_load_work) {
  track(initial, bodies);
  if (last_rotation_deg_.size() != bodies_.size())
    throw core::Diagnostic({path_.string()}, "history bodies",
                           core::concat(bodies_.size(), " tracked bodies, as in the checkpoint"),
                           core::concat(last_rotation_deg_.size()));
  out_.emplace(path_, header(initial, bodies_, support_.has_value()), after_step);
}

void HistoryWriter::track(const model::Scene& initial, const std::vector<std::string>& bodies) {
  for (const std::string& name : bodies) {
    bodies_.push_back(find_body(initial, name));
    initial_orientation_.push_back(initial.bodies[bodies_.back()].q);
  }
}

// Planar mode: Δq = q q0^-1 is a rotation about y, Δq = (cos(a/2), 0, sin(a/2), 0), so
// a = 2 atan2(Δq_y, Δq_w); the step from the last row is taken in (-180, 180].
double HistoryWriter::rotation_deg(std::size_t tracked, const model::Scene& scene) {
  const math::Quat& q = scene.bodies[bodies_[tracked]].q;
  const math::Quat& q0 = initial_orientation_[tracked];
  if (dimension_ != 2) return math::degrees(math::rotation_angle(q0, q));
  const math::Quat dq = q * q0.conjugate();
  const double angle = 2.0 * std::atan2(dq.y(), dq.w());
  double& last = last_rotation_deg_[tracked];
  last += math::degrees(wrapped(angle - math::radians(last)));
  return last;
}

void HistoryWriter::record(int step, double time, const dynamics::StepReport& report,
                           double load_work, double load_factor, const model::Scene& scene) {
  add_unrecorded_step(report, load_work);
  std::ostream& row = out_->rows();
  row << step << ',' << time << ',' << report.detected << ',' << report.active << ',';
  write_solve_fields(row, report);
  row << ',' << (report.solve ? report.solve->seconds : 0.0) << ',' << report.kinetic_energy;
  if (support_) row << ',' << dynamics::kinetic_energy(scene, scene.bodies[*support_].v);
  row << ',' << report.potential_energy << ',' << report.elastic_energy << ','
      << report.contact_work << ',' << dissipated_energy_ << ',' << load_work_ << ','
      << load_factor;
  for (std::size_t i = 0; i < bodies_.size(); ++i) {
    const model::Body& body = scene.bodies[bodies_[i]];
    row << ',' << body.x.x() << ',' << body.x.y() << ',' << body.x.z() << ','
        << rotation_deg(i, scene) << ',' << body.v.norm();
  }
  row << '\n';
  out_->write_rows();
}

void HistoryWriter::add_unrecorded_step(const dynamics::StepReport& report, double load_work) {
  dissipated_energy_ -= report.contact_work;
  load_work_ += next_load_work_;
  next_load_work_ = load_work;
}

}  // namespace moreau::output
