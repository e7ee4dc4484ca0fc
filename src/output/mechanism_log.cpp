#include "moreau/output/mechanism_log.hpp"

#include "moreau/core/output_file.hpp"
#include "moreau/output/csv_field.hpp"

namespace moreau::output {

MechanismLog::MechanismLog(const std::filesystem::path& path, std::optional<long> continue_after)
    : out_(path, "step,time,load_factor,moving_bodies,parts,hinges,sliding_joints,description\n",
           continue_after) {}

void MechanismLog::record(long step, double time, double load_factor,
                          const run::MechanismSummary& mechanism) {
  std::size_t moving_bodies = 0;
  for (const run::PartSummary& part : mechanism.parts) moving_bodies += part.bodies.size();
  out_.rows() << step << ',' << time << ',' << load_factor << ',' << moving_bodies << ','
              << mechanism.parts.size() << ',' << mechanism.hinges.size() << ','
              << mechanism.sliding.size() << ',' << csv_field(mechanism.description) << '\n';
  out_.write_rows();
}

}  // namespace moreau::output
