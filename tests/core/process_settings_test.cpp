// The settings a program applies at start, each observed in a child process (a fork) so that
// the test process keeps its own: the libraries under the solvers report one thread, a freed
// workspace stays in the heap, and a write past the file size limit fails with EFBIG instead
// of killing the process.
#include "moreau/core/process_settings.hpp"

#include "support/scratch_folder.hpp"

#include <dlfcn.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <malloc.h>
#include <pthread.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace moreau::core {
namespace {

using GetCount = int (*)();

// Exit codes of the child of LibrariesUnderTheSolversRunOnOneThread.
enum LibraryThreadsOutcome : int {
  kOneThreadEach = 0,
  kBlasThreadsLeft = 1,
  kOpenMpLevelsLeft = 2,
  kNeitherLibraryInstalled = 3,
};

// In a child process: loads Debian's BLAS (OpenBLAS where installed) and the OpenMP runtime
// as CHOLMOD would (this executable needs neither), applies the setting and asks each library.
[[noreturn]] void check_library_threads_and_exit() {
  dlopen("libblas.so.3", RTLD_NOW | RTLD_GLOBAL);
  dlopen("libgomp.so.1", RTLD_NOW | RTLD_GLOBAL);
  const auto blas_threads =
      reinterpret_cast<GetCount>(dlsym(RTLD_DEFAULT, "openblas_get_num_threads"));
  const auto openmp_levels =
      reinterpret_cast<GetCount>(dlsym(RTLD_DEFAULT, "omp_get_max_active_levels"));
  if (!blas_threads && !openmp_levels) _exit(kNeitherLibraryInstalled);
  use_one_library_thread();
  if (blas_threads && blas_threads() != 1) _exit(kBlasThreadsLeft);
  if (openmp_levels && openmp_levels() != 0) _exit(kOpenMpLevelsLeft);
  _exit(kOneThreadEach);
}

TEST(ProcessSettingsDeathTest, LibrariesUnderTheSolversRunOnOneThread) {
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) check_library_threads_and_exit();
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status)) << "the child died of signal " << WTERMSIG(status);
  switch (WEXITSTATUS(status)) {
    case kNeitherLibraryInstalled:
      GTEST_SKIP() << "neither OpenBLAS nor an OpenMP runtime (libgomp) is installed";
    case kBlasThreadsLeft:
      FAIL() << "OpenBLAS still runs on more than one thread";
    case kOpenMpLevelsLeft:
      FAIL() << "OpenMP regions may still open teams (active levels > 0)";
    default:
      EXPECT_EQ(WEXITSTATUS(status), kOneThreadEach);
  }
}

// libgomp's entry point for a parallel region (GOMP_parallel), which process_settings.cpp
// defines: the region's body, its data, the threads asked for and flags.
using OpenParallelRegion = void (*)(void (*region)(void*), void* data, unsigned threads,
                                    unsigned flags);

// The dynamic linker's search for GOMP_parallel, the one that binds CHOLMOD's regions, finds
// the program's definition rather than libgomp's, and that definition runs a region once, on
// the calling thread, whatever team it asks for.
TEST(ProcessSettings, OpenMpRegionsRunOnTheCallingThreadWithoutLibgomp) {
  dlopen("libgomp.so.1", RTLD_NOW | RTLD_GLOBAL);  // as CHOLMOD loads it, where installed
  void* const found = dlsym(RTLD_DEFAULT, "GOMP_parallel");
  ASSERT_NE(found, nullptr);
  Dl_info found_in{}, program{};
  ASSERT_NE(dladdr(found, &found_in), 0);
  ASSERT_NE(dladdr(reinterpret_cast<void*>(&use_one_library_thread), &program), 0);
  EXPECT_EQ(found_in.dli_fbase, program.dli_fbase)
      << "GOMP_parallel resolves to " << found_in.dli_fname;

  struct Calls {
    int count = 0;
    pthread_t thread{};
  } calls;
  const auto region = [](void* data) {
    auto& seen = *static_cast<Calls*>(data);
    ++seen.count;
    seen.thread = pthread_self();
  };
  constexpr unsigned kFourThreads = 4;  // CHOLMOD's fixed team size
  reinterpret_cast<OpenParallelRegion>(found)(region, &calls, kFourThreads, 0);
  EXPECT_EQ(calls.count, 1);
  EXPECT_TRUE(pthread_equal(calls.thread, pthread_self()));
}

#ifndef MOREAU_ADDRESS_SANITIZER
// glibc's default mmap threshold is 128 KiB: without the setting, an 8 MiB workspace is
// mapped on its own (one more mmapped block) and unmapped when freed.
TEST(ProcessSettingsDeathTest, FreedWorkspaceStaysInTheHeap) {
  EXPECT_EXIT(
      {
        keep_freed_memory();
        constexpr std::size_t kWorkspace = 8 << 20;
        const std::size_t mapped_before = mallinfo2().hblks;
        void* volatile workspace = std::malloc(kWorkspace);
        std::memset(workspace, 1, kWorkspace);
        const std::size_t mapped_while_used = mallinfo2().hblks;
        std::free(workspace);
        const std::size_t kept = mallinfo2().fordblks;
        std::fprintf(stderr, "mapped blocks %zu -> %zu, free bytes kept %zu\n", mapped_before,
                     mapped_while_used, kept);
        std::exit(mapped_while_used == mapped_before && kept >= kWorkspace ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
}
#endif

// Without the setting the second write raises SIGXFSZ, whose default action kills the child.
TEST(ProcessSettingsDeathTest, WritePastTheFileSizeLimitFailsWithEfbig) {
  const testing::ScratchFolder folder;
  const std::string path = (folder.path() / "limited.csv").string();
  EXPECT_EXIT(
      {
        constexpr rlim_t kLimit = 4096;
        rlimit limit{};
        getrlimit(RLIMIT_FSIZE, &limit);
        limit.rlim_cur = kLimit;
        setrlimit(RLIMIT_FSIZE, &limit);
        fail_writes_past_the_file_size_limit();
        const int file = open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        const std::string up_to_the_limit(kLimit, 'x');
        const ssize_t first = write(file, up_to_the_limit.data(), up_to_the_limit.size());
        const ssize_t second = write(file, "y", 1);
        const int error = errno;
        std::fprintf(stderr, "wrote %zd, then %zd (%s)\n", first, second, std::strerror(error));
        std::exit(first == static_cast<ssize_t>(kLimit) && second == -1 && error == EFBIG ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "File too large");
}

}  // namespace
}  // namespace moreau::core
