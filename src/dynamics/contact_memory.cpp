#include "moreau/dynamics/contact_memory.hpp"

#include "moreau/dynamics/contact_detection.hpp"

#include <algorithm>
#include <tuple>

namespace moreau::dynamics {
namespace {

using collision::ContactKey;
using math::Vec3;

auto pair_of(const ContactKey& key) { return std::tie(key.body_a, key.body_b); }

auto ordered(const ContactKey& key) { return std::tie(key.body_a, key.body_b, key.feature); }

}  // namespace

void ContactMemory::replace(std::vector<Entry> entries) {
  std::sort(entries.begin(), entries.end(), [](const Entry& left, const Entry& right) {
    return ordered(left.first) < ordered(right.first);
  });
  entries_ = std::move(entries);
}

const Vec3* ContactMemory::recall(const ContactKey& key, const Vec3& p_W,
                                  const model::Scene& scene) const {
  const auto [first, last] = std::equal_range(entries_.begin(), entries_.end(), Entry{key, {}},
                                              [](const Entry& left, const Entry& right) {
                                                return pair_of(left.first) < pair_of(right.first);
                                              });
  if (first == last) return nullptr;
  const auto same =
      std::find_if(first, last, [&](const Entry& entry) { return entry.first == key; });
  if (same != last) return &same->second.value;
  const model::Body& body_a = scene.bodies[key.body_a];
  double nearest = same_place_tolerance(body_a, scene.bodies[key.body_b]);
  const Vec3* found = nullptr;
  for (auto entry = first; entry != last; ++entry) {
    const double distance = (body_a.x + body_a.q * entry->second.anchor - p_W).norm();
    if (distance <= nearest) {
      nearest = distance;
      found = &entry->second.value;
    }
  }
  return found;
}

ContactMemory::Entry remember(const ContactKey& key, const Vec3& p_W, const Vec3& value,
                              const model::Scene& scene) {
  const model::Body& body_a = scene.bodies[key.body_a];
  return {key, {value, body_a.q.inverse() * (p_W - body_a.x)}};
}

}  // namespace moreau::dynamics
