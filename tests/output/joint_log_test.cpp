// joints.csv: its header, and one row per broken joint with the bodies named, the mode as a
// word and the number of bonds that broke; a continued file keeps the rows up to the restart.
#include "moreau/output/joint_log.hpp"

#include "support/scratch_folder.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

namespace moreau::output {
namespace {

std::string joint_log_text(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

dynamics::JointFailure joint_failure(int body_a, int body_b, dynamics::FailureMode mode,
                                     std::size_t bonds) {
  dynamics::JointFailure failure;
  failure.body_a = body_a;
  failure.body_b = body_b;
  failure.mode = mode;
  failure.points.resize(bonds);
  return failure;
}

model::Scene three_named_bodies() {
  model::Scene scene;
  for (const char* name : {"base", "pier", "lintel"})
    scene.bodies.push_back(model::make_fixed_body(name, geometry::Plane{}, {}));
  return scene;
}

TEST(JointLog, WritesOneRowPerFailureWithBodiesModeAndBondCount) {
  const testing::ScratchFolder folder;
  const std::filesystem::path path = folder.path() / "joints.csv";
  const model::Scene scene = three_named_bodies();
  const dynamics::JointFailure tension = joint_failure(1, 0, dynamics::FailureMode::Tension, 4);
  const dynamics::JointFailure shear = joint_failure(2, 1, dynamics::FailureMode::Shear, 2);
  {
    JointLog log(path);
    log.record(12, 0.25, scene, tension);
    log.record(40, 1.5, scene, shear);
  }
  EXPECT_EQ(joint_log_text(path),
            "step,time,body_a,body_b,mode,points\n"
            "12,0.25,pier,base,tension,4\n"
            "40,1.5,lintel,pier,shear,2\n");
}

// moreau run --restart-from at step 20: the failure of step 40 happened after the checkpoint
// and is written again by the continued run, so the earlier one must go.
TEST(JointLog, ContinuedFileKeepsTheRowsUpToTheRestart) {
  const testing::ScratchFolder folder;
  const std::filesystem::path path = folder.path() / "joints.csv";
  const model::Scene scene = three_named_bodies();
  const dynamics::JointFailure early = joint_failure(1, 0, dynamics::FailureMode::Tension, 3);
  const dynamics::JointFailure late = joint_failure(2, 1, dynamics::FailureMode::Shear, 1);
  {
    JointLog log(path);
    log.record(12, 0.25, scene, early);
    log.record(40, 1.5, scene, late);
  }
  {
    JointLog continued(path, 20);
    continued.record(41, 1.5, scene, late);
  }
  EXPECT_EQ(joint_log_text(path),
            "step,time,body_a,body_b,mode,points\n"
            "12,0.25,pier,base,tension,3\n"
            "41,1.5,lintel,pier,shear,1\n");
}

}  // namespace
}  // namespace moreau::output
