// std::visit with one lambda per alternative (the "overloaded" idiom of cppreference).
#pragma once

namespace moreau::geometry {

template <class... Cases>
struct Overloaded : Cases... {
  using Cases::operator()...;
};

}  // namespace moreau::geometry
