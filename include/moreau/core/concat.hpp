// String building for messages. Debian 12's GCC 12 has no <format>; this is the one helper
// the project uses instead of scattered ostringstreams.
#pragma once

#include <sstream>
#include <string>

namespace moreau::core {

/// Concatenates the streamed form of every argument: concat("step ", 3, ": ", 1e-8).
/// Numbers get the stream's default format (6 significant digits), which is what messages
/// want; data files are written by their own writers at full precision.
template <typename... Parts>
std::string concat(const Parts&... parts) {
  std::ostringstream out;
  (out << ... << parts);
  return out.str();
}

}  // namespace moreau::core
