// Writing an output file without ever destroying the previous one on failure: the content
// goes to a temporary file in the same folder, which replaces the target only once complete.
#pragma once

#include <filesystem>
#include <functional>
#include <ostream>

namespace moreau::cli {

/// Calls write(stream) on a temporary file beside path, then renames it onto path.
/// @throws core::Diagnostic naming path when it cannot be written
void write_output_file(const std::filesystem::path& path,
                       const std::function<void(std::ostream&)>& write);

}  // namespace moreau::cli
