#include "moreau/output/run_folder.hpp"

#include "moreau/core/concat.hpp"

namespace moreau::output {

namespace fs = std::filesystem;

bool holds_a_run(const fs::path& folder) {
  return fs::exists(folder / "summary.json") || fs::exists(folder / "history.csv");
}

fs::path unused_folder(const std::string& base) {
  fs::path out = base;
  for (int n = 2; holds_a_run(out); ++n) out = core::concat(base, '-', n);
  return out;
}

std::vector<fs::path> checkpoints_after(const fs::path& folder, long step) {
  std::vector<fs::path> later;
  for (const fs::directory_entry& entry : fs::directory_iterator(folder)) {
    const std::string name = entry.path().filename().string();
    const std::string prefix = "checkpoint-";
    if (name.rfind(prefix, 0) != 0) continue;
    const std::string digits = name.substr(prefix.size());
    if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos) continue;
    if (std::stol(digits) > step) later.push_back(entry.path());
  }
  return later;
}

}  // namespace moreau::output
