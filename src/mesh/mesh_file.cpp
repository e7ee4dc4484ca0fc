#include "mesh_file.hpp"

#include "mesh_text.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/core/disjoint_sets.hpp"
#include "moreau/core/input_limits.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <map>
#include <numbers>
#include <optional>
#include <set>
#include <sstream>
#include <tuple>
#include <utility>

namespace moreau::mesh {
namespace {

using core::concat;
using math::Vec3;

// Texture coordinates, normals, smoothing groups and materials: nothing a rigid block needs.
const std::set<std::string> kSkippedObjKeywords{"vt", "vn", "s", "usemtl", "mtllib"};

// The name after a keyword: the rest of the line, so that names with spaces stay whole.
std::string name_after(const std::vector<Token>& words, const std::string& line) {
  if (words.size() < 2) return "";
  std::string rest = line.substr(static_cast<std::size_t>(words[1].column) - 1);
  return rest.substr(0, rest.find_last_not_of(" \t\r") + 1);
}

// Reads `v x y z` or STL's `vertex x y z` (words[0] the keyword), failing at the coordinate.
template <class Fail>
Vec3 read_point(const std::vector<Token>& words, const Fail& fail) {
  Vec3 point;
  for (int c = 0; c < 3; ++c)
    if (!parse(words[c + 1].text, point[c]) || !(std::abs(point[c]) <= core::kMaxLength))
      fail(words[c + 1],
           concat("a coordinate in [", -core::kMaxLength, ", ", core::kMaxLength, "] (m)"));
  return point;
}

MeshObject named_object(std::string name, int line) {
  MeshObject object;
  object.name = std::move(name);
  object.line = line;
  return object;
}

void add_face(MeshObject& object, const std::vector<int>& face, int line) {
  if (object.faces.empty() && object.line == 0) object.line = line;
  object.faces.push_back(face);
  object.face_lines.push_back(line);
}

void collect_vertices(MeshObject& object) {
  std::set<int> used;
  for (const auto& face : object.faces) used.insert(face.begin(), face.end());
  object.vertices.assign(used.begin(), used.end());
}

// OBJ's objects as the file cuts them: by `o` if it has any, else by `g`. A group with no
// face is dropped (exporters write "g default" before the vertices); an object with no face
// is refused, as it is a block drawn without its faces.
std::vector<MeshObject> chosen_objects(std::vector<MeshObject> objects, bool o_objects,
                                       const MeshFile& mesh, const std::string& key) {
  for (const MeshObject& object : objects)
    if (o_objects && object.faces.empty())
      throw core::Diagnostic({mesh.path.string(), object.line, 1}, key,
                             "faces after an object's 'o' line",
                             concat("none in object '", object.name, "'"));
  std::erase_if(objects, [](const MeshObject& object) { return object.faces.empty(); });
  for (MeshObject& object : objects) collect_vertices(object);
  return objects;
}

}  // namespace

MeshFile read_obj_mesh(const std::filesystem::path& path, const std::string& key,
                       ObjObjects split) {
  std::ifstream in = open(path, key);
  MeshFile mesh;
  mesh.path = path;
  MeshObject whole;
  std::vector<MeshObject> by_object, by_group;
  bool has_o_lines = false;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    const std::string text = line.substr(0, line.find('#'));
    const std::vector<Token> words = tokens(text);
    if (words.empty()) continue;
    const std::string& keyword = words[0].text;
    const MeshObject* current = has_o_lines         ? &by_object.back()
                                : !by_group.empty() ? &by_group.back()
                                                    : nullptr;
    const std::string object_key = split == ObjObjects::Each && current && !current->name.empty()
                                       ? concat(key, ", object '", current->name, "'")
                                       : key;
    const auto fail = [&](const Token& token, std::string_view expected) {
      throw core::Diagnostic({path.string(), number, token.column}, object_key, expected,
                             concat("'", token.text, "'"));
    };
    if (keyword == "o" || keyword == "g") {
      (keyword == "o" ? by_object : by_group)
          .push_back(named_object(name_after(words, text), number));
      has_o_lines = has_o_lines || keyword == "o";
    } else if (keyword == "v") {
      if (words.size() != 4 && words.size() != 5)  // OBJ allows an optional weight w
        fail(words[0], "a vertex 'v x y z' with three coordinates");
      mesh.vertices.push_back(read_point(words, fail));
      mesh.vertex_lines.push_back(number);
    } else if (keyword == "f") {
      if (words.size() < 4) fail(words[0], "a face 'f i j k ...' of at least 3 vertices");
      std::vector<int> face;
      // Vertex numbers are global: they count every `v` line above, whatever its object.
      const int count = static_cast<int>(mesh.vertices.size());
      for (std::size_t w = 1; w < words.size(); ++w) {
        const std::string index_text = words[w].text.substr(0, words[w].text.find('/'));
        int index = 0;
        if (!parse(index_text, index) || index == 0 || index > count || index < -count)
          fail(words[w], concat("a vertex number from 1 to ", count, " (or -1 to -", count,
                                ", counting back)"));
        face.push_back(index > 0 ? index - 1 : count + index);
      }
      add_face(whole, face, number);
      for (std::vector<MeshObject>* objects : {&by_object, &by_group}) {
        if (objects->empty()) objects->push_back(MeshObject{});
        add_face(objects->back(), face, number);
      }
    } else if (!kSkippedObjKeywords.contains(keyword)) {
      fail(words[0], "an OBJ line: v, f, a comment, or one of vt, vn, o, g, s, usemtl, mtllib");
    }
  }
  if (split == ObjObjects::Whole) {
    whole.vertices.resize(mesh.vertices.size());
    for (std::size_t i = 0; i < whole.vertices.size(); ++i) whole.vertices[i] = static_cast<int>(i);
    mesh.objects.push_back(std::move(whole));
  } else {
    mesh.objects = chosen_objects(has_o_lines ? std::move(by_object) : std::move(by_group),
                                  has_o_lines, mesh, key);
  }
  return mesh;
}

namespace {

// A binary STL file: an 80-byte header, the triangle count n (uint32, little-endian), then
// n records of 50 bytes: the normal and the 3 vertices (float32 x, y, z each) and a uint16.
constexpr std::size_t kStlHeaderBytes = 84;
constexpr std::size_t kStlTriangleBytes = 50;
constexpr std::size_t kStlFirstVertexByte = 12;  // in a record: after the normal, unused

// The little-endian uint32 at `offset`, read byte by byte whatever the machine's order.
std::uint32_t little_endian_uint32(const std::string& bytes, std::size_t offset) {
  std::uint32_t value = 0;
  for (std::size_t b = 4; b-- > 0;)
    value = (value << 8U) | static_cast<unsigned char>(bytes[offset + b]);
  return value;
}

// Its header may begin with "solid" too, so the size tells a binary file from an ASCII one
// first. A file of another size is binary, cut short or padded (read_binary_stl refuses it by
// its size), if it holds a NUL byte, which text never does and a binary file's triangle
// count (below 2^24) and zero normals or attributes do; else it is ASCII, and refused as ASCII.
bool is_binary_stl(const std::string& bytes) {
  if (bytes.size() >= kStlHeaderBytes &&
      bytes.size() == kStlHeaderBytes + kStlTriangleBytes * std::uint64_t{little_endian_uint32(
                                                                bytes, kStlHeaderBytes - 4)})
    return true;
  return bytes.find('\0') != std::string::npos;
}

// Each vertex of a surface its own, numbered in the order its triangles first use it, as
// the vertices of an ASCII STL solid are: an assembly exported either way gives the same blocks.
void separate_vertices(MeshFile& mesh) {
  std::vector<Vec3> vertices;
  for (MeshObject& object : mesh.objects) {
    std::map<int, int> renumbered;
    for (std::vector<int>& face : object.faces)
      for (int& v : face) {
        const auto [at, added] = renumbered.try_emplace(v, static_cast<int>(vertices.size()));
        if (added) vertices.push_back(mesh.vertices[static_cast<std::size_t>(v)]);
        v = at->second;
      }
    collect_vertices(object);
  }
  mesh.vertices = std::move(vertices);
}

MeshFile read_binary_stl(const std::string& bytes, const std::filesystem::path& path,
                         const std::string& key) {
  if (bytes.size() < kStlHeaderBytes)
    throw core::Diagnostic({path.string()}, key,
                           "a binary STL file of an 84-byte header and triangle count, then the "
                           "triangles",
                           concat(bytes.size(), " bytes"));
  const std::uint32_t count = little_endian_uint32(bytes, kStlHeaderBytes - 4);
  if (bytes.size() != kStlHeaderBytes + kStlTriangleBytes * std::uint64_t{count})
    throw core::Diagnostic({path.string()}, key,
                           concat("84 + 50 x ", count, " bytes for ", count, " triangles"),
                           concat(bytes.size()));
  MeshFile mesh;
  mesh.path = path;
  mesh.format = MeshFormat::BinaryStl;
  std::map<std::tuple<double, double, double>, int> vertex_of_point;
  std::vector<std::vector<int>> triangles(count);
  std::vector<int> numbers(count);
  for (std::size_t t = 0; t < count; ++t) {
    const std::size_t record = kStlHeaderBytes + kStlTriangleBytes * t;
    for (std::size_t corner = 0; corner < 3; ++corner) {
      Vec3 point;
      for (std::size_t c = 0; c < 3; ++c) {
        const std::size_t offset = record + kStlFirstVertexByte + 12 * corner + 4 * c;
        point[static_cast<int>(c)] = std::bit_cast<float>(little_endian_uint32(bytes, offset));
        if (!(std::abs(point[static_cast<int>(c)]) <= core::kMaxLength))
          throw core::Diagnostic(
              {path.string()}, concat(key, ", triangle ", t + 1),
              concat("a coordinate in [", -core::kMaxLength, ", ", core::kMaxLength, "] (m)"),
              concat(point[static_cast<int>(c)], " at byte ", offset));
      }
      const auto [at, added] = vertex_of_point.try_emplace({point.x(), point.y(), point.z()},
                                                           static_cast<int>(mesh.vertices.size()));
      if (added) mesh.vertices.push_back(point);
      triangles[t].push_back(at->second);
    }
    numbers[t] = static_cast<int>(t + 1);
  }
  mesh.objects = surface_objects(mesh, triangles, numbers);
  separate_vertices(mesh);
  return mesh;
}

// The keywords of ASCII STL, each allowed only after the one before it in this cycle:
// solid (facet normal, outer loop, vertex x3, endloop, endfacet)* endsolid.
enum class StlState { Outside, InSolid, InFacet, InLoop, AfterLoop };

}  // namespace

MeshFile read_stl_mesh(const std::filesystem::path& path, const std::string& key) {
  const std::string bytes = read_bytes(path, key);
  if (is_binary_stl(bytes)) return read_binary_stl(bytes, path, key);
  MeshFile mesh;
  mesh.path = path;
  mesh.format = MeshFormat::AsciiStl;
  std::map<std::tuple<double, double, double>, int> solid_vertices;
  std::vector<int> loop;
  int facet_line = 0;
  StlState state = StlState::Outside;
  std::istringstream lines(bytes);
  std::string line;
  int number = 1;
  for (; std::getline(lines, line); ++number) {
    const std::vector<Token> words = tokens(line);
    if (words.empty()) continue;
    const std::string& keyword = words[0].text;
    const std::string object_key = state == StlState::Outside || mesh.objects.back().name.empty()
                                       ? key
                                       : concat(key, ", solid '", mesh.objects.back().name, "'");
    const auto fail = [&](const Token& token, std::string_view expected) {
      throw core::Diagnostic({path.string(), number, token.column}, object_key, expected,
                             concat("'", token.text, "'"));
    };
    const auto expect = [&](StlState wanted, std::string_view expected) {
      if (state != wanted) fail(words[0], expected);
    };
    if (keyword == "solid") {
      expect(StlState::Outside, "'endsolid' before another 'solid'");
      mesh.objects.push_back(named_object(name_after(words, line), number));
      solid_vertices.clear();
      state = StlState::InSolid;
    } else if (keyword == "facet") {
      expect(StlState::InSolid, "'facet normal nx ny nz' within a solid, after 'endfacet'");
      facet_line = number;
      state = StlState::InFacet;
    } else if (keyword == "outer") {
      expect(StlState::InFacet, "'outer loop' after 'facet normal'");
      loop.clear();
      state = StlState::InLoop;
    } else if (keyword == "vertex") {
      expect(StlState::InLoop, "'vertex x y z' within 'outer loop'");
      if (words.size() != 4) fail(words[0], "a vertex 'vertex x y z' with three coordinates");
      const Vec3 point = read_point(words, fail);
      const auto [at, added] = solid_vertices.try_emplace({point.x(), point.y(), point.z()},
                                                          static_cast<int>(mesh.vertices.size()));
      if (added) {
        mesh.vertices.push_back(point);
        mesh.vertex_lines.push_back(number);
      }
      loop.push_back(at->second);
    } else if (keyword == "endloop") {
      expect(StlState::InLoop, "'endloop' after the vertices of an 'outer loop'");
      if (loop.size() != 3)
        throw core::Diagnostic({path.string(), number, words[0].column}, object_key,
                               "3 vertices between 'outer loop' and 'endloop'",
                               concat(loop.size()));
      state = StlState::AfterLoop;
    } else if (keyword == "endfacet") {
      expect(StlState::AfterLoop, "'endfacet' after 'endloop'");
      add_face(mesh.objects.back(), loop, facet_line);
      state = StlState::InSolid;
    } else if (keyword == "endsolid") {
      expect(StlState::InSolid, "'endsolid' after the last 'endfacet'");
      if (mesh.objects.back().faces.empty())
        fail(words[0], "facets in the solid before 'endsolid'");
      state = StlState::Outside;
    } else {
      fail(words[0], "an ASCII STL line: solid, facet, outer, vertex, endloop, endfacet, endsolid");
    }
  }
  if (state != StlState::Outside)
    throw core::Diagnostic({path.string(), number - 1}, key, "'endsolid' at the end of the file",
                           concat("the end of solid '", mesh.objects.back().name, "'"));
  if (mesh.objects.empty())
    throw core::Diagnostic({path.string()}, key, "an ASCII STL file", "no 'solid'");
  for (MeshObject& object : mesh.objects) collect_vertices(object);
  return mesh;
}

namespace {

bool is_binary(MeshFormat format) {
  return format == MeshFormat::BinaryStl || format == MeshFormat::BinaryPly;
}

// Newell's normal of a loop (unit): outward for a loop counter-clockwise seen from outside,
// and exact for a planar loop, whatever its vertex the sum starts at.
Vec3 loop_normal(const std::vector<Vec3>& vertices, const std::vector<int>& face) {
  Vec3 sum = Vec3::Zero();
  for (std::size_t k = 0; k < face.size(); ++k)
    sum += vertices[static_cast<std::size_t>(face[k])].cross(
        vertices[static_cast<std::size_t>(face[(k + 1) % face.size()])]);
  return sum.normalized();
}

// A face's side from vertex `from` to vertex `to` of its loop.
struct HalfEdge {
  std::size_t face;
  int from;
  int to;
};

// The face, among `sides` (all on one edge, of touching blocks), that the inside of the block
// of side `h` turns to from h's face: the edge's other side of h's block.
//
// A closed surface has each edge twice, once each way. Where blocks touch, an edge can be on
// faces of several blocks: then each block's faces meet it as a wedge (its inside), and the
// wedges of blocks that do not overlap are disjoint. Turning about the edge from h's face
// into its block (towards -n), the first face met that runs the edge the other way closes
// h's wedge: the face of the next block touching along that plane runs it h's way (its
// normal is opposite), and the faces of the blocks beyond come after. Angles are in (0, 2 pi]:
// a face in h's own half-plane runs the edge the other way only if it is a touching block's,
// so it comes last. This is exact, for non-overlapping blocks, up to the round-off of the
// angles, which tells apart wedges of a block's dihedral angle, not of round-off.
// Rejected: joining faces that share a vertex, or an edge, which joins every block of a wall
// to its neighbours; and cutting the faces into runs as the file lists them, which trusts the
// exporter's order.
std::optional<std::size_t> turned_to(const HalfEdge& h, const std::vector<HalfEdge>& sides,
                                     const std::vector<Vec3>& vertices,
                                     const std::vector<Vec3>& normals) {
  const Vec3 e =
      (vertices[static_cast<std::size_t>(h.to)] - vertices[static_cast<std::size_t>(h.from)])
          .normalized();
  const Vec3& n = normals[h.face];
  const Vec3 w = n.cross(e);  // in h's face, away from the edge (the loop runs CCW about n)
  std::optional<std::size_t> closest;
  double closest_angle = 0.0;
  for (const HalfEdge& side : sides) {
    if (side.from != h.to || side.to != h.from) continue;
    const Vec3 w_side = normals[side.face].cross(-e);
    double angle = std::atan2(-w_side.dot(n), w_side.dot(w));
    if (angle <= 0.0) angle += 2.0 * std::numbers::pi;
    if (!closest || angle < closest_angle) {
      closest = side.face;
      closest_angle = angle;
    }
  }
  return closest;
}

}  // namespace

std::vector<MeshObject> surface_objects(const MeshFile& mesh,
                                        const std::vector<std::vector<int>>& faces,
                                        const std::vector<int>& face_places) {
  std::vector<Vec3> normals;
  normals.reserve(faces.size());
  std::map<std::pair<int, int>, std::vector<HalfEdge>> sides_of_edge;
  for (std::size_t f = 0; f < faces.size(); ++f) {
    normals.push_back(loop_normal(mesh.vertices, faces[f]));
    for (std::size_t k = 0; k < faces[f].size(); ++k) {
      const int from = faces[f][k], to = faces[f][(k + 1) % faces[f].size()];
      sides_of_edge[std::minmax(from, to)].push_back({f, from, to});
    }
  }
  // Roots are first faces: the surfaces come out in the order of their first face.
  core::DisjointSets<std::size_t> surfaces(faces.size());
  for (const auto& [edge, sides] : sides_of_edge) {
    // An edge of one block only joins its two faces whatever their loops' directions, so
    // that a face drawn clockwise stays in its block, which convex_block then refuses naming
    // it, instead of becoming a block of its own.
    if (sides.size() == 2) {
      surfaces.join(sides[0].face, sides[1].face);
      continue;
    }
    for (const HalfEdge& side : sides)
      if (side.from < side.to)  // the other way round is the same pair
        if (const auto other = turned_to(side, sides, mesh.vertices, normals))
          surfaces.join(side.face, *other);
  }
  std::vector<MeshObject> objects;
  std::map<std::size_t, std::size_t> object_of_root;
  for (std::size_t f = 0; f < faces.size(); ++f) {
    const auto [at, added] = object_of_root.try_emplace(surfaces.root(f), objects.size());
    if (added) objects.emplace_back();
    MeshObject& object = objects[at->second];
    if (is_binary(mesh.format)) {
      object.faces.push_back(faces[f]);
      object.face_numbers.push_back(face_places[f]);
    } else {
      add_face(object, faces[f], face_places[f]);
    }
  }
  for (MeshObject& object : objects) collect_vertices(object);
  return objects;
}

namespace {

// A vertex as the file names it: OBJ by its number, PLY by its row (PLY counts from 0, the
// rows of a text editor from 1), STL by its coordinates, as it has no numbers.
std::string vertex_name(const MeshFile& mesh, int v) {
  const Vec3& p = mesh.vertices[static_cast<std::size_t>(v)];
  switch (mesh.format) {
    case MeshFormat::Obj:
      return concat("vertex ", v + 1);
    case MeshFormat::AsciiPly:
    case MeshFormat::BinaryPly:
      return concat("vertex ", v + 1, " (1-based)");
    case MeshFormat::AsciiStl:
      return concat("the vertex (", p.x(), ", ", p.y(), ", ", p.z(), ") of line ",
                    mesh.vertex_lines[static_cast<std::size_t>(v)]);
    case MeshFormat::BinaryStl:
      return concat("the vertex (", p.x(), ", ", p.y(), ", ", p.z(), ")");
  }
  return "";
}

// A face by its line in a text file, by its number in a binary one.
std::string face_name(const MeshFile& mesh, const MeshObject& object, std::size_t f) {
  switch (mesh.format) {
    case MeshFormat::Obj:
    case MeshFormat::AsciiPly:
      return concat("the face at line ", object.face_lines[f]);
    case MeshFormat::AsciiStl:
      return concat("the facet at line ", object.face_lines[f]);
    case MeshFormat::BinaryStl:
      return concat("triangle ", object.face_numbers[f]);
    case MeshFormat::BinaryPly:
      return concat("face ", object.face_numbers[f], " (1-based)");
  }
  return "";
}

}  // namespace

geometry::ConvexPolyhedron convex_block(const MeshFile& mesh, const MeshObject& object,
                                        const Vec3& origin, const std::string& key) {
  std::map<int, int> local_index;
  std::vector<Vec3> vertices;
  for (const int v : object.vertices) {
    local_index[v] = static_cast<int>(vertices.size());
    vertices.push_back(mesh.vertices[static_cast<std::size_t>(v)] - origin);
  }
  std::vector<std::vector<int>> faces = object.faces;
  for (auto& face : faces)
    for (int& v : face) v = local_index.at(v);
  const geometry::ElementNames names{
      [&](int i) { return vertex_name(mesh, object.vertices[static_cast<std::size_t>(i)]); },
      [&](int f) { return face_name(mesh, object, static_cast<std::size_t>(f)); }};
  const int first_face_line = object.face_lines.empty() ? 0 : object.face_lines.front();
  return geometry::ConvexPolyhedron(std::move(vertices), std::move(faces),
                                    {mesh.path.string(), first_face_line, 1}, key, names);
}

}  // namespace moreau::mesh
