// std::visit with one lambda per alternative (the "overloaded" idiom of cppreference).
#pragma once

namespace moreau::geometry {

template <class... Cases>
struct Overloaded : Cases... {
  using Cases::operator()...;
};
// Deduced by C++20 for aggregates; spelled out for clang 14 (clang-tidy), which predates it.
template <class... Cases>
Overloaded(Cases...) -> Overloaded<Cases...>;

}  // namespace moreau::geometry
