// Internal invariants. MOREAU_ASSERT is active in Debug and sanitizer builds (NDEBUG unset)
// and compiles to nothing in Release; it is for bugs, never for user input (core::Diagnostic).
#pragma once

namespace moreau::core {

/// Prints the failed condition with its place to stderr and aborts.
[[noreturn]] void assertion_failed(const char* condition, const char* file, int line);

}  // namespace moreau::core

#ifdef NDEBUG
#define MOREAU_ASSERT(condition) static_cast<void>(0)
#else
#define MOREAU_ASSERT(condition)      \
  ((condition) ? static_cast<void>(0) \
               : ::moreau::core::assertion_failed(#condition, __FILE__, __LINE__))
#endif
