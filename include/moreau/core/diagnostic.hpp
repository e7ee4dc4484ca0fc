// The one error type for bad user input (problem files, data files, command-line values).
// Internal bugs are not reported this way: they are assertions (core/assert.hpp).
#pragma once

#include <cstddef>
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
///
/// The text is made safe to print, whatever the input held: bytes that are not printable
/// (control characters, invalid UTF-8) are written as \xNN, so that a NUL does not cut the
/// message and raw bytes never reach a terminal; the key and the found part, which quote
/// the input, are shortened past kShownTokenBytes to their start and end around the count of
/// bytes left out, so that a megabyte token does not flood the terminal.
class Diagnostic : public std::runtime_error {
 public:
  /// @param where    file and position of the offending text
  /// @param key      the key path, e.g. "bodies[3].mass" or "W" (may be empty)
  /// @param expected what a valid value looks like, with its unit
  /// @param found    what was there instead
  Diagnostic(SourceLocation where, std::string_view key, std::string_view expected,
             std::string_view found);

  /// For errors that are not "expected X, found Y" (e.g. a file that cannot be opened).
  Diagnostic(SourceLocation where, std::string_view key, std::string_view message);

  const SourceLocation& where() const { return where_; }
  /// The key as printed (shortened and escaped like the found part).
  const std::string& key() const { return key_; }
  /// What follows "key: " in what(): "expected EXPECTED, found FOUND" or the message, as
  /// printed (for a caller that re-raises the error at another key or location).
  const std::string& message() const { return message_; }

 private:
  /// The parts as printed: key shortened and escaped, message escaped.
  struct PrintableParts {
    SourceLocation where;
    std::string key;
    std::string message;
  };
  explicit Diagnostic(PrintableParts parts);

  SourceLocation where_;
  std::string key_;
  std::string message_;
};

/// Longest key or found part printed whole, in bytes; a longer one shows its start and end.
/// A found part is often a token with its context ("no file <path>", a value with the values
/// it was checked against), which 100 bytes would cut; 200 still keeps a line readable.
inline constexpr std::size_t kShownTokenBytes = 200;

/// "file:line:col" with unknown parts left out ("file", "file:12"), the file name escaped
/// like a message.
std::string format_location(const SourceLocation& where);

}  // namespace moreau::core
