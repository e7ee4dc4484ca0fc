#include "moreau/output/interface_log.hpp"

#include "moreau/core/output_file.hpp"
#include "moreau/dynamics/interfaces.hpp"
#include "moreau/output/csv_field.hpp"

namespace moreau::output {

InterfaceLog::InterfaceLog(const std::filesystem::path& path, const model::Scene& scene,
                           std::optional<long> continue_after)
    : out_(path,
           "step,time,body_a,body_b,points,normal_force,shear_force,normal_x,normal_y,normal_z,"
           "shear_x,shear_y,shear_z,centre_x,centre_y,centre_z,eccentricity_ratio,in_kernel\n",
           continue_after) {
  for (const model::Body& body : scene.bodies) names_.push_back(csv_field(body.name));
}

void InterfaceLog::record(long step, double time, const model::Scene& scene,
                          const std::vector<dynamics::Contact>& contacts) {
  std::ostream& row = out_.rows();
  for (const dynamics::Interface& joint : dynamics::find_interfaces(contacts, scene)) {
    row << step << ',' << time << ',' << names_[static_cast<std::size_t>(joint.body_a)] << ','
        << names_[static_cast<std::size_t>(joint.body_b)] << ',' << joint.points << ','
        << joint.normal_force << ',' << joint.shear_force.norm();
    for (const math::Vec3* v : {&joint.normal, &joint.shear_force, &joint.centre_of_pressure})
      row << ',' << v->x() << ',' << v->y() << ',' << v->z();
    row << ',' << joint.eccentricity_ratio << ',' << (joint.in_kernel() ? 1 : 0) << '\n';
  }
  out_.write_rows();
}

}  // namespace moreau::output
