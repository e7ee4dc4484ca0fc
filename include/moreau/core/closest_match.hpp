// "Did you mean ...?" for unknown keys, commands and solver names.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace moreau::core {

/// The candidate nearest to word in Levenshtein distance (Levenshtein 1966), if it is close
/// enough to be a plausible typo: at most a third of the word's length, and at least 1. A
/// word that holds numbers (runs of digits, leading zeros aside) is matched only to
/// candidates that hold the same numbers in the same order: in generated names a number
/// says which course or block, and another number is another block, not a typo.
std::optional<std::string> closest_match(std::string_view word,
                                         std::span<const std::string> candidates);

/// `expected` and, when a candidate is close to word (closest_match), " (did you mean
/// 'candidate'?)": the expected part of a Diagnostic about an unknown name.
std::string with_suggestion(std::string_view expected, std::string_view word,
                            std::span<const std::string> candidates);

/// The candidates as "a, b, c", for "expected one of ..." messages.
std::string join(std::span<const std::string> candidates, std::string_view separator = ", ");

}  // namespace moreau::core
