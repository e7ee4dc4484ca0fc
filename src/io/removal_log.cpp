#include "moreau/io/removal_log.hpp"

#include "moreau/core/diagnostic.hpp"

#include <iomanip>
#include <limits>

namespace moreau::io {

RemovalLog::RemovalLog(const std::filesystem::path& path) : path_(path), out_(path) {
  if (!out_) throw core::Diagnostic({path_.string()}, "", "cannot be created");
  out_ << std::setprecision(std::numeric_limits<double>::max_digits10)
       << "step,time,body,bound,value\n"
       << std::flush;
}

void RemovalLog::record(long step, double time, const model::Scene& scene,
                        const dynamics::Removal& removal) {
  out_ << step << ',' << time << ',' << scene.bodies[removal.body].name << ',' << removal.bound
       << ',' << removal.value << '\n'
       << std::flush;
  if (!out_) throw core::Diagnostic({path_.string()}, "", "writing the removal log failed");
}

}  // namespace moreau::io
