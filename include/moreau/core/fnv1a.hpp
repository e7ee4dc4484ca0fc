// FNV-1a, 64 bits (Fowler, Noll, Vo): the hash of checkpoint checksums and problem-file
// identities (run/checkpoint.hpp) and of the determinism test's runs. A few lines, and any
// changed byte changes the hash with probability 1 - 2^-64 for accidental damage.
#pragma once

#include <cstdint>
#include <string_view>

namespace moreau::core {

inline constexpr std::uint64_t kFnv1aOffsetBasis = 0xcbf29ce484222325ULL;

/// The hash of `bytes`, continued from `hash` (the offset basis for a fresh hash), so that
/// data fed in pieces hash as their concatenation.
constexpr std::uint64_t fnv1a(std::string_view bytes, std::uint64_t hash = kFnv1aOffsetBasis) {
  for (const char byte : bytes) {
    hash ^= static_cast<unsigned char>(byte);
    hash *= 0x100000001b3ULL;
  }
  return hash;
}

}  // namespace moreau::core
