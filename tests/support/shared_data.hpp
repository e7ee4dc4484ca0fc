// Access to ../shared (FCLib problems, records). A user's clone has no ../shared: tests that
// need it call MOREAU_REQUIRE_SHARED, which skips with the reason printed.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <string>
#include <vector>

namespace moreau::testing {

/// MOREAU_SHARED_DIR (a CMake cache variable, ../shared by default) joined with name.
inline std::filesystem::path shared_path(const std::string& name) {
  return std::filesystem::path(MOREAU_SHARED_DIR) / name;
}

/// The problem files of ../shared/fclib (its README left out), sorted. When the folder is
/// absent the list is {"absent"}, so that parameterized suites still instantiate and each
/// test skips with MOREAU_REQUIRE_SHARED's reason instead of vanishing silently.
inline std::vector<std::string> shared_fclib_problems() {
  const std::filesystem::path folder = shared_path("fclib");
  if (!std::filesystem::exists(folder)) return {"absent"};
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(folder))
    if (entry.path().extension() != ".md") names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

/// A file name as a GoogleTest parameter name: every character but letters and digits
/// becomes '_'.
inline std::string test_name(std::string text) {
  for (char& c : text)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return text;
}

}  // namespace moreau::testing

/// Skips the calling test, with a printed reason, when ../shared/NAME does not exist.
#define MOREAU_REQUIRE_SHARED(name)                                                     \
  do {                                                                                  \
    if (!std::filesystem::exists(::moreau::testing::shared_path(name)))                 \
      GTEST_SKIP() << "shared data not found: " << ::moreau::testing::shared_path(name) \
                   << " (set -DMOREAU_SHARED_DIR=... to run this test)";                \
  } while (false)
