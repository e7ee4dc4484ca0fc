// The ground-motion records a study runs (`moreau ida --records`, `moreau records`): record
// files, folders of them, and suite files, the YAML lists of records and of an event's
// component files. The records themselves are read by ground_motion/acceleration_record.hpp.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace moreau::io {

/// A record of a suite: one file, or the files of one event's components along x, y (and z),
/// e.g. a PEER pair of .AT2 files.
struct SuiteRecord {
  std::vector<std::filesystem::path> components;
  /// The record's name, its folder in a study: its file's name, or its components' joined by
  /// '+'.
  std::string name() const;
};

/// The records `paths` name: each a record file; a folder whose .AT2, .csv, .txt and .dat
/// files (the first two in any case) it stands for, in the order of their names; or a suite
/// file (.yaml or .yml) whose `records` list holds record files and lists of an event's two
/// or three component files (along x, y, z), relative to its folder.
/// @throws core::Diagnostic at key `option` naming a path that is neither a file nor a folder,
///   or a folder without records; at the file, line and key of a malformed suite file
std::vector<SuiteRecord> record_suite(const std::vector<std::string>& paths,
                                      std::string_view option);

/// The record files of record_suite(paths, option), each component on its own.
std::vector<std::filesystem::path> record_files(const std::vector<std::string>& paths,
                                                std::string_view option);

}  // namespace moreau::io
