// Upper case of a text, for comparisons that ignore case: a file's extension (".AT2" and
// ".at2" are one layout of record), the words of a record's header.
#pragma once

#include <algorithm>
#include <cctype>
#include <string>

namespace moreau::core {

/// `text` with each character through std::toupper.
inline std::string uppercase(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](char c) {
    return static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  });
  return text;
}

}  // namespace moreau::core
