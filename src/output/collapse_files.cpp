#include "moreau/output/collapse_files.hpp"

#include "moreau/core/assert.hpp"
#include "moreau/core/output_file.hpp"
#include "moreau/geometry/aabb.hpp"
#include "moreau/math/quaternion.hpp"
#include "moreau/output/csv_field.hpp"
#include "moreau/output/interface_log.hpp"
#include "moreau/output/run_folder.hpp"
#include "moreau/output/vtk_writer.hpp"

#include <algorithm>
#include <iomanip>
#include <limits>
#include <ostream>

namespace moreau::output {
namespace {

using math::Vec3;

// -0 + 0 = +0: no "-0" written.
void write_vector(std::ostream& out, const Vec3& v) {
  out << ',' << v.x() + 0.0 << ',' << v.y() + 0.0 << ',' << v.z() + 0.0;
}

void write_forces(std::ostream& out, const model::Scene& scene,
                  const std::vector<dynamics::Contact>& contacts, const limit::Collapse& collapse) {
  out << std::setprecision(17) << "body_a,body_b,x,y,z,nx,ny,nz,normal_force,tx,ty,tz\n";
  for (const limit::ContactForce& force : collapse.forces) {
    const dynamics::Contact& c = contacts[static_cast<std::size_t>(force.contact)];
    out << csv_field(scene.bodies[static_cast<std::size_t>(c.body_a)].name) << ','
        << csv_field(scene.bodies[static_cast<std::size_t>(c.body_b)].name);
    write_vector(out, c.point.p);
    write_vector(out, c.frame.col(0));
    out << ',' << force.normal;
    write_vector(out, force.tangential);
    out << '\n';
  }
}

void write_mechanism(std::ostream& out, const model::Scene& scene,
                     const limit::Collapse& collapse) {
  out << std::setprecision(17) << "body,vx,vy,vz,wx,wy,wz\n";
  for (std::size_t b = 0; b < scene.bodies.size(); ++b) {
    out << csv_field(scene.bodies[b].name);
    write_vector(out, collapse.velocities[b]);
    write_vector(out, collapse.angular_velocities[b]);
    out << '\n';
  }
}

// The contacts with the collapse's forces (frame coordinates, on body_a); zero where it has
// none.
std::vector<dynamics::Contact> loaded_contacts(std::vector<dynamics::Contact> contacts,
                                               const limit::Collapse& collapse) {
  for (dynamics::Contact& c : contacts) c.force.setZero();
  for (const limit::ContactForce& force : collapse.forces) {
    dynamics::Contact& c = contacts[static_cast<std::size_t>(force.contact)];
    c.force = c.frame.transpose() * (force.normal * c.frame.col(0) + force.tangential);
  }
  return contacts;
}

// The largest side of the box around the free bodies, m.
double structure_size(const model::Scene& scene) {
  constexpr double kInfinity = std::numeric_limits<double>::infinity();
  geometry::Aabb box{Vec3::Constant(kInfinity), Vec3::Constant(-kInfinity)};
  for (const model::Body& body : scene.bodies) {
    if (body.motion != model::Motion::Free) continue;
    const geometry::Aabb around = geometry::bounding_box(body.shape, body.shape_pose());
    box = {box.lower.cwiseMin(around.lower), box.upper.cwiseMax(around.upper)};
  }
  return std::max((box.upper - box.lower).maxCoeff(), 0.0);
}

}  // namespace

void write_collapse_files(const std::filesystem::path& folder, const model::Scene& scene,
                          const std::vector<dynamics::Contact>& contacts,
                          const limit::Collapse& collapse) {
  MOREAU_ASSERT(collapse.outcome == limit::Collapse::Outcome::Collapse &&
                collapse.velocities.size() == scene.bodies.size());
  create_output_folder(folder);
  core::write_output_file(folder / "forces.csv",
                          [&](std::ostream& out) { write_forces(out, scene, contacts, collapse); });
  core::write_output_file(folder / "mechanism.csv",
                          [&](std::ostream& out) { write_mechanism(out, scene, collapse); });
  model::Scene moving = scene;
  for (std::size_t b = 0; b < scene.bodies.size(); ++b) {
    moving.bodies[b].v = collapse.velocities[b];
    moving.bodies[b].w_B = scene.bodies[b].q.conjugate() * collapse.angular_velocities[b];
  }
  const std::vector<dynamics::Contact> loaded = loaded_contacts(contacts, collapse);
  InterfaceLog(folder / "interfaces.csv", scene).record(0, 0.0, scene, loaded);
  VtkWriter frames(folder, scene);
  frames.write(0, 0.0, moving, loaded);
  const double s = structure_size(scene) / 20.0;
  for (model::Body& body : moving.bodies) {
    body.x += s * body.v;
    body.q = math::integrate_orientation(body.q, body.w_B, s);
  }
  frames.write(1, s, moving, {});
}

}  // namespace moreau::output
