// Determinism hash (docs/style.md rule 5; Box2D v3's determinism test): a run of the
// tilting-table arch (testing::kTiltingArch: 7 voussoirs, friction 0.6, the table tilting
// until the arch slides and rocks into a mechanism, 1353 steps) through run::Run, hashed with
// FNV-1a 64 (core/fnv1a.hpp) over the bit patterns of
//   - per step: the solver's iterations (int32, 0 without a solve) and the kinetic energy,
//     potential energy and contact work (float64);
//   - at the end: each body's x, q (x, y, z, w), v and w_B (float64),
// each value fed as its bytes from the least significant, so that the hash is the same on
// any host byte order. The hash is compared with kExpectedHash, and two runs in one process,
// and runs with 1 and 2 collision threads, must give the same hash.
//
// kExpectedHash changes, legitimately, with any change of arithmetic on the path of a step:
// an operation reordered, a solver's or a tolerance's change, another compiler or flags that
// contract a * b + c into an FMA, another Eigen or BLAS. Regenerate it after such a change,
// having checked that the change is meant: run this test, and copy the hash its failure
// prints. The hash is that of the Release build (-O3) of GCC 12 on x86-64, with OpenBLAS's
// Haswell kernels: OpenBLAS picks its kernels by CPU and each set rounds differently (its
// SkylakeX kernels on an AVX-512 machine give another hash), so the test presets set
// OPENBLAS_CORETYPE=Haswell (CMakePresets.json).
#include "moreau/core/fnv1a.hpp"
#include "moreau/io/problem_file.hpp"
#include "moreau/run/run.hpp"
#include "support/test_problems.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <ios>
#include <sstream>
#include <string>

namespace moreau::run {
namespace {

constexpr std::uint64_t kExpectedHash = 0x60232070131a11b0ULL;

// Appends the bytes of `value`'s bit pattern to `bytes`, least significant first.
template <class Value>
void append(std::string& bytes, Value value) {
  using Bits = std::conditional_t<sizeof(Value) == 8, std::uint64_t, std::uint32_t>;
  auto bits = std::bit_cast<Bits>(value);
  for (std::size_t k = 0; k < sizeof(Bits); ++k, bits >>= 8)
    bytes.push_back(static_cast<char>(bits & 0xff));
}

void append(std::string& bytes, const math::Vec3& vector) {
  for (const double component : vector) append(bytes, component);
}

// The hash of the arch's run with `threads` collision threads.
std::uint64_t run_hash(int threads) {
  Problem problem = io::read_problem_text(testing::kTiltingArch, "tilting-arch", ".");
  problem.threads = threads;
  Run run(std::move(problem));
  std::uint64_t hash = core::kFnv1aOffsetBasis;
  std::string bytes;
  while (!run.finished()) {
    const dynamics::StepReport& report = run.advance().report;
    bytes.clear();
    append(bytes, static_cast<std::int32_t>(report.solve ? report.solve->iterations : 0));
    append(bytes, report.kinetic_energy);
    append(bytes, report.potential_energy);
    append(bytes, report.contact_work);
    hash = core::fnv1a(bytes, hash);
  }
  EXPECT_EQ(run.step(), 1353) << "the arch's run no longer ends where its comment says";
  bytes.clear();
  for (const model::Body& body : run.scene().bodies) {
    append(bytes, body.x);
    for (const double component : body.q.coeffs()) append(bytes, component);
    append(bytes, body.v);
    append(bytes, body.w_B);
  }
  return core::fnv1a(bytes, hash);
}

std::string hex(std::uint64_t hash) {
  std::ostringstream out;
  out << "0x" << std::hex << hash << "ULL";
  return out.str();
}

TEST(Determinism, TiltingArchHashesToTheStoredValue) {
  EXPECT_EQ(hex(run_hash(1)), hex(kExpectedHash));
}

TEST(Determinism, TwoRunsInOneProcessHashTheSame) { EXPECT_EQ(run_hash(1), run_hash(1)); }

TEST(Determinism, OneAndTwoThreadsHashTheSame) { EXPECT_EQ(run_hash(1), run_hash(2)); }

}  // namespace
}  // namespace moreau::run
