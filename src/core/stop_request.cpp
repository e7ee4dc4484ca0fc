#include "moreau/core/stop_request.hpp"

#include <atomic>

namespace moreau::core {
namespace {

// Lock-free atomics are the only objects a signal handler may touch besides volatile
// sig_atomic_t (C++20 [support.signal]).
std::atomic<bool> requested{false};
static_assert(std::atomic<bool>::is_always_lock_free);

}  // namespace

void request_stop() noexcept { requested.store(true); }

void clear_stop_request() noexcept { requested.store(false); }

bool stop_requested() noexcept { return requested.load(); }

}  // namespace moreau::core
