// Internal invariants. MOREAU_ASSERT is active in Debug and sanitizer builds (NDEBUG unset)
// and compiles to nothing in Release; it is for bugs, never for user input (core::Diagnostic).
#pragma once

namespace moreau::core {

/// Prints the failed condition with its place to stderr and aborts.
[[noreturn]] void assertion_failed(const char* condition, const char* file, int line);

}  // namespace moreau::core

#ifdef NDEBUG
// sizeof: the condition is not evaluated, but what it names counts as used (no unused-
// parameter warnings in release builds for parameters that only assertions read).
#define MOREAU_ASSERT(condition) static_cast<void>(sizeof(condition))
#else
#define MOREAU_ASSERT(condition)      \
  ((condition) ? static_cast<void>(0) \
               : ::moreau::core::assertion_failed(#condition, __FILE__, __LINE__))
#endif
