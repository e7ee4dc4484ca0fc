// The JSON values of numbers and vectors in the JSON outputs (summary.json, limit.json).
#pragma once

#include "moreau/math/types.hpp"

#include <cmath>
#include <nlohmann/json.hpp>

namespace moreau::output {

/// JSON (RFC 8259) has no NaN or infinity: they are written as null. nlohmann_json would also
/// dump them as null, but saying so here keeps the rule visible and independent of the
/// library's choice.
inline nlohmann::ordered_json json_number(double value) {
  return std::isfinite(value) ? nlohmann::ordered_json(value) : nlohmann::ordered_json(nullptr);
}

/// [x, y, z], each as json_number writes it.
inline nlohmann::ordered_json json_vector(const math::Vec3& v) {
  return nlohmann::ordered_json::array(
      {json_number(v.x()), json_number(v.y()), json_number(v.z())});
}

}  // namespace moreau::output
