// The `bodies` section: shapes, poses, initial velocities and driven supports.
#include "moreau/core/concat.hpp"
#include "moreau/core/input_limits.hpp"
#include "moreau/geometry/convex_hull.hpp"
#include "moreau/ground_motion/acceleration_record.hpp"
#include "moreau/math/quaternion.hpp"
#include "moreau/mesh/obj_block.hpp"
#include "problem_sections.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>

namespace moreau::io {
namespace {

using core::concat;
using math::Vec2;
using math::Vec3;

// A quaternion written by hand has a few significant digits: 1e-6 accepts
// [0.7071068, 0, 0.7071068, 0] and refuses a forgotten component, which changes |q| by far more.
constexpr double kUnitQuaternionTolerance = 1e-6;
// A polyhedron vertex closer than this (relative to the extent) to a hull vertex is that corner.
constexpr double kCornerTolerance = 1e-9;

constexpr const char* kPlanarAngularVelocity = "[0, w, 0] in planar mode (rotation about y)";

// A point, vector or direction read from `field`: in planar mode its y component must be 0.
Vec3 in_plane(const Field& field, const Vec3& value, int dimension) {
  if (dimension == 2 && value.y() != 0.0)
    field.fail("[x, 0, z] in planar mode (bodies move in the x-z plane)");
  return value;
}

geometry::Shape read_sphere(const Field& shape) {
  shape.check_keys({"type", "radius"});
  return geometry::Sphere{shape.get("radius").length()};
}

geometry::Shape read_box(const Field& shape) {
  shape.check_keys({"type", "size"});
  const std::vector<Field> size = shape.get("size").elements("a list of 3 lengths [lx, ly, lz]", 3);
  const Vec3 lengths(size[0].length(), size[1].length(), size[2].length());
  Eigen::Index thinnest = 0;
  if (lengths.minCoeff(&thinnest) < core::kMinAspect * lengths.maxCoeff())
    size[static_cast<std::size_t>(thinnest)].fail(
        concat("a length of at least ", core::kMinAspect, " times the box's largest, ",
               lengths.maxCoeff(), " m (a thinner box has faces of no area)"));
  return geometry::Box{0.5 * lengths};
}

// The hull of the vertices, refusing vertices that are not among its corners: such a vertex
// means the intended solid is not convex (or the vertex is redundant), and silently taking
// the hull would simulate another block than the one drawn. Or the block of an OBJ
// vertex/face list, relative to the problem file's folder.
geometry::Shape read_polyhedron(const Field& shape, const std::filesystem::path& folder) {
  shape.check_keys({"type", "vertices", "file"});
  if (const auto file = shape.find("file")) {
    if (shape.find("vertices")) file->fail("either vertices or file, not both");
    const std::filesystem::path path = folder / file->text();
    if (!std::filesystem::is_regular_file(path))
      file->fail("an OBJ file (relative to the problem file's folder)",
                 concat("no file ", path.string()));
    return mesh::read_obj_block(path, shape.path());
  }
  const Field list = shape.get("vertices");
  const std::vector<Field> entries = list.elements("a list of at least 4 vertices [x, y, z]");
  std::vector<Vec3> points;
  points.reserve(entries.size());
  for (const Field& entry : entries) points.push_back(entry.vec3_within(core::kMaxLength, "m"));
  geometry::ConvexPolyhedron hull = geometry::convex_hull(points, list.location(), list.path());
  double extent = 0.0;
  for (const Vec3& p : points) extent = std::max(extent, (p - points.front()).norm());
  for (std::size_t i = 0; i < points.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j)
      if ((points[i] - points[j]).norm() <= kCornerTolerance * extent)
        entries[i].fail("a vertex distinct from the others (each a corner, given once)",
                        concat("the point of vertices[", j, ']'));
    bool corner = false;
    for (const Vec3& v : hull.vertices())
      corner = corner || (v - points[i]).norm() <= kCornerTolerance * extent;
    if (!corner)
      entries[i].fail("a corner of the convex hull of the vertices (polyhedra must be convex)",
                      "a point inside the hull or on one of its faces");
  }
  return hull;
}

geometry::Shape read_polygon(const Field& shape) {
  shape.check_keys({"type", "vertices"});
  const Field list = shape.get("vertices");
  std::vector<Vec2> vertices;
  for (const Field& entry : list.elements("a list of vertices [x, z]"))
    vertices.push_back(entry.point2());
  return geometry::Polygon(std::move(vertices), list.location(), list.path());
}

geometry::Shape read_shape(const Field& shape, const SceneContext& context) {
  const int dimension = context.dimension;
  const Field type_field = shape.get("type");
  const std::string type = type_field.choice({"sphere", "plane", "box", "polyhedron", "polygon"});
  if (dimension == 2 && type != "polygon" && type != "plane")
    type_field.fail("polygon or plane in planar mode (dimension: 2)");
  if (dimension == 3 && type == "polygon")
    type_field.fail("sphere, plane, box or polyhedron in 3D (polygons need dimension: 2)");
  if (type == "sphere") return read_sphere(shape);
  if (type == "box") return read_box(shape);
  if (type == "polyhedron") return read_polyhedron(shape, context.folder);
  if (type == "polygon") return read_polygon(shape);
  shape.check_keys({"type"});
  return geometry::Plane{};
}

math::Quat read_quaternion(const Field& field, int dimension) {
  const std::vector<Field> parts = field.elements("a list of 4 numbers [w, x, y, z]", 4);
  const auto component = [](const Field& part) {
    return part.number_in(-core::kMaxQuaternionComponent, core::kMaxQuaternionComponent);
  };
  const math::Quat q(component(parts[0]), component(parts[1]), component(parts[2]),
                     component(parts[3]));
  if (std::abs(q.norm() - 1.0) > kUnitQuaternionTolerance)
    field.fail("a unit quaternion [w, x, y, z] (|q| = 1 within 1e-6)", concat("|q| = ", q.norm()));
  if (dimension == 2 && (q.x() != 0.0 || q.z() != 0.0))
    field.fail("a rotation about y in planar mode: [w, 0, y, 0]");
  return q.normalized();
}

// Axis and angle (degrees), or a quaternion. Planar mode rotates about y only: the axis may
// be left out there.
math::Quat read_orientation(const Field& orientation, int dimension) {
  orientation.check_keys({"axis", "angle", "quaternion"});
  if (const auto quaternion = orientation.find("quaternion")) {
    if (orientation.find("axis") || orientation.find("angle"))
      orientation.fail_with("give either axis and angle or a quaternion, not both");
    return read_quaternion(*quaternion, dimension);
  }
  const double angle =
      math::radians(orientation.get("angle").number_in(-core::kMaxAngle, core::kMaxAngle, "deg"));
  if (dimension == 2 && !orientation.find("axis"))
    return math::from_axis_angle(Vec3::UnitY(), angle);
  const Field axis_field = orientation.get("axis");
  const Vec3 axis = axis_field.direction();
  if (dimension == 2 && (axis.x() != 0.0 || axis.z() != 0.0))
    axis_field.fail("[0, 1, 0] or [0, -1, 0] in planar mode (rotation about y)");
  return math::from_axis_angle(axis, angle);
}

Vec3 read_angular_velocity(const Field& field, int dimension) {
  Vec3 w = field.vec3_within(core::kMaxAngularSpeed, "rad/s");
  if (dimension == 2 && (w.x() != 0.0 || w.z() != 0.0)) field.fail(kPlanarAngularVelocity);
  return w;
}

ground_motion::AccelerationUnit read_acceleration_unit(const Field& motion) {
  return *ground_motion::acceleration_unit(
      motion.get("units").choice(ground_motion::acceleration_unit_names()));
}

// A record's file in the layout its keys name: a PEER NGA .AT2 file (its header gives the
// units and the time step), a single column at a constant `time_step`, or a CSV file with a
// time column, of 2 columns along `direction` or of 4 (world components).
model::AccelerationRecord read_record_file(const Field& component, const SceneContext& context) {
  const Field record_field = component.get("record");
  const std::filesystem::path path = context.folder / record_field.text();
  if (!std::filesystem::is_regular_file(path))
    record_field.fail("a record file (relative to the problem file's folder)",
                      concat("no file ", path.string()));
  if (ground_motion::record_layout(path) == ground_motion::RecordLayout::At2) {
    for (const char* key : {"units", "time_step"})
      if (const auto given = component.find(key))
        given->fail_with(
            "a PEER NGA .AT2 file's header gives its units (g) and time step: "
            "leave this key out");
    return ground_motion::read_at2_record(
        path, read_direction(component.get("direction"), context.dimension));
  }
  const ground_motion::AccelerationUnit unit = read_acceleration_unit(component);
  if (const auto time_step = component.find("time_step"))
    return ground_motion::read_single_column_record(
        path, unit, time_step->positive_at_most(ground_motion::kMaxRecordTimeStep, "s"),
        read_direction(component.get("direction"), context.dimension));
  if (const auto direction = component.find("direction"))
    return ground_motion::read_acceleration_record(path, unit,
                                                   read_direction(*direction, context.dimension));
  return ground_motion::read_acceleration_record(path, unit);
}

// One of ReadOverrides::record's files in place of the ground motion's own record: its layout
// from its extension and header, its units and time step from the override or else the ground
// motion's keys, along `axis` if given (a component of an event), else along the ground
// motion's `direction` (or a 4-column CSV file's own).
model::AccelerationRecord read_replaced_record(const Field& motion, const SceneContext& context,
                                               const std::filesystem::path& path,
                                               const std::optional<Vec3>& axis) {
  const RecordOverride& replacement = *context.record;
  if (!std::filesystem::is_regular_file(path))
    throw core::Diagnostic({path.string()}, "--record", "a record file", "no such file");
  const auto direction = [&] {
    return axis ? *axis : read_direction(motion.get("direction"), context.dimension);
  };
  const ground_motion::RecordLayout layout = ground_motion::record_layout(path);
  if (layout == ground_motion::RecordLayout::At2)
    return ground_motion::read_at2_record(path, direction());
  const ground_motion::AccelerationUnit unit =
      replacement.units ? *replacement.units : read_acceleration_unit(motion);
  if (layout == ground_motion::RecordLayout::SingleColumn)
    return ground_motion::read_single_column_record(
        path, unit,
        replacement.time_step
            ? *replacement.time_step
            : motion.get("time_step").positive_at_most(ground_motion::kMaxRecordTimeStep, "s"),
        direction());
  if (ground_motion::csv_record_columns(path) != 4)
    return ground_motion::read_acceleration_record(path, unit, direction());
  if (axis)
    throw core::Diagnostic({path.string()}, "--record",
                           "a component along one direction (.AT2, 2-column CSV or single "
                           "column)",
                           "a CSV file of 4 columns, with a direction of its own");
  return ground_motion::read_acceleration_record(path, unit);
}

// ReadOverrides::record's files in place of the ground motion's own record: one along its
// direction, or an event's components along x, y (and z) in a problem in 3D.
std::vector<model::AccelerationRecord> read_replaced_records(const Field& motion,
                                                             const SceneContext& context) {
  const std::vector<std::filesystem::path>& files = context.record->files;
  if (files.size() == 1) return {read_replaced_record(motion, context, files.front(), {})};
  if (files.size() > 3 || context.dimension == 2)
    throw core::Diagnostic({files.front().string()}, "--record",
                           context.dimension == 2
                               ? "one record file in a planar problem"
                               : "one record file, or the 2 or 3 components of an event",
                           concat(files.size(), " files"));
  std::vector<model::AccelerationRecord> components;
  for (std::size_t axis = 0; axis < files.size(); ++axis)
    components.push_back(
        read_replaced_record(motion, context, files[axis], Vec3::Unit(static_cast<int>(axis))));
  return components;
}

// The components of a ground motion: the one its own keys name, or its `components` list.
std::vector<model::AccelerationRecord> read_components(const Field& motion,
                                                       const SceneContext& context,
                                                       std::string& source) {
  const std::optional<Field> list = motion.find("components");
  if (list.has_value() == motion.find("record").has_value())
    motion.fail("either record (one component) or components (a list of them)",
                list ? "both" : "neither");
  if (context.record) {
    if (list)
      list->fail_with(
          "a ground motion given by `record`: --record replaces one record, and this ground "
          "motion has a list of them");
    for (const std::filesystem::path& file : context.record->files)
      source += concat(source.empty() ? "" : " + ", file.string());
    return read_replaced_records(motion, context);
  }
  if (!list) {
    source = motion.get("record").text();
    return {read_record_file(motion, context)};
  }
  for (const char* key : {"units", "direction", "time_step"})
    if (const auto given = motion.find(key))
      given->fail_with(
          "with components, each component takes its own units, direction and "
          "time_step");
  std::vector<model::AccelerationRecord> components;
  for (const Field& component : list->elements("a list of records, one per component")) {
    component.check_keys({"record", "units", "direction", "time_step"});
    source += concat(source.empty() ? "" : " + ", component.get("record").text());
    components.push_back(read_record_file(component, context));
  }
  return components;
}

// The file's own factor on the record: `scale`, or the one that brings its peak horizontal
// acceleration to `pga` (g); at most one of them.
double read_own_record_scale(const Field& motion, const model::GroundMotion& unscaled) {
  const std::optional<Field> scale = motion.find("scale");
  const std::optional<Field> pga = motion.find("pga");
  if (scale && pga) pga->fail_with("give either scale or pga, not both");
  if (scale) return scale->positive_at_most(core::kMaxRecordScale);
  if (!pga) return 1.0;
  const double target =
      pga->positive_at_most(core::kMaxAcceleration / model::kStandardGravity, "g");
  const double peak = unscaled.peak_horizontal() / model::kStandardGravity;
  if (!(target <= core::kMaxRecordScale * peak))
    pga->fail(concat("a PGA reached with a scale of at most ", core::kMaxRecordScale,
                     " (the record's own horizontal PGA is ", peak, " g)"),
              concat(target, " g"));
  return target / peak;
}

// The factor on the record: the file's own (read_own_record_scale) times the front end's
// record_scale, within kMaxRecordScale.
double read_record_scale(const Field& motion, const model::GroundMotion& unscaled,
                         double record_scale) {
  const double own = read_own_record_scale(motion, unscaled);
  if (!(own * record_scale <= core::kMaxRecordScale))
    motion.get(motion.find("scale") ? "scale"
               : motion.find("pga") ? "pga"
                                    : "record")
        .fail_with(concat("with --record-scale ", record_scale, " the record is scaled by ",
                          own * record_scale, ", beyond ", core::kMaxRecordScale));
  return own * record_scale;
}

model::PrescribedVelocity read_ground_motion(const Field& motion, const SceneContext& context,
                                             const std::string& body, SceneBuilder& builder) {
  motion.check_keys(
      {"record", "units", "direction", "time_step", "components", "scale", "pga", "baseline"});
  model::GroundMotion ground{body, "", 1.0, {}};
  const std::vector<model::AccelerationRecord> components =
      read_components(motion, context, ground.source);
  // Where the file gave the record, for the messages about all of it.
  const Field source = motion.get(motion.find("record") ? "record" : "components");
  ground.record = components.size() == 1 ? components.front() : model::superpose(components);
  ground.scale = read_record_scale(motion, ground, context.record_scale);
  // Finite: each sample is within kMaxAcceleration (the readers), the scale within
  // kMaxRecordScale, and the superposition of a few components adds a few of them.
  for (Vec3& a : ground.record.acceleration) {
    a *= ground.scale;
    if (context.dimension == 2 && a.y() != 0.0)
      source.fail("a record without y component in planar mode", "a_y != 0");
  }
  double peak = 0.0;
  for (const Vec3& a : ground.record.acceleration) peak = std::max(peak, a.norm());
  warn_about_peak_acceleration(motion.find("scale").value_or(motion.find("pga").value_or(source)),
                               peak, builder.warnings);
  warn_about_sampling_step(source, context.h, ground.record.time, builder.warnings);
  const bool linear =
      !motion.find("baseline") || motion.get("baseline").choice({"linear", "none"}) == "linear";
  try {
    model::PrescribedVelocity velocity =
        model::ground_motion_velocity(ground.record, linear ? model::BaselineCorrection::Linear
                                                            : model::BaselineCorrection::None);
    builder.ground_motions.push_back(std::move(ground));
    return velocity;
  } catch (const core::Diagnostic& error) {
    // The model knows the samples (acceleration[i], the record's data row i + 1), not the
    // file: the error at the record's key, naming the file.
    source.fail_with(concat(ground.source, ": ", error.key(), ": ", error.message()));
  }
}

// Sampled at the time step over the run: the pulse is then as fine as the integration.
model::PrescribedVelocity read_ricker(const Field& ricker, const SceneContext& context,
                                      const std::string& body, SceneBuilder& builder) {
  ricker.check_keys({"peak", "units", "frequency", "t0", "direction"});
  if (context.record)
    ricker.fail_with(
        "a ground motion given by a record file: --record replaces a record, and "
        "a Ricker pulse has none");
  const ground_motion::AccelerationUnit peak_unit = read_acceleration_unit(ricker);
  const double unit = ground_motion::metres_per_second_squared(peak_unit);
  const Field peak_field = ricker.get("peak");
  // The peak times the front end's record_scale, within kMaxAcceleration as the peak itself.
  const double peak =
      peak_field.positive_at_most(core::kMaxAcceleration / unit / context.record_scale,
                                  ground_motion::unit_name(peak_unit)) *
      unit * context.record_scale;
  warn_about_peak_acceleration(peak_field, peak, builder.warnings);
  const double frequency = ricker.get("frequency").positive_at_most(core::kMaxFrequency, "Hz");
  const double t0 = ricker.get("t0").number_in(0.0, core::kMaxTime, "s");
  const Field direction = ricker.get("direction");
  model::GroundMotion ground{
      body, concat("Ricker pulse of ", frequency, " Hz"), context.record_scale,
      model::ricker_pulse(peak, frequency, t0, read_direction(direction, context.dimension),
                          context.h, context.duration)};
  // The Ricker wavelet is the second derivative of a Gaussian: its velocity returns to 0 by
  // itself, so no baseline correction is needed.
  model::PrescribedVelocity velocity =
      model::ground_motion_velocity(ground.record, model::BaselineCorrection::None);
  builder.ground_motions.push_back(std::move(ground));
  return velocity;
}

model::PrescribedVelocity read_settlement(const Field& settlement, int dimension) {
  settlement.check_keys({"time", "displacement"});
  const Field time_field = settlement.get("time");
  model::DisplacementHistory history;
  for (const Field& sample : time_field.elements("a list of times (s)"))
    history.time.push_back(sample.number_in(0.0, core::kMaxTime, "s"));
  if (history.time.size() < 2) time_field.fail("at least 2 times (s)");
  for (std::size_t i = 1; i < history.time.size(); ++i)
    if (!(history.time[i] > history.time[i - 1])) time_field.fail("strictly increasing times (s)");
  const Field displacement = settlement.get("displacement");
  const std::vector<Field> samples = displacement.elements(
      concat("a list of ", history.time.size(), " displacements (one per time)"),
      history.time.size());
  for (const Field& sample : samples)
    history.displacement.push_back(read_planar_vector(sample, dimension, core::kMaxLength, "m"));
  if (!history.displacement.front().isZero(0.0))
    samples.front().fail("[0, 0, 0]: displacements are relative to the initial position");
  // The support moves at the slope between two samples, a speed like any other: a jump of
  // 1e6 m in 5e-324 s gave it an infinite velocity.
  for (std::size_t i = 1; i < samples.size(); ++i) {
    const double speed = (history.displacement[i] - history.displacement[i - 1]).norm() /
                         (history.time[i] - history.time[i - 1]);
    if (!(speed <= core::kMaxSpeed))
      samples[i].fail(
          concat("a displacement reached from the previous one at most ", core::kMaxSpeed, " m/s"),
          concat(speed, " m/s"));
  }
  return model::settlement_velocity(history);
}

// Fixed and driven bodies have no mass and no initial velocity of their own.
model::Body make_body(const Field& entry, std::string name, geometry::Shape shape,
                      const geometry::Pose& pose, const SceneContext& context, int material,
                      SceneBuilder& builder) {
  const bool fixed = entry.find("fixed") && entry.get("fixed").flag();
  const std::optional<Field> driven = entry.find("driven");
  if (fixed && driven) driven->fail_with("a fixed body cannot also be driven");
  if ((fixed || driven) && (entry.find("velocity") || entry.find("angular_velocity")))
    entry.get(entry.find("velocity") ? "velocity" : "angular_velocity")
        .fail_with(
            "only free bodies take an initial velocity (a driven body takes it under driven)");
  if (std::holds_alternative<geometry::Plane>(shape) && !fixed && !driven)
    entry.get("shape").fail_with("a plane has no finite mass: it must be fixed: true or driven");
  if (fixed || driven) {
    model::Body body = model::make_fixed_body(std::move(name), std::move(shape), pose);
    if (driven) drive(body, read_driven(*driven, context, body.name, builder));
    return body;
  }
  model::Body body =
      model::make_free_body(std::move(name), std::move(shape), context.materials[material].density,
                            pose, context.dimension);
  if (const auto velocity = entry.find("velocity"))
    body.v = read_planar_vector(*velocity, context.dimension, core::kMaxSpeed, "m/s");
  if (const auto angular = entry.find("angular_velocity"))
    body.w_B = body.q.conjugate() * read_angular_velocity(*angular, context.dimension);
  return body;
}

model::Body read_body(const Field& entry, const SceneContext& context, SceneBuilder& builder) {
  entry.check_keys({"name", "shape", "material", "position", "orientation", "velocity",
                    "angular_velocity", "fixed", "driven"});
  std::string name = entry.get("name").text();
  geometry::Shape shape = read_shape(entry.get("shape"), context);
  const int material = read_material_reference(entry.find("material"), context.materials);
  geometry::Pose pose;
  if (const auto position = entry.find("position"))
    pose.position = read_planar_vector(*position, context.dimension, core::kMaxLength, "m");
  if (const auto orientation = entry.find("orientation"))
    pose.orientation = read_orientation(*orientation, context.dimension);
  model::Body body =
      make_body(entry, std::move(name), std::move(shape), pose, context, material, builder);
  body.material = material;
  return body;
}

}  // namespace

model::PrescribedVelocity read_driven(const Field& driven, const SceneContext& context,
                                      const std::string& body, SceneBuilder& builder) {
  driven.check_keys({"velocity", "angular_velocity", "ground_motion", "ricker", "settlement"});
  const bool constant = driven.find("velocity") || driven.find("angular_velocity");
  const int kinds = int{constant} + int{driven.find("ground_motion").has_value()} +
                    int{driven.find("ricker").has_value()} +
                    int{driven.find("settlement").has_value()};
  if (kinds != 1)
    driven.fail("exactly one of velocity/angular_velocity, ground_motion, ricker or settlement",
                kinds == 0 ? "none" : concat(kinds, " kinds of motion"));
  if (const auto motion = driven.find("ground_motion"))
    return read_ground_motion(*motion, context, body, builder);
  if (const auto ricker = driven.find("ricker"))
    return read_ricker(*ricker, context, body, builder);
  if (const auto settlement = driven.find("settlement"))
    return read_settlement(*settlement, context.dimension);
  model::PrescribedVelocity motion;
  if (const auto velocity = driven.find("velocity")) {
    Vec3 v = read_planar_vector(*velocity, context.dimension, core::kMaxSpeed, "m/s");
    motion.linear = [v](double) { return v; };
  }
  if (const auto angular = driven.find("angular_velocity")) {
    Vec3 w = read_angular_velocity(*angular, context.dimension);
    motion.angular = [w](double) { return w; };
  }
  return motion;
}

void drive(model::Body& body, model::PrescribedVelocity motion) {
  body.motion = model::Motion::Driven;
  body.prescribed = std::move(motion);
  body.v = body.prescribed.linear(0.0);
  body.w_B = body.q.conjugate() * body.prescribed.angular(0.0);
}

Vec3 read_direction(const Field& field, int dimension) {
  return in_plane(field, field.direction(), dimension);
}

int read_material_reference(const std::optional<Field>& field,
                            const std::vector<model::Material>& materials) {
  if (!field) return 0;
  std::vector<std::string> names;
  names.reserve(materials.size());
  for (const model::Material& material : materials) names.push_back(material.name);
  return static_cast<int>(field->name_in(names, "material"));
}

Vec3 read_planar_vector(const Field& field, int dimension, double bound, std::string_view unit) {
  return in_plane(field, field.vec3_within(bound, unit), dimension);
}

void read_bodies(const Field& bodies, const SceneContext& context, SceneBuilder& builder) {
  for (const Field& entry : bodies.elements("a list of bodies")) {
    model::Body body = read_body(entry, context, builder);
    builder.scene.bodies.push_back(std::move(body));
    builder.origins.push_back(entry);
  }
}

}  // namespace moreau::io
