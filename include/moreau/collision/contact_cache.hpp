// What persists of a contact from one step to the next, keyed by its persistent id (the body
// pair and the feature pair): the impulse that warm-starts the next solve in NSCD, the
// tangential spring of the penalty laws. A contact that is not seen in a step is forgotten,
// as LMGC90 and Box2D do: a feature pair that reappears later starts afresh.
#pragma once

#include "moreau/collision/contact_point.hpp"

#include <algorithm>
#include <cstdint>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

namespace moreau::collision {

/// The persistent id of a contact: the indices of its two bodies (in the scene) and the
/// feature pair (FeatureId::key()).
struct ContactKey {
  int body_a = 0;
  int body_b = 0;
  std::uint32_t feature = 0;
  friend bool operator==(const ContactKey&, const ContactKey&) = default;
};

struct ContactKeyHash {
  std::size_t operator()(const ContactKey& key) const {
    // splitmix64's finalizer over the packed fields: body indices up to 2^32 each, and
    // neighbouring keys spread over the whole table.
    std::uint64_t x = (static_cast<std::uint64_t>(static_cast<std::uint32_t>(key.body_a)) << 32 |
                       static_cast<std::uint32_t>(key.body_b)) ^
                      (static_cast<std::uint64_t>(key.feature) * 0x9e3779b97f4a7c15ULL);
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return static_cast<std::size_t>(x ^ (x >> 31));
  }
};

template <typename Value>
class ContactCache {
 public:
  /// The value stored for `key` at the last replace(), or nullptr.
  const Value* find(const ContactKey& key) const {
    const auto found = values_.find(key);
    return found == values_.end() ? nullptr : &found->second;
  }

  /// Forgets every contact and keeps exactly the given (key, value) pairs.
  template <typename Range>
  void replace(const Range& entries) {
    values_.clear();
    for (const auto& [key, value] : entries) values_.emplace(key, value);
  }

  void erase(const ContactKey& key) { values_.erase(key); }

  void clear() { values_.clear(); }

  /// Every (key, value) pair, ordered by key (body_a, body_b, feature): the same contents
  /// always list the same way, whatever the hash table's order (checkpoints compare bytewise).
  std::vector<std::pair<ContactKey, Value>> entries() const {
    std::vector<std::pair<ContactKey, Value>> sorted(values_.begin(), values_.end());
    std::sort(sorted.begin(), sorted.end(), [](const auto& left, const auto& right) {
      return std::tie(left.first.body_a, left.first.body_b, left.first.feature) <
             std::tie(right.first.body_a, right.first.body_b, right.first.feature);
    });
    return sorted;
  }

  std::size_t size() const { return values_.size(); }

 private:
  std::unordered_map<ContactKey, Value, ContactKeyHash> values_;
};

}  // namespace moreau::collision
