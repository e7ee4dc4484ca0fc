// PLY polygon files (Turk 1994, "The PLY Polygon File Format"; the version 1.0 header of
// Blender, MeshLab and photogrammetry tools): a text header declaring elements, each a count
// of rows of typed properties, then the rows in ASCII or binary, little- or big-endian.
#include "mesh_file.hpp"
#include "mesh_text.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/core/input_limits.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace moreau::mesh {
namespace {

using core::concat;
using math::Vec3;

enum class PlyEncoding { Ascii, LittleEndian, BigEndian };

enum class Scalar { Int8, UInt8, Int16, UInt16, Int32, UInt32, Float32, Float64 };

struct ScalarName {
  std::string_view name;
  Scalar type;
};

// The type names of the PLY specification and their sized aliases (as numpy and VTK write).
constexpr std::array<ScalarName, 16> kScalarNames{{{"char", Scalar::Int8},
                                                   {"int8", Scalar::Int8},
                                                   {"uchar", Scalar::UInt8},
                                                   {"uint8", Scalar::UInt8},
                                                   {"short", Scalar::Int16},
                                                   {"int16", Scalar::Int16},
                                                   {"ushort", Scalar::UInt16},
                                                   {"uint16", Scalar::UInt16},
                                                   {"int", Scalar::Int32},
                                                   {"int32", Scalar::Int32},
                                                   {"uint", Scalar::UInt32},
                                                   {"uint32", Scalar::UInt32},
                                                   {"float", Scalar::Float32},
                                                   {"float32", Scalar::Float32},
                                                   {"double", Scalar::Float64},
                                                   {"float64", Scalar::Float64}}};

constexpr std::string_view kScalarChoices =
    "a PLY type: char, uchar, short, ushort, int, uint, float, double, or int8, uint8, int16, "
    "uint16, int32, uint32, float32, float64";

std::optional<Scalar> scalar_named(std::string_view name) {
  for (const ScalarName& entry : kScalarNames)
    if (entry.name == name) return entry.type;
  return std::nullopt;
}

std::size_t bytes_of(Scalar type) {
  switch (type) {
    case Scalar::Int8:
    case Scalar::UInt8:
      return 1;
    case Scalar::Int16:
    case Scalar::UInt16:
      return 2;
    case Scalar::Int32:
    case Scalar::UInt32:
    case Scalar::Float32:
      return 4;
    case Scalar::Float64:
      return 8;
  }
  return 0;
}

std::optional<PlyEncoding> encoding_named(std::string_view name) {
  if (name == "ascii") return PlyEncoding::Ascii;
  if (name == "binary_little_endian") return PlyEncoding::LittleEndian;
  if (name == "binary_big_endian") return PlyEncoding::BigEndian;
  return std::nullopt;
}

bool is_integer(Scalar type) { return type != Scalar::Float32 && type != Scalar::Float64; }

struct Property {
  std::string name;
  Scalar type;                       ///< of the value, or of a list's items
  std::optional<Scalar> count_type;  ///< set for a list: the type of its item count
  int line = 0;
};

struct Element {
  std::string name;
  std::uint64_t count = 0;
  std::vector<Property> properties;
  int line = 0;
};

struct Header {
  PlyEncoding encoding = PlyEncoding::Ascii;
  std::vector<Element> elements;
  std::size_t data_offset = 0;  ///< the byte after end_header's line
  int data_line = 0;            ///< the line after end_header
};

// The header's lines, up to end_header; the checks of what a block needs come after.
Header read_header(const std::string& bytes, const std::filesystem::path& path,
                   const std::string& key) {
  Header header;
  bool has_format = false;
  std::size_t at = 0;
  for (int number = 1; at < bytes.size(); ++number) {
    const std::size_t end = std::min(bytes.find('\n', at), bytes.size());
    const std::string line = bytes.substr(at, end - at);
    at = std::min(end + 1, bytes.size());
    const std::vector<Token> words = tokens(line);
    const auto fail = [&](const Token& token, std::string_view expected) {
      throw core::Diagnostic({path.string(), number, token.column}, key, expected,
                             concat("'", token.text, "'"));
    };
    if (number == 1) {
      if (words.size() != 1 || words[0].text != "ply")
        throw core::Diagnostic({path.string(), 1, 1}, key, "a PLY file, its first line 'ply'",
                               concat("'", line.substr(0, line.find_last_not_of('\r') + 1), "'"));
      continue;
    }
    if (words.empty()) continue;
    const std::string& keyword = words[0].text;
    if (keyword == "comment" || keyword == "obj_info") continue;
    if (keyword == "format") {
      if (words.size() != 3) fail(words[0], "'format <encoding> 1.0'");
      const std::optional<PlyEncoding> encoding = encoding_named(words[1].text);
      if (!encoding) fail(words[1], "ascii, binary_little_endian or binary_big_endian");
      header.encoding = *encoding;
      if (words[2].text != "1.0") fail(words[2], "PLY version 1.0");
      has_format = true;
    } else if (keyword == "element") {
      Element element;
      if (words.size() != 3 || !parse(words[2].text, element.count))
        fail(words[0], "'element <name> <count>', the count a whole number");
      element.name = words[1].text;
      element.line = number;
      for (const Element& other : header.elements)
        if (other.name == element.name)
          fail(words[1],
               concat("an element name no other element has (also at line ", other.line, ")"));
      header.elements.push_back(std::move(element));
    } else if (keyword == "property") {
      if (header.elements.empty()) fail(words[0], "'element' before its properties");
      const bool list = words.size() > 1 && words[1].text == "list";
      if (words.size() != (list ? 5U : 3U))
        fail(words[0], "'property <type> <name>' or 'property list <type> <type> <name>'");
      Property property{words.back().text, Scalar::Int8, std::nullopt, number};
      const std::size_t type_word = list ? 3 : 1;
      if (list) {
        property.count_type = scalar_named(words[2].text);
        if (!property.count_type) fail(words[2], kScalarChoices);
        if (!is_integer(*property.count_type)) fail(words[2], "an integer type for a list's count");
      }
      const std::optional<Scalar> type = scalar_named(words[type_word].text);
      if (!type) fail(words[type_word], kScalarChoices);
      property.type = *type;
      header.elements.back().properties.push_back(std::move(property));
    } else if (keyword == "end_header") {
      if (!has_format)
        fail(words[0], "a 'format ascii|binary_little_endian|binary_big_endian 1.0' line");
      header.data_offset = at;
      header.data_line = number + 1;
      return header;
    } else {
      fail(words[0], "a PLY header line: format, element, property, comment, obj_info, end_header");
    }
  }
  throw core::Diagnostic({path.string()}, key, "'end_header' closing the PLY header",
                         "the end of the file");
}

// A block needs the vertex element's x, y and z, and the face element's vertex list.
struct Layout {
  std::size_t vertex_element = 0;
  std::size_t face_element = 0;
  std::array<std::size_t, 3> coordinates{};  ///< x, y, z among the vertex's properties
  std::size_t vertex_list = 0;               ///< among the face's properties
};

std::optional<std::size_t> element_named(const Header& header, std::string_view name) {
  for (std::size_t e = 0; e < header.elements.size(); ++e)
    if (header.elements[e].name == name) return e;
  return std::nullopt;
}

std::optional<std::size_t> property_named(const Element& element, std::string_view name) {
  for (std::size_t p = 0; p < element.properties.size(); ++p)
    if (element.properties[p].name == name) return p;
  return std::nullopt;
}

Layout read_layout(const Header& header, const std::filesystem::path& path,
                   const std::string& key) {
  const auto vertex = element_named(header, "vertex");
  const auto face = element_named(header, "face");
  const core::SourceLocation end_of_header{path.string(), header.data_line - 1, 1};
  if (!vertex || !face)
    throw core::Diagnostic(end_of_header, key, "an element 'vertex' and an element 'face'",
                           concat("no element '", vertex ? "face" : "vertex", "'"));
  Layout layout{*vertex, *face, {}, 0};
  const Element& vertices = header.elements[*vertex];
  // Vertex indices are ints; a larger count could only be a corrupt header.
  if (vertices.count > static_cast<std::uint64_t>(std::numeric_limits<int>::max()))
    throw core::Diagnostic({path.string(), vertices.line, 1}, key,
                           concat("at most ", std::numeric_limits<int>::max(), " vertices"),
                           concat(vertices.count));
  for (std::size_t c = 0; c < 3; ++c) {
    const std::string name(1, "xyz"[c]);
    const auto property = property_named(vertices, name);
    if (!property || vertices.properties[*property].count_type)
      throw core::Diagnostic({path.string(), vertices.line, 1}, key,
                             "the scalar properties x, y and z of element 'vertex'",
                             concat(property ? "a list " : "no property ", name));
    layout.coordinates[c] = *property;
  }
  const Element& faces = header.elements[*face];
  auto list = property_named(faces, "vertex_indices");
  if (!list) list = property_named(faces, "vertex_index");
  if (!list || !faces.properties[*list].count_type)
    throw core::Diagnostic({path.string(), faces.line, 1}, key,
                           "a property 'list <type> <type> vertex_indices' (or vertex_index) "
                           "of element 'face'",
                           list ? "a scalar property" : "none");
  if (!is_integer(faces.properties[*list].type))
    throw core::Diagnostic({path.string(), faces.properties[*list].line, 1}, key,
                           "an integer type for the vertex indices", "a floating-point type");
  layout.vertex_list = *list;
  return layout;
}

// What is being read, for messages: "face 3 (1-based), property 'vertex_indices'".
struct Place {
  const Element& element;
  std::uint64_t row;
  const Property& property;
  std::string key(const std::string& file_key) const {
    return concat(file_key, ", ", element.name, " ", row + 1, " (1-based), property '",
                  property.name, "'");
  }
};

// The values of an ASCII body: whitespace-separated words, read across lines.
class AsciiValues {
 public:
  AsciiValues(const std::string& bytes, const Header& header, std::filesystem::path path,
              std::string key)
      : lines_(bytes.substr(header.data_offset)),
        line_number_(header.data_line - 1),
        path_(std::move(path)),
        key_(std::move(key)) {}

  double next(Scalar type, const Place& place) {
    while (word_ == words_.size()) {
      std::string line;
      if (!std::getline(lines_, line))
        throw core::Diagnostic({path_.string(), line_number_}, place.key(key_),
                               "a value of the property", "the end of the file");
      ++line_number_;
      words_ = tokens(line);
      word_ = 0;
    }
    const Token& token = words_[word_++];
    double value = 0.0;
    if (is_integer(type)) {
      std::int64_t integer = 0;
      if (!parse(token.text, integer) || !fits(integer, type))
        refuse_last("an integer in the range of the property's type", place);
      value = static_cast<double>(integer);
    } else if (!parse(token.text, value)) {
      refuse_last("a number", place);
    }
    return value;
  }

  /// Where the row being read is: its line.
  int row_place(std::uint64_t /*row*/) const { return line_number_; }

  [[noreturn]] void refuse_last(std::string_view expected, const Place& place) const {
    const Token& token = words_[word_ - 1];
    throw core::Diagnostic({path_.string(), line_number_, token.column}, place.key(key_), expected,
                           concat("'", token.text, "'"));
  }

  /// @throws core::Diagnostic if a word follows the last row
  void expect_end() {
    for (std::string line; word_ == words_.size() && std::getline(lines_, line);) {
      ++line_number_;
      words_ = tokens(line);
      word_ = 0;
    }
    if (word_ < words_.size())
      throw core::Diagnostic({path_.string(), line_number_, words_[word_].column}, key_,
                             "the end of the file after the rows the header declares",
                             concat("'", words_[word_].text, "'"));
  }

 private:
  static bool fits(std::int64_t value, Scalar type) {
    const int bits = static_cast<int>(8 * bytes_of(type));
    const bool is_signed = type == Scalar::Int8 || type == Scalar::Int16 || type == Scalar::Int32;
    const std::int64_t low = is_signed ? -(std::int64_t{1} << (bits - 1)) : 0;
    const std::int64_t high = (std::int64_t{1} << (is_signed ? bits - 1 : bits)) - 1;
    return value >= low && value <= high;
  }

  std::istringstream lines_;
  int line_number_;
  std::vector<Token> words_;
  std::size_t word_ = 0;
  std::filesystem::path path_;
  std::string key_;
};

// The values of a binary body, in the file's byte order whatever the machine's.
class BinaryValues {
 public:
  BinaryValues(const std::string& bytes, const Header& header, std::filesystem::path path,
               std::string key)
      : bytes_(bytes),
        offset_(header.data_offset),
        big_endian_(header.encoding == PlyEncoding::BigEndian),
        path_(std::move(path)),
        key_(std::move(key)) {}

  double next(Scalar type, const Place& place) {
    const std::size_t size = bytes_of(type);
    if (bytes_.size() - offset_ < size)
      throw core::Diagnostic({path_.string()}, place.key(key_),
                             concat(size, " bytes at byte ", offset_),
                             concat("the end of the file at byte ", bytes_.size()));
    std::array<unsigned char, 8> raw{};
    std::memcpy(raw.data(), bytes_.data() + offset_, size);
    if (big_endian_ != (std::endian::native == std::endian::big))
      std::reverse(raw.begin(), raw.begin() + static_cast<std::ptrdiff_t>(size));
    last_offset_ = offset_;
    offset_ += size;
    last_value_ = decoded(raw, type);
    return last_value_;
  }

  /// Where the row being read is: its number from 1.
  static int row_place(std::uint64_t row) { return static_cast<int>(row + 1); }

  [[noreturn]] void refuse_last(std::string_view expected, const Place& place) const {
    throw core::Diagnostic({path_.string()}, place.key(key_), expected,
                           concat(last_value_, " at byte ", last_offset_));
  }

  /// @throws core::Diagnostic if bytes follow the last row
  void expect_end() const {
    if (offset_ < bytes_.size())
      throw core::Diagnostic({path_.string()}, key_,
                             "the end of the file after the rows the header declares",
                             concat(bytes_.size() - offset_, " more bytes at byte ", offset_));
  }

 private:
  // The value of `raw`'s first bytes, in the machine's order, as a double: every PLY type's
  // values are doubles exactly.
  static double decoded(const std::array<unsigned char, 8>& raw, Scalar type) {
    const auto as = [&raw]<class T>(T value) {
      std::memcpy(&value, raw.data(), sizeof(T));
      return static_cast<double>(value);
    };
    switch (type) {
      case Scalar::Int8:
        return as(std::int8_t{});
      case Scalar::UInt8:
        return as(std::uint8_t{});
      case Scalar::Int16:
        return as(std::int16_t{});
      case Scalar::UInt16:
        return as(std::uint16_t{});
      case Scalar::Int32:
        return as(std::int32_t{});
      case Scalar::UInt32:
        return as(std::uint32_t{});
      case Scalar::Float32:
        return as(float{});
      case Scalar::Float64:
        return as(double{});
    }
    return 0.0;
  }

  const std::string& bytes_;
  std::size_t offset_;
  bool big_endian_;  ///< the file's byte order
  std::size_t last_offset_ = 0;
  double last_value_ = 0.0;
  std::filesystem::path path_;
  std::string key_;
};

// The rows of every element, in the header's order; the vertices' coordinates and the faces'
// loops are kept, the rest skipped value by value.
template <class Values>
void read_rows(Values& values, const Header& header, const Layout& layout, MeshFile& mesh,
               std::vector<std::vector<int>>& faces, std::vector<int>& face_places) {
  const std::uint64_t vertex_count = header.elements[layout.vertex_element].count;
  for (std::size_t e = 0; e < header.elements.size(); ++e) {
    const Element& element = header.elements[e];
    if (element.properties.empty()) continue;  // its rows hold nothing to read
    for (std::uint64_t row = 0; row < element.count; ++row) {
      Vec3 point = Vec3::Zero();
      std::vector<int> loop;
      for (std::size_t p = 0; p < element.properties.size(); ++p) {
        const Property& property = element.properties[p];
        const Place place{element, row, property};
        if (!property.count_type) {
          const double value = values.next(property.type, place);
          for (std::size_t c = 0; c < 3; ++c)
            if (e == layout.vertex_element && p == layout.coordinates[c]) {
              if (!(std::abs(value) <= core::kMaxLength))
                values.refuse_last(
                    concat("a coordinate in [", -core::kMaxLength, ", ", core::kMaxLength, "] (m)"),
                    place);
              point[static_cast<int>(c)] = value;
            }
          continue;
        }
        const double count = values.next(*property.count_type, place);
        const bool is_loop = e == layout.face_element && p == layout.vertex_list;
        if (count < 0.0 || (is_loop && count < 3.0))
          values.refuse_last(is_loop ? "a face of at least 3 vertices" : "a list size of 0 or more",
                             place);
        const auto size = static_cast<std::uint64_t>(count);
        for (std::uint64_t i = 0; i < size; ++i) {
          const double index = values.next(property.type, place);
          if (!is_loop) continue;
          if (index < 0.0 || index >= static_cast<double>(vertex_count))
            values.refuse_last(concat("a vertex index below the vertex count, ", vertex_count,
                                      " (PLY counts from 0)"),
                               place);
          loop.push_back(static_cast<int>(index));
        }
      }
      if (e == layout.vertex_element) mesh.vertices.push_back(point);
      if (e == layout.vertex_element && header.encoding == PlyEncoding::Ascii)
        mesh.vertex_lines.push_back(values.row_place(row));
      if (e == layout.face_element) {
        faces.push_back(std::move(loop));
        face_places.push_back(values.row_place(row));
      }
    }
  }
  values.expect_end();
}

}  // namespace

MeshFile read_ply_mesh(const std::filesystem::path& path, const std::string& key) {
  const std::string bytes = read_bytes(path, key);
  const Header header = read_header(bytes, path, key);
  const Layout layout = read_layout(header, path, key);
  MeshFile mesh;
  mesh.path = path;
  std::vector<std::vector<int>> faces;
  std::vector<int> face_places;
  if (header.encoding == PlyEncoding::Ascii) {
    mesh.format = MeshFormat::AsciiPly;
    AsciiValues values(bytes, header, path, key);
    read_rows(values, header, layout, mesh, faces, face_places);
  } else {
    mesh.format = MeshFormat::BinaryPly;
    BinaryValues values(bytes, header, path, key);
    read_rows(values, header, layout, mesh, faces, face_places);
  }
  mesh.objects = surface_objects(mesh, faces, face_places);
  return mesh;
}

}  // namespace moreau::mesh
