// What a time stepper keeps of each contact from one step to the next (the impulse that warm
// starts NSCD, the tangential spring of the penalty laws), and how it finds a contact again:
// by its persistent key (body pair and feature pair), or, where the key is new, by place. The
// feature pairs of coinciding features are renamed as round-off goes (a corner shared by two
// aligned blocks is named after either block, or as two crossing edges): many contacts of a
// running-bond wall at rest change names between steps, and without the place
// they would start afresh every step (as Bullet's persistent manifolds, which match cached
// points by distance; LMGC90 and Box2D match by identity only).
#pragma once

#include "moreau/collision/contact_cache.hpp"
#include "moreau/collision/contact_point.hpp"
#include "moreau/math/types.hpp"
#include "moreau/model/scene.hpp"

#include <utility>
#include <vector>

namespace moreau::dynamics {

struct RememberedContact {
  /// What the stepper keeps of the contact (MoreauJeanState::impulses and
  /// PenaltyState::tangential_states, stepper.hpp, say what it is).
  math::Vec3 value = math::Vec3::Zero();
  /// m, the contact point in the frame of body_a (Body::q, Body::x).
  math::Vec3 anchor = math::Vec3::Zero();
};

/// The contacts of the last step, ordered by key (body_a, body_b, feature), so that the same
/// contents always list the same way (checkpoints compare bytewise).
class ContactMemory {
 public:
  using Entry = std::pair<collision::ContactKey, RememberedContact>;

  /// Forgets every contact and keeps exactly these (a key at most once).
  void replace(std::vector<Entry> entries);
  /// The value remembered for the contact `key` at point p_W (world, m): the contact of the
  /// same key, else the nearest remembered contact of the same two bodies whose anchor lies
  /// within same_place_tolerance of p_W; nullptr if none.
  const math::Vec3* recall(const collision::ContactKey& key, const math::Vec3& p_W,
                           const model::Scene& scene) const;
  const std::vector<Entry>& entries() const { return entries_; }
  void clear() { entries_.clear(); }

 private:
  std::vector<Entry> entries_;
};

/// The entry remembering a contact of this step between scene bodies key.body_a and
/// key.body_b at p_W, with its value.
ContactMemory::Entry remember(const collision::ContactKey& key, const math::Vec3& p_W,
                              const math::Vec3& value, const model::Scene& scene);

}  // namespace moreau::dynamics
