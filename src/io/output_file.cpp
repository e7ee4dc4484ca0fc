#include "moreau/io/output_file.hpp"

#include "moreau/core/diagnostic.hpp"

#include <fstream>
#include <system_error>

namespace moreau::io {

void write_output_file(const std::filesystem::path& path,
                       const std::function<void(std::ostream&)>& write) {
  std::filesystem::path temporary = path;
  temporary += ".partial";
  {
    std::ofstream out(temporary);
    if (!out) throw core::Diagnostic({path.string()}, "", "cannot open the file for writing");
    write(out);
    out.flush();
    if (!out) throw core::Diagnostic({path.string()}, "", "writing the file failed");
  }
  std::error_code error;
  std::filesystem::rename(temporary, path, error);
  if (error)
    throw core::Diagnostic({path.string()}, "", "cannot replace the file: " + error.message());
}

}  // namespace moreau::io
