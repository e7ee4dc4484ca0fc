#include "mesh_file.hpp"

#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "yaml_field.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <sstream>
#include <tuple>

namespace moreau::io {
namespace {

using core::concat;
using math::Vec3;

// Texture coordinates, normals, smoothing groups and materials: nothing a rigid block needs.
const std::set<std::string> kSkippedObjKeywords{"vt", "vn", "s", "usemtl", "mtllib"};

struct Token {
  std::string text;
  int column = 0;  ///< 1-based
};

std::vector<Token> tokens(const std::string& line) {
  std::vector<Token> result;
  for (std::size_t at = 0; at < line.size();) {
    const std::size_t start = line.find_first_not_of(" \t\r", at);
    if (start == std::string::npos) break;
    const std::size_t end = std::min(line.find_first_of(" \t\r", start), line.size());
    result.push_back({line.substr(start, end - start), static_cast<int>(start) + 1});
    at = end;
  }
  return result;
}

template <class Number>
bool parse(const std::string& text, Number& value) {
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  return error == std::errc() && stop == end;
}

// The name after a keyword: the rest of the line, so that names with spaces stay whole.
std::string name_after(const std::vector<Token>& words, const std::string& line) {
  if (words.size() < 2) return "";
  std::string rest = line.substr(static_cast<std::size_t>(words[1].column) - 1);
  return rest.substr(0, rest.find_last_not_of(" \t\r") + 1);
}

std::ifstream open(const std::filesystem::path& path, const std::string& key) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw core::Diagnostic({path.string()}, key, "cannot be opened");
  return in;
}

// Reads `v x y z` or STL's `vertex x y z` (words[0] the keyword), failing at the coordinate.
template <class Fail>
Vec3 read_point(const std::vector<Token>& words, const Fail& fail) {
  Vec3 point;
  for (int c = 0; c < 3; ++c)
    if (!parse(words[c + 1].text, point[c]) || !(std::abs(point[c]) <= kMaxLength))
      fail(words[c + 1], concat("a coordinate in [", -kMaxLength, ", ", kMaxLength, "] (m)"));
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

// A binary STL file: an 80-byte header, a 4-byte triangle count n, then n records of 50
// bytes. Its header may begin with "solid" too, so the size tells them apart.
bool is_binary_stl(const std::string& bytes) {
  if (bytes.size() < 84) return false;
  std::uint32_t count = 0;
  for (int b = 3; b >= 0; --b)
    count = (count << 8) | static_cast<unsigned char>(bytes[80 + static_cast<std::size_t>(b)]);
  return bytes.size() == 84 + 50 * static_cast<std::uint64_t>(count);
}

// The keywords of ASCII STL, each allowed only after the one before it in this cycle:
// solid (facet normal, outer loop, vertex x3, endloop, endfacet)* endsolid.
enum class StlState { Outside, InSolid, InFacet, InLoop, AfterLoop };

}  // namespace

MeshFile read_stl_mesh(const std::filesystem::path& path, const std::string& key) {
  std::ifstream in = open(path, key);
  const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (is_binary_stl(bytes))
    throw core::Diagnostic({path.string()}, key, "an ASCII STL file",
                           "a binary STL file (export ASCII STL, or OBJ)");
  MeshFile mesh;
  mesh.path = path;
  mesh.stl = true;
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
      [&](int i) {
        const int v = object.vertices[static_cast<std::size_t>(i)];
        if (!mesh.stl) return concat("vertex ", v + 1);
        const Vec3& p = mesh.vertices[static_cast<std::size_t>(v)];
        return concat("the vertex (", p.x(), ", ", p.y(), ", ", p.z(), ") of line ",
                      mesh.vertex_lines[static_cast<std::size_t>(v)]);
      },
      [&](int f) {
        return concat(mesh.stl ? "the facet at line " : "the face at line ",
                      object.face_lines[static_cast<std::size_t>(f)]);
      }};
  const int first_face_line = object.face_lines.empty() ? 0 : object.face_lines.front();
  return geometry::ConvexPolyhedron(std::move(vertices), std::move(faces),
                                    {mesh.path.string(), first_face_line, 1}, key, names);
}

}  // namespace moreau::io
