// What the tests of the mesh readers share: a fixture that reads a problem file whose one
// `blocks` generator reads a CAD file it writes, the bytes of binary files, the running-bond
// wall's block centres, two boxes as an OBJ file, and bodies compared to the bit.
#pragma once

#include "moreau/core/diagnostic.hpp"
#include "moreau/io/problem_file.hpp"
#include "support/block_wall.hpp"
#include "support/scratch_folder.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <variant>
#include <vector>

namespace moreau::mesh::checks {

using math::Vec3;
using testing::block_centre;
using testing::kBlocksPerCourse;
using testing::kCourses;
using testing::obj_box;

// The bytes of `value`, least significant first, or most significant first if `big_endian`.
template <class Unsigned>
inline std::string bytes_of(Unsigned value, bool big_endian = false) {
  std::string bytes;
  for (std::size_t b = 0; b < sizeof(Unsigned); ++b)
    bytes += static_cast<char>((value >> (8 * b)) & 0xFFU);
  if (big_endian) std::reverse(bytes.begin(), bytes.end());
  return bytes;
}

inline std::string float32_bytes(double value, bool big_endian = false) {
  return bytes_of(std::bit_cast<std::uint32_t>(static_cast<float>(value)), big_endian);
}

inline std::vector<Vec3> wall_centres() {
  std::vector<Vec3> centres;
  for (int course = 0; course < kCourses; ++course)
    for (int block = 0; block < kBlocksPerCourse; ++block)
      centres.push_back(block_centre(course, block));
  return centres;
}

// Two boxes side by side: "first" (line 1; vertices 1-8, lines 2-9; faces, lines 10-15) and
// "second" (line 16; vertices 9-16, lines 17-24; faces, lines 25-30).
inline std::string two_boxes() {
  return "o first\n" + obj_box(Vec3(0, 0, 0.125), 1) + "o second\n" +
         obj_box(Vec3(0.5, 0, 0.125), 9);
}

// Expects the bodies of `a` and `b` to be the same, in the same order, to the bit.
inline void expect_same_bodies(const run::Problem& a, const run::Problem& b,
                               const std::string& what) {
  ASSERT_EQ(a.scene.bodies.size(), b.scene.bodies.size()) << what;
  for (std::size_t i = 0; i < a.scene.bodies.size(); ++i) {
    const model::Body& p = a.scene.bodies[i];
    const model::Body& q = b.scene.bodies[i];
    EXPECT_EQ(p.mass, q.mass) << what << ' ' << p.name;
    EXPECT_EQ(p.inertia, q.inertia) << what << ' ' << p.name;
    EXPECT_EQ(p.x, q.x) << what << ' ' << p.name;
    EXPECT_EQ(p.q.coeffs(), q.q.coeffs()) << what << ' ' << p.name;
    EXPECT_EQ(std::get<geometry::ConvexPolyhedron>(p.shape).vertices(),
              std::get<geometry::ConvexPolyhedron>(q.shape).vertices())
        << what << ' ' << p.name;
  }
}

inline constexpr const char* kHeader = R"(version: 1
time: {step: 1.0e-3, duration: 0.1}
materials: [{name: stone, density: 2000}]
)";

class BlockAssemblyTest : public ::testing::Test {
 protected:
  std::filesystem::path write(const std::string& name, const std::string& text) const {
    std::filesystem::path path = scratch_.path() / name;
    std::ofstream(path) << text;
    return path;
  }

  // The problem whose one generator reads `file`.
  run::Problem read_assembly(const std::string& file) const {
    return io::read_problem_file(
        write("assembly.yaml", std::string(kHeader) +
                                   "generators:\n  - {type: blocks, name: wall, file: " + file +
                                   ", material: stone}\n"));
  }

  // The message of the error that reading the assembly `file`, of `text`, raises.
  std::string error_of(const std::string& file, const std::string& text) const {
    write(file, text);
    try {
      read_assembly(file);
    } catch (const core::Diagnostic& error) {
      return error.what();
    }
    return "no error";
  }

  const testing::ScratchFolder scratch_;
};

}  // namespace moreau::mesh::checks
