// mechanisms.csv: its header, and one row per recorded step counting the moving bodies over
// every part, the parts, hinges and sliding joints, with the description quoted by RFC 4180
// where it needs it.
#include "moreau/output/mechanism_log.hpp"

#include "support/scratch_folder.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

namespace moreau::output {
namespace {

TEST(MechanismLog, CountsBodiesOverPartsAndQuotesTheDescription) {
  const testing::ScratchFolder folder;
  const std::filesystem::path path = folder.path() / "mechanisms.csv";
  run::MechanismSummary rocking;
  rocking.description = "2 parts: \"pier\" turns, lintel slides";
  rocking.parts.push_back({.bodies = {"pier"}, .turns = true});
  rocking.parts.push_back({.bodies = {"lintel", "cap", "block 7"}});
  rocking.hinges.resize(1);
  rocking.sliding.resize(2);
  run::MechanismSummary still;
  still.description = "no motion";
  {
    MechanismLog log(path);
    log.record(5, 0.25, 0.0, still);
    log.record(10, 0.5, 0.375, rocking);
  }
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(),
            "step,time,load_factor,moving_bodies,parts,hinges,sliding_joints,description\n"
            "5,0.25,0,0,0,0,0,no motion\n"
            "10,0.5,0.375,4,2,1,2,\"2 parts: \"\"pier\"\" turns, lintel slides\"\n");
}

}  // namespace
}  // namespace moreau::output
