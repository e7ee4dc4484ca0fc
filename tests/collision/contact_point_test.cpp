// Feature ids of contact points (collision::FeatureId::key): the key of a point stays the
// same while the bodies move little, so that the contact cache finds the point again.
#include "moreau/collision/contact_point.hpp"

#include "contact_checks.hpp"
#include "moreau/collision/narrow_phase.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace moreau::collision {
namespace {

using checks::at;
using geometry::Box;
using math::Vec3;

TEST(FeatureIds, StayTheSameWhileTheBlockMovesLittle) {
  auto ids = [](double dx) {
    std::vector<std::uint32_t> keys;
    for (const ContactPoint& c : collide(Box{Vec3::Ones()}, at(Vec3(0.3 + dx, 0.2, 2.0 - 1e-4)),
                                         Box{Vec3::Ones()}, at(Vec3::Zero()), 0.0))
      keys.push_back(c.feature.key());
    std::sort(keys.begin(), keys.end());
    return keys;
  };
  EXPECT_EQ(ids(0.0), ids(1e-6));
  EXPECT_EQ(ids(0.0), ids(-1e-3));
  EXPECT_EQ(ids(0.0).size(), 4u);
}

}  // namespace
}  // namespace moreau::collision
