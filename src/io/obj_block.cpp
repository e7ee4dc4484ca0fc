#include "moreau/io/obj_block.hpp"

#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "yaml_field.hpp"

#include <charconv>
#include <cmath>
#include <fstream>
#include <set>
#include <sstream>

namespace moreau::io {
namespace {

const std::set<std::string> kSkippedKeywords{"vt", "vn", "o", "g", "s", "usemtl", "mtllib"};

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

}  // namespace

geometry::ConvexPolyhedron read_obj_block(const std::filesystem::path& path,
                                          const std::string& key) {
  std::ifstream in(path);
  if (!in) throw core::Diagnostic({path.string()}, key, "cannot be opened");
  std::vector<math::Vec3> vertices;
  std::vector<std::vector<int>> faces;
  int first_face_line = 0;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    const std::vector<Token> words = tokens(line.substr(0, line.find('#')));
    if (words.empty() || kSkippedKeywords.contains(words[0].text)) continue;
    const auto fail = [&](const Token& token, std::string_view expected) {
      throw core::Diagnostic({path.string(), number, token.column}, key, expected,
                             core::concat("'", token.text, "'"));
    };
    if (words[0].text == "v") {
      if (words.size() != 4 && words.size() != 5)  // OBJ allows an optional weight w
        fail(words[0], "a vertex 'v x y z' with three coordinates");
      math::Vec3 vertex;
      for (int c = 0; c < 3; ++c)
        if (!parse(words[c + 1].text, vertex[c]) || !(std::abs(vertex[c]) <= kMaxLength))
          fail(words[c + 1],
               core::concat("a coordinate in [", -kMaxLength, ", ", kMaxLength, "] (m)"));
      vertices.push_back(vertex);
    } else if (words[0].text == "f") {
      if (words.size() < 4) fail(words[0], "a face 'f i j k ...' of at least 3 vertices");
      if (first_face_line == 0) first_face_line = number;
      std::vector<int> face;
      for (std::size_t w = 1; w < words.size(); ++w) {
        const std::string index_text = words[w].text.substr(0, words[w].text.find('/'));
        int index = 0;
        const int count = static_cast<int>(vertices.size());
        if (!parse(index_text, index) || index == 0 || index > count || index < -count)
          fail(words[w], core::concat("a vertex number from 1 to ", count, " (or -1 to -", count,
                                      ", counting back)"));
        face.push_back(index > 0 ? index - 1 : count + index);
      }
      faces.push_back(std::move(face));
    } else {
      fail(words[0], "an OBJ line: v, f, a comment, or one of vt, vn, o, g, s, usemtl, mtllib");
    }
  }
  try {
    return geometry::ConvexPolyhedron(std::move(vertices), std::move(faces),
                                      {path.string(), first_face_line, 1}, key);
  } catch (const core::Diagnostic& defect) {
    // The geometry counts from 0; an OBJ file counts vertices from 1.
    const std::string text = defect.what();
    throw core::Diagnostic(defect.where(), key,
                           core::concat(text.substr(text.find(key + ": ") + key.size() + 2),
                                        " (vertices and faces counted from 0, in file order)"));
  }
}

}  // namespace moreau::io
