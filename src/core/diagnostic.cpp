#include "moreau/core/diagnostic.hpp"

#include "moreau/core/concat.hpp"

#include <utility>

namespace moreau::core {
namespace {

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
  std::string text = where.file;
  if (where.line > 0) {
    text += concat(':', where.line);
    if (where.column > 0) text += concat(':', where.column);
  }
  return text;
}

Diagnostic::Diagnostic(SourceLocation where, std::string key, std::string_view expected,
                       std::string_view found)
    : Diagnostic(std::move(where), std::move(key),
                 concat("expected ", expected, ", found ", found)) {}

Diagnostic::Diagnostic(SourceLocation where, std::string key, std::string_view message)
    : std::runtime_error(format_message(where, key, message)),
      where_(std::move(where)),
      key_(std::move(key)) {}

}  // namespace moreau::core
