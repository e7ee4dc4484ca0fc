#include "moreau/geometry/shape.hpp"

#include "moreau/core/concat.hpp"
#include "overloaded.hpp"

#include <cmath>

namespace moreau::geometry {
namespace {

void check_length(double value, const core::SourceLocation& where, const std::string& key) {
  if (!(value > 0.0) || !std::isfinite(value))  // written this way to refuse NaN too
    throw core::Diagnostic(where, key, "a positive length (m)", core::concat(value));
}

}  // namespace

void validate(const Shape& shape, const core::SourceLocation& where, const std::string& key) {
  std::visit(Overloaded{[&](const Sphere& s) { check_length(s.radius, where, key + ".radius"); },
                        [&](const Box& b) {
                          for (int i = 0; i < 3; ++i)
                            check_length(b.half_extents[i], where,
                                         core::concat(key, ".half_extents[", i, "]"));
                        },
                        [](const auto&) {}},
             shape);
}

}  // namespace moreau::geometry
