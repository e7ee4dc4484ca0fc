// A file system of a few kilobytes (tmpfs) mounted on a scratch folder for a test's life: the
// full disk of the tests of output files. None where the test may not mount one (not root, or a
// container without CAP_SYS_ADMIN): the test then skips, saying so.
#pragma once

#include "support/scratch_folder.hpp"

#include <cstdlib>
#include <filesystem>
#include <string>

namespace moreau::testing {

class SmallDisk {
 public:
  explicit SmallDisk(int kilobytes) : folder_(scratch_.path() / "disk") {
    std::filesystem::create_directories(folder_);
    const std::string mount = "mount -t tmpfs -o size=" + std::to_string(kilobytes) + "k tmpfs " +
                              folder_.string() + " 2>/dev/null";
    mounted_ = std::system(mount.c_str()) == 0;
  }
  ~SmallDisk() {
    if (mounted_) std::system(("umount " + folder_.string()).c_str());
  }
  SmallDisk(const SmallDisk&) = delete;
  SmallDisk& operator=(const SmallDisk&) = delete;

  bool mounted() const { return mounted_; }
  const std::filesystem::path& folder() const { return folder_; }

 private:
  ScratchFolder scratch_;
  std::filesystem::path folder_;
  bool mounted_ = false;
};

}  // namespace moreau::testing
