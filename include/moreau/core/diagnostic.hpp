// The one error type for bad user input (problem files, data files, command-line values).
// Internal bugs are not reported this way: they are assertions (core/assert.hpp).
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace moreau::core {

/// Where something was read. line and column are 1-based; 0 means unknown and is not printed.
struct SourceLocation {
  std::string file;
  int line = 0;
  int column = 0;
};

/// A user-facing error. what() reads
///   "file:line:col: error: key: expected EXPECTED, found FOUND"
/// with the parts that are unknown left out, so that editors and CI logs can jump to the
/// place. The command-line front end prints what() and exits with code 2.
class Diagnostic : public std::runtime_error {
 public:
  /// @param where    file and position of the offending text
  /// @param key      the key path, e.g. "bodies[3].mass" or "W" (may be empty)
  /// @param expected what a valid value looks like, with its unit
  /// @param found    what was there instead
  Diagnostic(SourceLocation where, std::string key, std::string_view expected,
             std::string_view found);

  /// For errors that are not "expected X, found Y" (e.g. a file that cannot be opened).
  Diagnostic(SourceLocation where, std::string key, std::string_view message);

  const SourceLocation& where() const { return where_; }
  const std::string& key() const { return key_; }

 private:
  SourceLocation where_;
  std::string key_;
};

/// "file:line:col" with unknown parts left out ("file", "file:12").
std::string format_location(const SourceLocation& where);

}  // namespace moreau::core
