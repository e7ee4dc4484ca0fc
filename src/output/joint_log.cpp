#include "moreau/output/joint_log.hpp"

#include "moreau/core/output_file.hpp"

namespace moreau::output {

JointLog::JointLog(const std::filesystem::path& path, std::optional<long> continue_after)
    : out_(path, "step,time,body_a,body_b,mode,points\n", continue_after) {}

void JointLog::record(long step, double time, const model::Scene& scene,
                      const dynamics::JointFailure& failure) {
  out_.rows() << step << ',' << time << ',' << scene.bodies[failure.body_a].name << ','
              << scene.bodies[failure.body_b].name << ','
              << (failure.mode == dynamics::FailureMode::Tension ? "tension" : "shear") << ','
              << failure.points.size() << '\n';
  out_.write_rows();
}

}  // namespace moreau::output
