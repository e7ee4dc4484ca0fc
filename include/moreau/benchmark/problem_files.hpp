// The problem files of a benchmark: files named by the caller, and the frictional-contact
// problems of the folders it names (FCLib HDF5 and Siconos text, contact/contact_problem_file.hpp).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace moreau::benchmark {

/// The files of `paths` in order: a file is taken whatever its name (the reader detects the
/// format); a folder contributes its files ending in .dat, .hdf5 or .h5, sorted by name.
/// @throws core::Diagnostic naming a path that is neither a file nor a folder, or a folder
///         without problem files
std::vector<std::filesystem::path> find_problem_files(const std::vector<std::string>& paths);

}  // namespace moreau::benchmark
