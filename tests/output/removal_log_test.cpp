// removed.csv: its header, and one row per removed body with its name, the bound it crossed
// and the value that crossed it.
#include "moreau/output/removal_log.hpp"

#include "support/scratch_folder.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

namespace moreau::output {
namespace {

TEST(RemovalLog, WritesOneRowPerRemovedBodyWithItsBoundAndValue) {
  const testing::ScratchFolder folder;
  const std::filesystem::path path = folder.path() / "removed.csv";
  model::Scene scene;
  for (const char* name : {"ground", "block 1", "block 2"})
    scene.bodies.push_back(model::make_fixed_body(name, geometry::Plane{}, {}));
  {
    RemovalLog log(path);
    log.record(100, 0.5, scene, {.body = 2, .bound = "below", .value = -1.25});
    log.record(300, 1.5, scene, {.body = 1, .bound = "beyond", .value = 12.0});
  }
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(),
            "step,time,body,bound,value\n"
            "100,0.5,block 2,below,-1.25\n"
            "300,1.5,block 1,beyond,12\n");
}

}  // namespace
}  // namespace moreau::output
