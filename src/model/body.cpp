#include "moreau/model/body.hpp"

#include "moreau/geometry/mass_properties.hpp"

namespace moreau::model {

geometry::Pose Body::shape_pose() const {
  return {x + q * shape_in_body.position, q * shape_in_body.orientation};
}

Vec3 Body::point_velocity(const Vec3& p) const { return v + (q * w_B).cross(p - x); }

Body make_free_body(std::string name, geometry::Shape shape, double density,
                    const geometry::Pose& shape_pose, int dimension) {
  const geometry::MassProperties properties = geometry::mass_properties(shape, density);
  Body body;
  body.name = std::move(name);
  body.mass = properties.mass;
  // Body axes = principal axes P (columns, in the shape frame): x_shape = c + P x_body.
  // In planar mode the shape's own axes are kept: y is principal for a prism, and the
  // in-plane axes do not enter the mass matrix.
  const math::Mat3 P = dimension == 2 ? math::Mat3::Identity() : properties.principal_axes;
  body.inertia =
      dimension == 2 ? Vec3(properties.inertia.diagonal()) : properties.principal_moments;
  const Quat body_in_shape(P);
  body.q = (shape_pose.orientation * body_in_shape).normalized();
  body.x = shape_pose.point_to_world(properties.centre);
  // shape frame in body frame: the inverse of (c, P).
  body.shape_in_body = {-(body_in_shape.conjugate() * properties.centre),
                        body_in_shape.conjugate()};
  body.shape = std::move(shape);
  return body;
}

Body make_fixed_body(std::string name, geometry::Shape shape, const geometry::Pose& shape_pose) {
  Body body;
  body.name = std::move(name);
  body.shape = std::move(shape);
  body.motion = Motion::Fixed;
  body.x = shape_pose.position;
  body.q = shape_pose.orientation;
  return body;
}

}  // namespace moreau::model
