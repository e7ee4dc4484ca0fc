#include "moreau/collision/contact_point.hpp"

#include "moreau/core/assert.hpp"

namespace moreau::collision {
namespace {

constexpr int kIndexBits = 14;

std::uint32_t pack(const Feature& f) {
  MOREAU_ASSERT(f.index >= 0 && f.index < (1 << kIndexBits));
  return static_cast<std::uint32_t>(f.kind) << kIndexBits | static_cast<std::uint32_t>(f.index);
}

}  // namespace

std::uint32_t FeatureId::key() const { return pack(a) << (kIndexBits + 2) | pack(b); }

}  // namespace moreau::collision
