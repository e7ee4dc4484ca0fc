// Runs a fuzz target's LLVMFuzzerTestOneInput over files, as OSS-Fuzz's standalone
// reproducers do, in the builds without libFuzzer (GCC, the sanitizers): ctest replays the
// seed corpus and the regression inputs of tests/fuzz/regressions/<target>/ through it.
//   moreau_<target>_replay PATH...   a folder stands for every file under it
// Exits 0 once every input is done; a finding aborts (sanitizer report, uncaught exception,
// assertion) after "input: PATH" names the input. Exits 1 if no input was found at all.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

namespace fs = std::filesystem;

// The files named, and those under the folders named, each folder's in sorted order.
std::vector<fs::path> inputs(int argc, char** argv) {
  std::vector<fs::path> files;
  for (int a = 1; a < argc; ++a) {
    const fs::path path = argv[a];
    if (!fs::exists(path)) {  // a target without regressions has no folder of them
      std::cout << "no " << path.string() << ": nothing to replay there\n";
      continue;
    }
    if (!fs::is_directory(path)) {
      files.push_back(path);
      continue;
    }
    std::vector<fs::path> found;
    for (const fs::directory_entry& entry : fs::recursive_directory_iterator(path))
      if (entry.is_regular_file()) found.push_back(entry.path());
    std::sort(found.begin(), found.end());
    files.insert(files.end(), found.begin(), found.end());
  }
  return files;
}

}  // namespace

int main(int argc, char** argv) {
  std::size_t replayed = 0;
  for (const fs::path& path : inputs(argc, argv)) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      std::cerr << path.string() << ": cannot be read\n";
      return 1;
    }
    const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    std::cout << "input: " << path.string() << std::endl;  // flushed: a crash follows it
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
    ++replayed;
  }
  std::cout << replayed << " inputs replayed\n";
  return replayed > 0 ? 0 : 1;
}
