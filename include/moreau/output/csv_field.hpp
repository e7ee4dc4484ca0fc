// A text field of the CSV outputs (history.csv, interfaces.csv, mechanisms.csv, ensemble.csv).
#pragma once

#include <string>

namespace moreau::output {

/// RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled.
inline std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (const char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + '"';
}

}  // namespace moreau::output
