#include "moreau/core/diagnostic.hpp"

#include "moreau/core/concat.hpp"

#include <array>
#include <cstddef>
#include <utility>

namespace moreau::core {
namespace {

/// Length of the well-formed UTF-8 sequence of a non-ASCII character at text[0], or 0 when the
/// bytes there are not one (a stray continuation byte, 0xC0, 0xC1, 0xF5 to 0xFF, a cut
/// sequence). Overlong and surrogate forms are not told apart: they print as characters.
std::size_t utf8_sequence_length(std::string_view text) {
  const auto lead = static_cast<unsigned char>(text[0]);
  std::size_t length = 0;
  if (lead >= 0xC2 && lead <= 0xDF) length = 2;
  if (lead >= 0xE0 && lead <= 0xEF) length = 3;
  if (lead >= 0xF0 && lead <= 0xF4) length = 4;
  if (length == 0 || text.size() < length) return 0;
  for (std::size_t i = 1; i < length; ++i)
    if ((static_cast<unsigned char>(text[i]) & 0xC0U) != 0x80U) return 0;
  return length;
}

/// The text with every byte that is neither printable ASCII nor part of a UTF-8 character
/// written as \xNN: a NUL would end what(), and a control byte would drive the terminal.
std::string escaped(std::string_view text) {
  constexpr std::array<char, 16> kHexDigits = {'0', '1', '2', '3', '4', '5', '6', '7',
                                               '8', '9', 'A', 'B', 'C', 'D', 'E', 'F'};
  std::string result;
  result.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte >= 0x20 && byte < 0x7F) {
      result += text[i++];
      continue;
    }
    if (const std::size_t length = byte >= 0x80 ? utf8_sequence_length(text.substr(i)) : 0) {
      result += text.substr(i, length);
      i += length;
      continue;
    }
    result += "\\x";
    result += kHexDigits[byte >> 4U];
    result += kHexDigits[byte & 0xFU];
    ++i;
  }
  return result;
}

/// A token quoted from the input, escaped, and past kShownTokenBytes its start and end around
/// the count of bytes left out: enough to recognize it, and its closing quote, or the file
/// name at the end of a path, stays.
std::string shortened(std::string_view token) {
  if (token.size() <= kShownTokenBytes) return escaped(token);
  constexpr std::size_t kTailBytes = 40;
  constexpr std::size_t kHeadBytes = kShownTokenBytes - kTailBytes;
  const std::size_t left_out = token.size() - kHeadBytes - kTailBytes;
  return concat(escaped(token.substr(0, kHeadBytes)), "[... ", left_out, " bytes ...]",
                escaped(token.substr(token.size() - kTailBytes)));
}

std::string format_message(const SourceLocation& where, const std::string& key,
                           std::string_view message) {
  std::string text = format_location(where);
  text += text.empty() ? "error: " : ": error: ";
  if (!key.empty()) text += concat(key, ": ");
  text += message;
  return text;
}

}  // namespace

std::string format_location(const SourceLocation& where) {
  std::string text = escaped(where.file);
  if (where.line > 0) {
    text += concat(':', where.line);
    if (where.column > 0) text += concat(':', where.column);
  }
  return text;
}

Diagnostic::Diagnostic(SourceLocation where, std::string_view key, std::string_view expected,
                       std::string_view found)
    : Diagnostic(
          PrintableParts{std::move(where), shortened(key),
                         concat("expected ", escaped(expected), ", found ", shortened(found))}) {}

Diagnostic::Diagnostic(SourceLocation where, std::string_view key, std::string_view message)
    : Diagnostic(PrintableParts{std::move(where), shortened(key), escaped(message)}) {}

Diagnostic::Diagnostic(PrintableParts parts)
    : std::runtime_error(format_message(parts.where, parts.key, parts.message)),
      where_(std::move(parts.where)),
      key_(std::move(parts.key)),
      message_(std::move(parts.message)) {}

}  // namespace moreau::core
