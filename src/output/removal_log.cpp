#include "moreau/output/removal_log.hpp"

#include "moreau/core/output_file.hpp"

namespace moreau::output {

RemovalLog::RemovalLog(const std::filesystem::path& path, std::optional<long> continue_after)
    : out_(path, "step,time,body,bound,value\n", continue_after) {}

void RemovalLog::record(long step, double time, const model::Scene& scene,
                        const dynamics::Removal& removal) {
  out_.rows() << step << ',' << time << ',' << scene.bodies[removal.body].name << ','
              << removal.bound << ',' << removal.value << '\n';
  out_.write_rows();
}

}  // namespace moreau::output
