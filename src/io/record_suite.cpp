#include "moreau/io/record_suite.hpp"

#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/core/uppercase.hpp"
#include "moreau/ground_motion/acceleration_record.hpp"
#include "yaml_field.hpp"

#include <algorithm>
#include <filesystem>
#include <iterator>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace moreau::io {

using core::concat;
using core::Diagnostic;

std::string SuiteRecord::name() const {
  std::string joined;
  for (const std::filesystem::path& file : components)
    joined += concat(joined.empty() ? "" : "+", file.filename().string());
  return joined;
}

namespace {

bool is_suite_file(const std::filesystem::path& file) {
  const std::string extension = core::uppercase(file.extension().string());
  return extension == ".YAML" || extension == ".YML";
}

// A suite file's records: `records`, a list of record files and of lists of an event's
// components, each file relative to the suite file's folder and there.
std::vector<SuiteRecord> read_suite_file(const std::filesystem::path& path) {
  const Field root = Field::load(path);
  root.check_keys({"records"});
  const auto file_at = [&](const Field& entry) {
    std::filesystem::path file = path.parent_path() / entry.text();
    if (!std::filesystem::is_regular_file(file))
      entry.fail("a record file (relative to the suite file's folder)", "no such file");
    return file;
  };
  std::vector<SuiteRecord> records;
  for (const Field& entry : root.get("records").elements(
           "a list of records: files, or lists of a record's components")) {
    SuiteRecord record;
    if (!entry.is_sequence()) {
      record.components.push_back(file_at(entry));
    } else {
      const std::vector<Field> components = entry.elements();
      if (components.size() < 2 || components.size() > 3)
        entry.fail("the files of a record's 2 or 3 components, along x, y (and z)",
                   concat(components.size(), " files"));
      for (const Field& component : components) record.components.push_back(file_at(component));
    }
    records.push_back(std::move(record));
  }
  if (records.empty()) root.get("records").fail("at least one record", "none");
  return records;
}

}  // namespace

std::vector<SuiteRecord> record_suite(const std::vector<std::string>& paths,
                                      std::string_view option) {
  namespace fs = std::filesystem;
  std::vector<SuiteRecord> records;
  for (const std::string& path : paths) {
    if (fs::is_regular_file(path) && is_suite_file(path)) {
      std::ranges::move(read_suite_file(path), std::back_inserter(records));
      continue;
    }
    if (fs::is_regular_file(path)) {
      records.push_back({{path}});
      continue;
    }
    if (!fs::is_directory(path))
      throw Diagnostic({path}, option, "a record file, a suite file or a folder of records",
                       fs::exists(path) ? "neither a file nor a folder" : "nothing there");
    std::vector<fs::path> found;
    for (const fs::directory_entry& entry : fs::directory_iterator(path)) {
      const fs::path& file = entry.path();
      if (entry.is_regular_file() &&
          (ground_motion::record_layout(file) != ground_motion::RecordLayout::SingleColumn ||
           file.extension() == ".txt" || file.extension() == ".dat"))
        found.push_back(file);
    }
    if (found.empty())
      throw Diagnostic({path}, option, "a folder with .AT2, .csv, .txt or .dat records",
                       "none in it");
    std::sort(found.begin(), found.end());
    for (fs::path& file : found) records.push_back({{std::move(file)}});
  }
  return records;
}

std::vector<std::filesystem::path> record_files(const std::vector<std::string>& paths,
                                                std::string_view option) {
  std::vector<std::filesystem::path> files;
  for (const SuiteRecord& record : record_suite(paths, option))
    files.insert(files.end(), record.components.begin(), record.components.end());
  return files;
}

}  // namespace moreau::io
