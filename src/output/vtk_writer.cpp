#include "moreau/output/vtk_writer.hpp"

#include "moreau/contact/local_problem.hpp"
#include "moreau/core/assert.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/core/output_file.hpp"
#include "moreau/geometry/aabb.hpp"
#include "moreau/math/quaternion.hpp"
#include "moreau/output/run_folder.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iomanip>
#include <limits>
#include <numbers>
#include <sstream>
#include <utility>
#include <variant>

namespace moreau::output {
namespace {

using contact::kNormal;
using math::Vec3;

// Cell types of vtkCellType.h.
constexpr int kVtkVertex = 1;
constexpr int kVtkLine = 3;
constexpr int kVtkPolygon = 7;

// open_in_paraview.py. Colour ranges are set on the last frame, where a run's displacements
// and forces have grown (on frame 0 every displacement is 0: a degenerate range). The
// collections are found beside the script through __file__, which Python defines when it runs
// a file (paraview --script, pvpython); a shell that executes the text may not define it, and
// then the working folder is taken.
constexpr const char* kParaViewScript =
    R"py(# Written by moreau: opens this folder's VTK collections in ParaView.
#   paraview --script=open_in_paraview.py      or      pvpython open_in_paraview.py
# bodies coloured by |@BODY_ARRAY@| (m, since t = 0@RELATIVE@),
# contacts as points coloured by their normal force (N), interfaces by the eccentricity ratio
# of their centre of pressure, and the damage map (damage.vtu, once a frame after the first is
# written) by each joint's largest opening (m), hidden: its joints lie on the bodies' faces,
# so show it (the eye in the Pipeline Browser) with the bodies hidden to see where the
# structure cracked.
import os

from paraview.simple import (ColorBy, GetActiveViewOrCreate, GetAnimationScene, PVDReader,
                             Render, RenameSource, Show, XMLUnstructuredGridReader)

try:
    folder = os.path.dirname(os.path.abspath(__file__))
except NameError:
    folder = os.getcwd()

view = GetActiveViewOrCreate("RenderView")


def show(name, association, array, component=None):
    path = os.path.join(folder, name)
    reader = (XMLUnstructuredGridReader(FileName=[path]) if name.endswith(".vtu")
              else PVDReader(FileName=path + ".pvd"))
    RenameSource(name, reader)
    display = Show(reader, view)
    ColorBy(display, (association, array) if component is None
            else (association, array, component))
    display.SetScalarBarVisibility(view, True)
    return display


bodies = show("bodies", "CELLS", "@BODY_ARRAY@", "Magnitude")
contacts = show("contacts", "POINTS", "normal_force")
contacts.SetRepresentationType("Points")
contacts.PointSize = 8.0
contacts.RenderPointsAsSpheres = 1
interfaces = show("interfaces", "CELLS", "eccentricity_ratio")
displays = [bodies, contacts, interfaces]
if os.path.exists(os.path.join(folder, "damage.vtu")):
    damage = show("damage.vtu", "CELLS", "max_opening")
    damage.Visibility = 0
    damage.SetScalarBarVisibility(view, False)
    displays.append(damage)

GetAnimationScene().UpdateAnimationUsingDataTimeSteps()
GetAnimationScene().GoToLast()
for display in displays:
    display.RescaleTransferFunctionToDataRange(False, True)
view.ResetCamera()
Render()
)py";

// The ParaView script, bodies coloured by the displacement relative to the shaken support when
// there is one (an engineer reads a structure's own motion, not its table's carry), by the
// absolute displacement otherwise.
std::string paraview_script(bool relative) {
  std::string script = kParaViewScript;
  const auto replace = [&](const std::string& token, const std::string& text) {
    for (std::size_t at = script.find(token); at != std::string::npos; at = script.find(token))
      script.replace(at, token.size(), text);
  };
  replace("@BODY_ARRAY@", relative ? "relative_displacement" : "displacement");
  replace("@RELATIVE@", relative ? ", relative to the shaken support" : "");
  return script;
}

// Resolution of the UV sphere: an even number of latitude bands puts a ring on the equator
// and a multiple of 4 meridians puts vertices on the local x and y axes, so the mesh
// reaches +-r along every local axis and its bounds are the sphere's.
constexpr int kLatitudeBands = 8;
constexpr int kMeridians = 16;

// A surface in its shape's local frame: faces are loops of vertex indices, counter-clockwise
// seen from outside.
struct Surface {
  std::vector<Vec3> vertices;
  std::vector<std::vector<int>> faces;
};

// A named point or cell array. Integer arrays ("Int32") hold integral values.
struct DataArray {
  std::string name;
  std::string type = "Float64";
  int components = 1;
  std::vector<double> values;

  void append(const Vec3& value) { values.insert(values.end(), value.begin(), value.end()); }
};

// An unstructured grid as the .vtu file lays it out: offsets[c] is the end of cell c in
// connectivity.
struct Grid {
  std::vector<Vec3> points;
  std::vector<std::int64_t> connectivity;
  std::vector<std::int64_t> offsets;
  std::vector<int> types;
  std::vector<DataArray> point_data;
  std::vector<DataArray> cell_data;
};

// Poles on the local z axis; rings at polar angles k pi / kLatitudeBands.
Surface sphere_surface(double radius) {
  using std::numbers::pi;
  Surface s;
  s.vertices.push_back(radius * Vec3::UnitZ());
  for (int k = 1; k < kLatitudeBands; ++k) {
    const double theta = k * pi / kLatitudeBands;
    for (int j = 0; j < kMeridians; ++j) {
      const double phi = 2.0 * pi * j / kMeridians;
      s.vertices.push_back(radius * Vec3(std::sin(theta) * std::cos(phi),
                                         std::sin(theta) * std::sin(phi), std::cos(theta)));
    }
  }
  const int south = static_cast<int>(s.vertices.size());
  s.vertices.push_back(-radius * Vec3::UnitZ());
  const auto ring = [](int k, int j) { return 1 + (k - 1) * kMeridians + j % kMeridians; };
  for (int j = 0; j < kMeridians; ++j) {
    s.faces.push_back({0, ring(1, j), ring(1, j + 1)});
    for (int k = 1; k + 1 < kLatitudeBands; ++k)
      s.faces.push_back({ring(k, j), ring(k + 1, j), ring(k + 1, j + 1), ring(k, j + 1)});
    s.faces.push_back({ring(kLatitudeBands - 1, j), south, ring(kLatitudeBands - 1, j + 1)});
  }
  return s;
}

Surface polyhedron_surface(const geometry::ConvexPolyhedron& polyhedron) {
  Surface s{polyhedron.vertices(), {}};
  for (const geometry::PolyhedronFace& face : polyhedron.faces())
    s.faces.emplace_back(face.vertices.begin(), face.vertices.end());
  return s;
}

// The prism of unit depth over the (x, z) polygon: vertex k at y = -1/2 is 2k, at y = +1/2
// is 2k + 1. The loop is counter-clockwise seen from -y (polygon.hpp), so it is the front
// face as given and the back face reversed; side k, whose outward normal is (dz, -dx), runs
// front k, back k, back k+1, front k+1.
Surface prism_surface(const geometry::Polygon& polygon) {
  Surface s;
  const int n = polygon.size();
  std::vector<int> front, back;
  for (int k = 0; k < n; ++k) {
    const math::Vec2& v = polygon.vertices()[static_cast<std::size_t>(k)];
    s.vertices.insert(s.vertices.end(), {Vec3(v.x(), -0.5, v.y()), Vec3(v.x(), 0.5, v.y())});
    front.push_back(2 * k);
    back.insert(back.begin(), 2 * k + 1);
    const int next = (k + 1) % n;
    s.faces.push_back({2 * k, 2 * k + 1, 2 * next + 1, 2 * next});
  }
  s.faces.push_back(front);
  s.faces.push_back(back);
  return s;
}

// The square of half side `half_size` in the plane z_local = 0 around the projection of
// centre_W; in planar mode the strip of unit depth along the line (the plane's local y is
// the world y there, rotations being about y).
Surface plane_surface(const geometry::Pose& pose, const Vec3& centre_W, double half_size,
                      int dimension) {
  const Vec3 c = pose.orientation.conjugate() * (centre_W - pose.position);
  const double u = half_size;
  const double v = dimension == 2 ? 0.5 : half_size;
  const double cy = dimension == 2 ? 0.0 : c.y();
  return {{Vec3(c.x() - u, cy - v, 0.0), Vec3(c.x() + u, cy - v, 0.0), Vec3(c.x() + u, cy + v, 0.0),
           Vec3(c.x() - u, cy + v, 0.0)},
          {{0, 1, 2, 3}}};
}

// The surface of any shape, in its local frame.
struct LocalSurface {
  const geometry::Pose& pose;
  const Vec3& plane_centre_W;
  double plane_half_size;
  int dimension;

  Surface operator()(const geometry::Sphere& s) const { return sphere_surface(s.radius); }
  Surface operator()(const geometry::Box& b) const {
    return polyhedron_surface(geometry::ConvexPolyhedron::box(b.half_extents));
  }
  Surface operator()(const geometry::ConvexPolyhedron& p) const { return polyhedron_surface(p); }
  Surface operator()(const geometry::Polygon& p) const { return prism_surface(p); }
  Surface operator()(const geometry::Plane&) const {
    return plane_surface(pose, plane_centre_W, plane_half_size, dimension);
  }
};

// The motion of a body since its initial pose, as cell data: displacement (m), then the
// rotation q q_0^-1 (world frame) as an angle in degrees and a unit axis, the zero vector
// for no rotation rather than to_axis_angle's conventional +z, so that a body at rest shows
// no direction.
struct BodyMotion {
  Vec3 displacement;
  double angle_deg;
  Vec3 axis;
};

BodyMotion motion_since(const geometry::Pose& initial, const model::Body& body) {
  const math::AxisAngle rotation = math::to_axis_angle(body.q * initial.orientation.conjugate());
  const Vec3 axis = rotation.angle == 0.0 ? Vec3::Zero() : rotation.axis;
  return {body.x - initial.position, math::degrees(rotation.angle), axis};
}

// The frame of the shaken support s (VtkOptions::support), in which an engineer reads a
// structure's motion under ground motion: a vector of the world at the support's pose of the
// moment, in the support's axes at t = 0 (R_s,0 R_s^-1). The support of a ground motion only
// translates, and the relative values are then the absolute ones minus the support's.
struct SupportFrame {
  const model::Body& support;
  geometry::Pose initial;  ///< the support's at t = 0
  math::Quat to_initial_axes;

  /// The displacement of a centre of mass from x_0 to x relative to the support:
  /// R_s,0 R_s^-1 (x - x_s) - (x_0 - x_s,0).
  Vec3 displacement(const Vec3& x_0, const Vec3& x) const {
    return to_initial_axes * (x - support.x) - (x_0 - initial.position);
  }
  /// The velocity of a point p of `body` relative to the support's rigid motion at p.
  Vec3 velocity(const model::Body& body, const Vec3& p) const {
    return to_initial_axes * (body.point_velocity(p) - support.point_velocity(p));
  }
};

// Cell and point data of the bodies' grid, in the order append_body fills them; the relative
// arrays only with a support.
enum BodyCellArray { kBody, kDisplacement, kRotationAngle, kRotationAxis, kRelativeDisplacement };
enum BodyPointArray { kVelocity, kRelativeVelocity };

// Appends body b's surface in world coordinates, with the rigid velocity of each vertex and
// its motion since `initial` on each face, and both relative to the support if there is one.
void append_body(const model::Scene& scene, std::size_t b, const geometry::Pose& initial,
                 const std::optional<SupportFrame>& support, const Vec3& plane_centre_W,
                 double plane_half_size, Grid& grid) {
  const model::Body& body = scene.bodies[b];
  const BodyMotion motion = motion_since(initial, body);
  const geometry::Pose pose = body.shape_pose();
  const Surface surface =
      std::visit(LocalSurface{pose, plane_centre_W, plane_half_size, scene.dimension}, body.shape);
  const auto first = static_cast<std::int64_t>(grid.points.size());
  for (const Vec3& vertex : surface.vertices) {
    const Vec3 p = pose.point_to_world(vertex);
    grid.points.push_back(p);
    grid.point_data[kVelocity].append(body.point_velocity(p));
    if (support) grid.point_data[kRelativeVelocity].append(support->velocity(body, p));
  }
  for (const std::vector<int>& face : surface.faces) {
    for (const int k : face) grid.connectivity.push_back(first + k);
    grid.offsets.push_back(static_cast<std::int64_t>(grid.connectivity.size()));
    grid.types.push_back(kVtkPolygon);
    grid.cell_data[kBody].values.push_back(static_cast<double>(b));
    grid.cell_data[kDisplacement].append(motion.displacement);
    grid.cell_data[kRotationAngle].values.push_back(motion.angle_deg);
    grid.cell_data[kRotationAxis].append(motion.axis);
    if (support)
      grid.cell_data[kRelativeDisplacement].append(support->displacement(initial.position, body.x));
  }
}

Grid body_grid(const model::Scene& scene, const std::vector<geometry::Pose>& initial_poses,
               std::optional<std::size_t> support_index, const Vec3& plane_centre_W,
               double plane_half_size) {
  Grid grid;
  grid.point_data = {{"velocity", "Float64", 3, {}}};
  grid.cell_data = {{"body", "Int32", 1, {}},
                    {"displacement", "Float64", 3, {}},
                    {"rotation_angle", "Float64", 1, {}},
                    {"rotation_axis", "Float64", 3, {}}};
  std::optional<SupportFrame> support;
  if (support_index) {
    const model::Body& body = scene.bodies[*support_index];
    const geometry::Pose& initial = initial_poses[*support_index];
    support.emplace(SupportFrame{body, initial, initial.orientation * body.q.conjugate()});
    grid.point_data.push_back({"relative_velocity", "Float64", 3, {}});
    grid.cell_data.push_back({"relative_displacement", "Float64", 3, {}});
  }
  for (std::size_t b = 0; b < scene.bodies.size(); ++b)
    if (scene.bodies[b].motion != model::Motion::Removed)
      append_body(scene, b, initial_poses[b], support, plane_centre_W, plane_half_size, grid);
  return grid;
}

Grid contact_grid(const std::vector<dynamics::Contact>& contacts) {
  Grid grid;
  DataArray body_a{"body_a", "Int32", 1, {}};
  DataArray body_b{"body_b", "Int32", 1, {}};
  DataArray normal{"normal", "Float64", 3, {}};
  DataArray normal_force{"normal_force", "Float64", 1, {}};
  DataArray tangential_force{"tangential_force", "Float64", 3, {}};
  DataArray status{"status", "Int32", 1, {}};
  for (const dynamics::Contact& contact : contacts) {
    grid.connectivity.push_back(static_cast<std::int64_t>(grid.points.size()));
    grid.offsets.push_back(static_cast<std::int64_t>(grid.connectivity.size()));
    grid.types.push_back(kVtkVertex);
    grid.points.push_back(contact.point.p);
    body_a.values.push_back(contact.body_a);
    body_b.values.push_back(contact.body_b);
    normal.append(contact.frame.col(kNormal));
    normal_force.values.push_back(contact.force[kNormal]);
    tangential_force.append(contact.frame.rightCols<2>() * contact.force.tail<2>());
    status.values.push_back(static_cast<double>(contact_status(contact)));
  }
  grid.point_data = {body_a, body_b, normal, normal_force, tangential_force, status};
  return grid;
}

// Appends a cell over the points given, numbered from the grid's next point.
void append_cell(Grid& grid, const std::vector<Vec3>& points, int type) {
  for (const Vec3& p : points) {
    grid.connectivity.push_back(static_cast<std::int64_t>(grid.points.size()));
    grid.points.push_back(p);
  }
  grid.offsets.push_back(static_cast<std::int64_t>(grid.connectivity.size()));
  grid.types.push_back(type);
}

// The centres of pressure as vertex cells, then the contact polygons, in the same order;
// each interface's values on both of its cells.
Grid interface_grid(const std::vector<dynamics::Interface>& interfaces) {
  Grid grid;
  std::vector<DataArray> data{
      {"body_a", "Int32", 1, {}},        {"body_b", "Int32", 1, {}},
      {"normal", "Float64", 3, {}},      {"normal_force", "Float64", 1, {}},
      {"shear_force", "Float64", 3, {}}, {"eccentricity_ratio", "Float64", 1, {}},
      {"in_kernel", "Int32", 1, {}}};
  for (const dynamics::Interface& joint : interfaces)
    append_cell(grid, {joint.centre_of_pressure}, kVtkVertex);
  for (const dynamics::Interface& joint : interfaces)
    append_cell(grid, joint.polygon, joint.polygon.size() == 2 ? kVtkLine : kVtkPolygon);
  for (int copy = 0; copy < 2; ++copy)
    for (const dynamics::Interface& joint : interfaces) {
      data[0].values.push_back(joint.body_a);
      data[1].values.push_back(joint.body_b);
      data[2].append(joint.normal);
      data[3].values.push_back(joint.normal_force);
      data[4].append(joint.shear_force);
      data[5].values.push_back(joint.eccentricity_ratio);
      data[6].values.push_back(joint.in_kernel() ? 1.0 : 0.0);
    }
  grid.cell_data = std::move(data);
  return grid;
}

Grid damage_grid(const model::Scene& scene, const std::vector<dynamics::JointDamage>& joints) {
  Grid grid;
  std::vector<DataArray> data{{"body_a", "Int32", 1, {}},
                              {"body_b", "Int32", 1, {}},
                              {"max_opening", "Float64", 1, {}},
                              {"max_sliding", "Float64", 1, {}}};
  for (const dynamics::JointDamage& joint : joints) {
    const Vec3 normal = scene.bodies[static_cast<std::size_t>(joint.body_b)].q * joint.normal_b;
    std::vector<Vec3> loop =
        dynamics::joint_polygon(dynamics::joint_points(joint, scene), normal, scene.dimension);
    if (loop.empty()) loop.push_back(dynamics::joint_points(joint, scene).front());
    append_cell(grid, loop,
                loop.size() >= 3 ? kVtkPolygon : (loop.size() == 2 ? kVtkLine : kVtkVertex));
    data[0].values.push_back(joint.body_a);
    data[1].values.push_back(joint.body_b);
    data[2].values.push_back(joint.max_opening);
    data[3].values.push_back(joint.max_sliding);
  }
  grid.cell_data = std::move(data);
  return grid;
}

// Values separated by spaces, one tuple of `components` per line.
template <typename Values>
void write_values(std::ostream& out, const Values& values, int components, bool integer) {
  std::size_t i = 0;
  for (const auto value : values) {
    if (integer)
      out << static_cast<std::int64_t>(value);
    else
      out << static_cast<double>(value);
    out << (++i % static_cast<std::size_t>(components) == 0 ? '\n' : ' ');
  }
}

void write_array(std::ostream& out, const DataArray& array) {
  out << "<DataArray type=\"" << array.type << "\" Name=\"" << array.name
      << "\" NumberOfComponents=\"" << array.components << "\" format=\"ascii\">\n";
  write_values(out, array.values, array.components, array.type != "Float64");
  out << "</DataArray>\n";
}

void write_arrays(std::ostream& out, const char* tag, const std::vector<DataArray>& arrays) {
  out << '<' << tag << ">\n";
  for (const DataArray& array : arrays) write_array(out, array);
  out << "</" << tag << ">\n";
}

void write_grid(std::ostream& out, const Grid& grid) {
  out << std::setprecision(std::numeric_limits<double>::max_digits10);
  out << "<?xml version=\"1.0\"?>\n"
         "<VTKFile type=\"UnstructuredGrid\" version=\"1.0\" byte_order=\"LittleEndian\" "
         "header_type=\"UInt64\">\n<UnstructuredGrid>\n<Piece NumberOfPoints=\""
      << grid.points.size() << "\" NumberOfCells=\"" << grid.types.size() << "\">\n";
  write_arrays(out, "PointData", grid.point_data);
  write_arrays(out, "CellData", grid.cell_data);
  out << "<Points>\n<DataArray type=\"Float64\" NumberOfComponents=\"3\" format=\"ascii\">\n";
  for (const Vec3& p : grid.points) write_values(out, p, 3, false);
  out << "</DataArray>\n</Points>\n<Cells>\n";
  out << "<DataArray type=\"Int64\" Name=\"connectivity\" format=\"ascii\">\n";
  write_values(out, grid.connectivity, 1, true);
  out << "</DataArray>\n<DataArray type=\"Int64\" Name=\"offsets\" format=\"ascii\">\n";
  write_values(out, grid.offsets, 1, true);
  out << "</DataArray>\n<DataArray type=\"UInt8\" Name=\"types\" format=\"ascii\">\n";
  write_values(out, grid.types, 1, true);
  out << "</DataArray>\n</Cells>\n</Piece>\n</UnstructuredGrid>\n</VTKFile>\n";
}

std::string frame_name(const std::string& prefix, int step) {
  std::ostringstream name;
  name << prefix << '_' << std::setw(6) << std::setfill('0') << step << ".vtu";
  return name.str();
}

}  // namespace

ContactStatus contact_status(const dynamics::Contact& contact) {
  const double F_N = contact.force[kNormal];
  if (!(F_N > 0.0)) return ContactStatus::Open;
  const double F_T = contact.force.tail<2>().norm();
  return F_T >= contact.friction * F_N * (1.0 - 1e-9) ? ContactStatus::Slip : ContactStatus::Stick;
}

VtkWriter::VtkWriter(std::filesystem::path folder, const model::Scene& initial, VtkOptions options)
    : folder_(std::move(folder)), options_(options) {
  if (!(options_.plane_half_size >= 0.0) || std::isinf(options_.plane_half_size))
    throw core::Diagnostic({}, "plane_half_size", "a finite length >= 0 (m)",
                           core::concat(options_.plane_half_size));
  for (const model::Body& body : initial.bodies) initial_poses_.push_back({body.x, body.q});
  create_output_folder(folder_);
  core::write_output_file(folder_ / "open_in_paraview.py", [&](std::ostream& out) {
    out << paraview_script(options_.support.has_value());
  });
}

void VtkWriter::write(int step, double time, const model::Scene& scene,
                      const std::vector<dynamics::Contact>& contacts) {
  MOREAU_ASSERT(step >= 0);
  MOREAU_ASSERT(scene.bodies.size() == initial_poses_.size());
  if (!state_.plane_patch) state_.plane_patch = choose_plane_patch(scene);
  const Grid bodies = body_grid(scene, initial_poses_, options_.support,
                                state_.plane_patch->centre_W, state_.plane_patch->half_size);
  core::write_output_file(folder_ / frame_name("bodies", step),
                          [&](std::ostream& out) { write_grid(out, bodies); });
  const Grid points = contact_grid(contacts);
  core::write_output_file(folder_ / frame_name("contacts", step),
                          [&](std::ostream& out) { write_grid(out, points); });
  const Grid joints = interface_grid(dynamics::find_interfaces(contacts, scene));
  core::write_output_file(folder_ / frame_name("interfaces", step),
                          [&](std::ostream& out) { write_grid(out, joints); });
  // N.B. the collections are rewritten after the files they list exist.
  state_.frames.push_back({step, time});
  write_collection("bodies");
  write_collection("contacts");
  write_collection("interfaces");
}

void VtkWriter::write_damage_map(const model::Scene& scene,
                                 const std::vector<dynamics::JointDamage>& joints) const {
  const Grid grid = damage_grid(scene, joints);
  core::write_output_file(folder_ / "damage.vtu",
                          [&](std::ostream& out) { write_grid(out, grid); });
}

void VtkWriter::restore(VtkState state) { state_ = std::move(state); }

VtkState::PlanePatch VtkWriter::choose_plane_patch(const model::Scene& scene) const {
  constexpr double kInfinity = std::numeric_limits<double>::infinity();
  geometry::Aabb box{Vec3::Constant(kInfinity), Vec3::Constant(-kInfinity)};
  for (const model::Body& body : scene.bodies) {
    if (std::holds_alternative<geometry::Plane>(body.shape)) continue;
    const geometry::Aabb around = geometry::bounding_box(body.shape, body.shape_pose());
    box = {box.lower.cwiseMin(around.lower), box.upper.cwiseMax(around.upper)};
  }
  const bool empty = !(box.lower.array() <= box.upper.array()).all();
  VtkState::PlanePatch patch;
  if (!empty) {
    patch.centre_W = 0.5 * (box.lower + box.upper);
    patch.half_size = (box.upper - box.lower).maxCoeff();
  }
  if (options_.plane_half_size > 0.0) patch.half_size = options_.plane_half_size;
  return patch;
}

// ParaView's collection format: one DataSet per frame, in the order written.
void VtkWriter::write_collection(const std::string& prefix) const {
  core::write_output_file(folder_ / (prefix + ".pvd"), [&](std::ostream& out) {
    out << std::setprecision(std::numeric_limits<double>::max_digits10)
        << "<?xml version=\"1.0\"?>\n"
           "<VTKFile type=\"Collection\" version=\"0.1\" byte_order=\"LittleEndian\">\n"
           "<Collection>\n";
    for (const VtkState::Frame& frame : state_.frames)
      out << "<DataSet timestep=\"" << frame.time << "\" group=\"\" part=\"0\" file=\""
          << frame_name(prefix, frame.step) << "\"/>\n";
    out << "</Collection>\n</VTKFile>\n";
  });
}

}  // namespace moreau::output
