#include "moreau/core/process_settings.hpp"

#include <dlfcn.h>
#include <malloc.h>

#include <csignal>
#include <limits>

namespace moreau::core {

// use_one_library_thread(): moreau runs its solvers on one thread, and so do the libraries
// under them (docs/large-structures.md, "Threads and memory"):
// - OpenBLAS, Debian's default BLAS, which CHOLMOD calls, has its own thread pool whose
//   threads spin while they wait: beside moreau's threads they fought for the cores, and a
//   small wall's run spent most of its time in the kernel. Its products on moreau's matrices
//   (fronts of tens to hundreds of rows) gain little from threads.
// - CHOLMOD's supernodal factorization (SuiteSparse 5) opens an OpenMP team of a fixed 4
//   threads for each large supernode, whatever OMP_NUM_THREADS says: on 2 cores its threads'
//   waits (futex calls) made a large wall's steps slower than with the regions run
//   serially. Zero active levels make every OpenMP region run on the calling thread.
// One thread also makes the results independent of the machine's core count (bitwise). The
// symbols are looked up rather than linked: another BLAS or OpenMP runtime simply lacks them.
// Zero active levels are not free: libgomp still builds a team of one for each region and
// ends it at a barrier whose last thread wakes the others by a futex call, a system call per
// supernode. GOMP_parallel below runs the regions without libgomp wherever the program's
// definition is the one bound; the zero levels keep them on one thread where it is not (a
// Python process in which another module made libgomp's global first).
void use_one_library_thread() {
  using SetCount = void (*)(int);
  if (void* symbol = dlsym(RTLD_DEFAULT, "openblas_set_num_threads"))
    reinterpret_cast<SetCount>(symbol)(1);
  if (void* symbol = dlsym(RTLD_DEFAULT, "omp_set_max_active_levels"))
    reinterpret_cast<SetCount>(symbol)(0);
}

// keep_freed_memory(): the solvers allocate and free the same large workspaces many times a step
// (UMFPACK's numeric factorization of W at each Newton step, megabytes for a few hundred contacts).
// glibc hands blocks above its mmap threshold back to the kernel at once, and trims the
// heap's top above its trim threshold, so each reuse page-faults the memory back in and the
// kernel zeroes it: on wall-tilt.yaml page faults and TLB flushes took a large part of the
// time. With the largest mmap threshold (32 MiB) and freed memory kept, a workspace is
// reused from the heap (docs/large-structures.md, "Threads and memory"). That was not enough
// on the clock tower's Jacobian (24,108 unknowns, UMFPACK): its factorizations still
// page-faulted thousands of pages each, a large part of a hard step's time; the heap growing
// by 64 MiB more than asked whenever it grows (M_TOP_PAD) removed most of the faults.
// The cost: the process keeps its peak memory, plus up to 64 MiB, until it exits.
void keep_freed_memory() {
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  mallopt(M_TRIM_THRESHOLD, std::numeric_limits<int>::max());
  mallopt(M_TOP_PAD, 64 << 20);
}

void fail_writes_past_the_file_size_limit() { std::signal(SIGXFSZ, SIG_IGN); }

}  // namespace moreau::core

// The entry point through which GCC-compiled code opens an OpenMP parallel region (libgomp's
// ABI: the region's body outlined into `region`, its variables in `data`), defined here so
// that CHOLMOD's regions bind to it rather than to libgomp (the program's own definitions
// come first in the dynamic linker's search). It runs the region on the calling thread as
// a team of one: outside a team, omp_get_num_threads() is 1 and omp_get_thread_num() 0, so
// each of CHOLMOD's `parallel for` loops (static schedule, the only OpenMP it uses in
// SuiteSparse 5) covers its whole range, in order, as a team of one thread would
// (docs/large-structures.md, "Threads and memory", measures what it saves).
extern "C" [[gnu::visibility("default")]] void GOMP_parallel(void (*region)(void*), void* data,
                                                             unsigned /*threads*/,
                                                             unsigned /*flags*/) {
  region(data);
}
