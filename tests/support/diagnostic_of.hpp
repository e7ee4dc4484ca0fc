// The text of the refusal a call makes, for tests that compare two refusals or a refusal with
// its expected words.
#pragma once

#include "moreau/core/diagnostic.hpp"

#include <string>

namespace moreau::testing {

/// The what() of the core::Diagnostic that f throws, or "" where it throws none.
template <class F>
std::string diagnostic_of(F f) {
  try {
    f();
  } catch (const core::Diagnostic& error) {
    return error.what();
  }
  return "";
}

}  // namespace moreau::testing
