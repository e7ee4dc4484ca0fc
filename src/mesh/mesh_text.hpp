// What the mesh readers (mesh_file.cpp, ply_mesh.cpp) share: a file's bytes, and the words of
// a text line with their columns, so that a message can point at the word.
#pragma once

#include "moreau/core/diagnostic.hpp"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <system_error>
#include <vector>

namespace moreau::mesh {

struct Token {
  std::string text;
  int column = 0;  ///< 1-based
};

/// The words of `line`, separated by spaces, tabs or carriage returns.
inline std::vector<Token> tokens(const std::string& line) {
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

/// Whether the whole of `text` is a number of type Number, then in `value`.
template <class Number>
bool parse(const std::string& text, Number& value) {
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  return error == std::errc() && stop == end;
}

/// @throws core::Diagnostic at the file if it cannot be opened
inline std::ifstream open(const std::filesystem::path& path, const std::string& key) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw core::Diagnostic({path.string()}, key, "cannot be opened");
  return in;
}

/// The bytes of the file, binary or text.
/// @throws core::Diagnostic at the file if it cannot be opened
inline std::string read_bytes(const std::filesystem::path& path, const std::string& key) {
  std::ifstream in = open(path, key);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace moreau::mesh
