// Access to ../shared (FCLib problems, records). A user's clone has no ../shared: tests that
// need it call MOREAU_REQUIRE_SHARED, which skips with the reason printed.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

namespace moreau::testing {

/// MOREAU_SHARED_DIR (a CMake cache variable, ../shared by default) joined with name.
inline std::filesystem::path shared_path(const std::string& name) {
  return std::filesystem::path(MOREAU_SHARED_DIR) / name;
}

}  // namespace moreau::testing

/// Skips the calling test, with a printed reason, when ../shared/NAME does not exist.
#define MOREAU_REQUIRE_SHARED(name)                                                     \
  do {                                                                                  \
    if (!std::filesystem::exists(::moreau::testing::shared_path(name)))                 \
      GTEST_SKIP() << "shared data not found: " << ::moreau::testing::shared_path(name) \
                   << " (set -DMOREAU_SHARED_DIR=... to run this test)";                \
  } while (false)
