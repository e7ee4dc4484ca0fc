#include "moreau/benchmark/problem_files.hpp"

#include "moreau/core/diagnostic.hpp"

#include <algorithm>

namespace moreau::benchmark {
namespace {

namespace fs = std::filesystem;

bool looks_like_problem(const fs::path& path) {
  const std::string ending = path.extension().string();
  return ending == ".dat" || ending == ".hdf5" || ending == ".h5";
}

std::vector<fs::path> problems_in_folder(const fs::path& folder) {
  std::vector<fs::path> found;
  for (const auto& entry : fs::directory_iterator(folder))
    if (entry.is_regular_file() && looks_like_problem(entry.path())) found.push_back(entry.path());
  std::sort(found.begin(), found.end());
  return found;
}

}  // namespace

std::vector<fs::path> find_problem_files(const std::vector<std::string>& paths) {
  std::vector<fs::path> files;
  for (const std::string& text : paths) {
    const fs::path path(text);
    if (fs::is_directory(path)) {
      const std::vector<fs::path> found = problems_in_folder(path);
      // A folder named for its problems that holds none is a mistake (a wrong path, files not
      // yet copied): a benchmark of nothing would report success and replace the CSV.
      if (found.empty())
        throw core::Diagnostic({text}, "", "a folder with problem files (.dat, .hdf5 or .h5)",
                               "none");
      files.insert(files.end(), found.begin(), found.end());
    } else if (fs::exists(path)) {
      files.push_back(path);
    } else {
      throw core::Diagnostic({text}, "", "no such file or folder");
    }
  }
  return files;
}

}  // namespace moreau::benchmark
