#include "moreau/output/removal_log.hpp"

#include "moreau/core/diagnostic.hpp"
#include "moreau/core/output_file.hpp"

namespace moreau::output {

RemovalLog::RemovalLog(const std::filesystem::path& path, std::optional<long> continue_after)
    : path_(path), out_(core::open_csv_log(path, "step,time,body,bound,value\n", continue_after)) {}

void RemovalLog::record(long step, double time, const model::Scene& scene,
                        const dynamics::Removal& removal) {
  out_ << step << ',' << time << ',' << scene.bodies[removal.body].name << ',' << removal.bound
       << ',' << removal.value << '\n'
       << std::flush;
  if (!out_) throw core::Diagnostic({path_.string()}, "", "writing the removal log failed");
}

}  // namespace moreau::output
