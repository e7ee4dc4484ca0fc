#include "moreau/core/closest_match.hpp"

#include "moreau/core/concat.hpp"

#include <algorithm>
#include <vector>

namespace moreau::core {
namespace {

// Wagner-Fischer dynamic programme with one row.
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t substitution = diagonal + (a[i - 1] == b[j - 1] ? 0 : 1);
      diagonal = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, substitution});
    }
  }
  return row[b.size()];
}

// The numbers a name holds, each run of digits without its leading zeros: course15_block04
// holds 15 and 4, as voussoir4 holds 4.
std::vector<std::string_view> numbers_in(std::string_view name) {
  std::vector<std::string_view> numbers;
  const auto is_digit = [](char c) { return c >= '0' && c <= '9'; };
  for (std::size_t at = 0; at < name.size();) {
    if (!is_digit(name[at])) {
      ++at;
      continue;
    }
    std::size_t end = at;
    while (end < name.size() && is_digit(name[end])) ++end;
    std::size_t first = at;
    while (first + 1 < end && name[first] == '0') ++first;
    numbers.push_back(name.substr(first, end - first));
    at = end;
  }
  return numbers;
}

}  // namespace

std::optional<std::string> closest_match(std::string_view word,
                                         std::span<const std::string> candidates) {
  const std::size_t limit = std::max<std::size_t>(1, word.size() / 3);
  const std::vector<std::string_view> numbers = numbers_in(word);
  std::optional<std::string> best;
  std::size_t best_distance = limit + 1;
  for (const std::string& candidate : candidates) {
    // A number is no typo in a generated name (course15 is another course than course05):
    // a word with numbers is matched to names with the same numbers only.
    if (!numbers.empty() && numbers_in(candidate) != numbers) continue;
    const std::size_t distance = edit_distance(word, candidate);
    if (distance < best_distance) {
      best_distance = distance;
      best = candidate;
    }
  }
  return best;
}

std::string with_suggestion(std::string_view expected, std::string_view word,
                            std::span<const std::string> candidates) {
  const auto suggestion = closest_match(word, candidates);
  return suggestion ? concat(expected, " (did you mean '", *suggestion, "'?)")
                    : std::string(expected);
}

std::string join(std::span<const std::string> candidates, std::string_view separator) {
  std::string text;
  for (const std::string& candidate : candidates) {
    if (!text.empty()) text += separator;
    text += candidate;
  }
  return text;
}

}  // namespace moreau::core
