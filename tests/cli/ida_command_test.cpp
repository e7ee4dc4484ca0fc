// `moreau ida FILE`: on the bundled rocking block under a rectangular pulse, the search ends
// with a bracket no wider than the precision whose ends the runs' own summaries confirm
// (the upper one collapsed, the lower one did not); a resumed study runs only what had not
// ended; and a study that cannot be made is refused with the option or key to change.
// (validation/cases/rocking-pulse compares the collapse scale with the equation of motion.)
#include "support/run_command.hpp"
#include "support/scratch_folder.hpp"
#include "support/test_problems.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <array>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

namespace moreau::testing {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

// ida.csv's rows by scale: collapsed (0 or 1) and pga_g.
struct CurvePoint {
  bool collapsed = false;
  double pga = 0.0;
};

std::map<double, CurvePoint> read_curve(const fs::path& csv) {
  std::ifstream in(csv);
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line.rfind("scale,pga_g,collapsed,", 0), 0U) << line;
  std::map<double, CurvePoint> curve;
  while (std::getline(in, line)) {
    std::stringstream row(line);
    std::string scale;
    std::string pga;
    std::string collapsed;
    std::getline(row, scale, ',');
    std::getline(row, pga, ',');
    std::getline(row, collapsed, ',');
    curve[std::stod(scale)] = {collapsed == "1", std::stod(pga)};
  }
  return curve;
}

nlohmann::json summary_of(const fs::path& run_folder) {
  std::ifstream in(run_folder / "summary.json");
  return nlohmann::json::parse(in);
}

std::string ida(const fs::path& out, const std::string& options) {
  return "ida " + kRockingBlockPulse + " --out " + out.string() + " --quiet " + options;
}

TEST(IdaCommand, FindsTheCollapseScaleWithinThePrecision) {
  const ScratchFolder folder;
  const fs::path out = folder.path() / "study";
  const CommandResult result = run_moreau(ida(out, "--precision 0.02 --jobs 2"));
  ASSERT_EQ(result.exit_code, 0) << result.output;

  // The bracket from the curve: the lowest collapse and the highest survival below it.
  const std::map<double, CurvePoint> curve = read_curve(out / "ida.csv");
  double collapsed = 0.0;
  for (const auto& [scale, point] : curve)
    if (point.collapsed && collapsed == 0.0) collapsed = scale;
  ASSERT_GT(collapsed, 0.0) << "no run collapsed";
  double survived = 0.0;
  for (const auto& [scale, point] : curve)
    if (!point.collapsed && scale < collapsed) survived = scale;
  EXPECT_LE(collapsed - survived, 0.02);
  EXPECT_GT(survived, 0.0);
  // Scale 1 is exactly the uplift acceleration g b/h: the block must not overturn there, and
  // Housner's linearised closed form puts the overturning near 1.5 (validation/cases/
  // rocking-pulse holds the exact answer): a bracket elsewhere is a wrong search or run.
  EXPECT_GT(survived, 1.0);
  EXPECT_LT(collapsed, 2.0);

  // The runs themselves say so, and the PGA is the record's 0.25 g times the scale.
  for (const auto& [scale, point] : curve) {
    std::ostringstream name;
    name << "scale-" << scale;
    const nlohmann::json summary = summary_of(out / name.str());
    EXPECT_EQ(!summary["collapse"].is_null(), point.collapsed) << name.str();
    EXPECT_NEAR(summary["record"]["pga_g"].get<double>(), 0.25 * scale, 1e-12) << name.str();
    EXPECT_NEAR(point.pga, 0.25 * scale, 1e-12) << name.str();
  }
  std::ostringstream conclusion;
  conclusion << "collapse scale in (" << survived << ", " << collapsed << "]";
  EXPECT_THAT(result.output, HasSubstr(conclusion.str()));
}

TEST(IdaCommand, ResumingRunsOnlyWhatHadNotEnded) {
  const ScratchFolder folder;
  const fs::path out = folder.path() / "study";
  const std::string listed = ida(out, "--scales 0.5,1.2,2 --duration 1");
  ASSERT_EQ(run_moreau(listed).exit_code, 0);
  ASSERT_EQ(read_curve(out / "ida.csv").size(), 3U);
  const auto written = [&](const char* run) {
    return fs::last_write_time(out / run / "summary.json");
  };
  const auto half = written("scale-0.5");
  const auto double_scale = written("scale-2");
  // A run cut short leaves no summary (a crash) or one that says "interrupted" (a signal).
  fs::remove(out / "scale-1.2" / "summary.json");

  const CommandResult resumed = run_moreau(listed);
  ASSERT_EQ(resumed.exit_code, 0) << resumed.output;
  EXPECT_EQ(written("scale-0.5"), half);
  EXPECT_EQ(written("scale-2"), double_scale);
  EXPECT_TRUE(fs::exists(out / "scale-1.2" / "summary.json"));
  EXPECT_EQ(read_curve(out / "ida.csv").size(), 3U);

  // A search in the same folder starts from the runs there: 2 collapsed (the pulse at 0.5 g
  // throws the block over), 0.5 did not, so its first run is inside (0.5, 2].
  const CommandResult search = run_moreau(ida(out, "--duration 1 --precision 0.5 --jobs 1"));
  ASSERT_EQ(search.exit_code, 0) << search.output;
  EXPECT_EQ(written("scale-0.5"), half);
  EXPECT_FALSE(fs::exists(out / "scale-1")) << "the search ran the start scale again";
}

TEST(IdaCommand, RefusesAStudyOfAnotherProblemInTheSameFolder) {
  const ScratchFolder folder;
  const fs::path out = folder.path() / "study";
  ASSERT_EQ(run_moreau(ida(out, "--scales 0.5 --duration 0.5")).exit_code, 0);
  const CommandResult other = run_moreau(ida(out, "--scales 0.5 --duration 0.6"));
  EXPECT_EQ(other.exit_code, 2);
  EXPECT_THAT(other.output, HasSubstr("--out: expected a new folder, or one of a study of the "
                                      "same problem file"));
}

TEST(IdaCommand, RefusesWhatItCannotStudy) {
  const ScratchFolder folder;
  const std::string out = " --out " + (folder.path() / "study").string();
  const std::string ball = std::string(MOREAU_SOURCE_DIR) + "/problems/bouncing-ball.yaml";
  const CommandResult no_record = run_moreau("ida " + ball + out);
  EXPECT_EQ(no_record.exit_code, 2);
  EXPECT_THAT(no_record.output, HasSubstr("bouncing-ball.yaml: error: bodies: expected a driven "
                                          "body with a ground motion"));

  const fs::path no_criterion = folder.path() / "no-criterion.yaml";
  {
    std::ifstream in(kRockingBlockPulse);
    std::ostringstream text;
    text << in.rdbuf();
    std::string yaml = text.str();
    yaml.replace(yaml.find("stop:"), std::string::npos, "output: {every: 10}\n");
    const std::string record = "records/rectangular-pulse.csv";
    yaml.replace(yaml.find(record), record.size(),
                 std::string(MOREAU_SOURCE_DIR) + "/problems/" + record);
    std::ofstream(no_criterion) << yaml;
  }
  const CommandResult none = run_moreau("ida " + no_criterion.string() + out);
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_THAT(none.output, HasSubstr("stop.collapse: expected a collapse criterion"));

  const std::map<std::string, std::string> refusals = {
      {"--scales 0.5,x", "--scales: expected a comma-separated list of factors in (0, 1000]"},
      {"--scales 0.5 --precision 0.1", "--precision: not with --scales"},
      {"--precision 0", "--precision: expected a value in (0, 100]"},
      {"--jobs 0", "--jobs: expected 1 to 1024"},
      {"--control blok", "--control: expected a free body of the problem (did you mean 'block'?)"},
      {"--control table", "--control: expected a free body of the problem"},
      {"--response drift", "--response: expected peak_drift, peak_displacement"},
  };
  for (const auto& [options, message] : refusals) {
    const CommandResult refused = run_moreau("ida " + kRockingBlockPulse + out + " " + options);
    EXPECT_EQ(refused.exit_code, 2) << options;
    EXPECT_THAT(refused.output, HasSubstr(message)) << options;
  }
  EXPECT_FALSE(fs::exists(folder.path() / "study")) << "a refused study made its folder";
}

// A suite's folder: El Centro and two rectangular pulses (0.25 g for 0.2 and 0.4 s).
fs::path write_suite(const fs::path& folder) {
  const fs::path records = folder / "records";
  fs::create_directories(records);
  fs::copy_file(fs::path(MOREAU_SOURCE_DIR) / "problems/records/elcentro-1940-ns.csv",
                records / "elcentro.csv");
  for (const char* seconds : {"0.2", "0.4"})
    std::ofstream(records / ("pulse-" + std::string(seconds) + ".csv"))
        << "time_s,accel_g\n0,0.25\n"
        << seconds << ",0.25\n"
        << std::stod(seconds) + 1e-4 << ",0\n10,0\n";
  return records;
}

struct SuiteRow {
  double intensity_at_scale_1 = 0.0;
  double survived = 0.0;
  double collapsed = 0.0;
  double collapse = 0.0;
  bool censored = false;
};

std::map<std::string, SuiteRow> read_suite(const fs::path& csv, const std::string& column) {
  std::ifstream in(csv);
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line, "record," + column + "_at_scale_1,survived,collapsed,collapse_" + column +
                      ",censored,not_converged_runs");
  std::map<std::string, SuiteRow> rows;
  while (std::getline(in, line)) {
    std::stringstream row(line);
    std::vector<std::string> cells;
    for (std::string cell; std::getline(row, cell, ',');) cells.push_back(cell);
    EXPECT_EQ(cells.size(), 7U) << line;
    if (cells.size() != 7U) continue;
    rows[cells[0]] = {std::stod(cells[1]), std::stod(cells[2]),
                      cells[3].empty() ? 0.0 : std::stod(cells[3]), std::stod(cells[4]),
                      cells[5] == "1"};
  }
  return rows;
}

// Each record in a study of its own, searched in PGA: every run replaced the file's record by
// its own (summary.json names it) at the PGA its folder is named after; each bracket is
// confirmed by its runs and no wider than the precision; the fragility's median lies among the
// collapse intensities; a second command resumes without running anything.
TEST(IdaCommand, SuiteOfRecordsGivesEachOnesCollapseAndTheirFragility) {
  const ScratchFolder folder;
  const fs::path records = write_suite(folder.path());
  const fs::path out = folder.path() / "suite";
  const std::string command =
      ida(out, "--records " + records.string() + " --precision 0.05 --duration 2 --jobs 2");
  const CommandResult study = run_moreau(command);
  ASSERT_EQ(study.exit_code, 0) << study.output;
  const auto rows = read_suite(out / "suite.csv", "im_pga_g");
  ASSERT_EQ(rows.size(), 3U) << study.output;
  double lowest = 1e9;
  double highest = 0.0;
  for (const auto& [record, row] : rows) {
    ASSERT_FALSE(row.censored) << record;
    EXPECT_LE(row.collapsed - row.survived, 0.05 + 1e-12) << record;
    const fs::path runs = out / record;
    // The folders are named by the shortest text of each intensity, as suite.csv writes it.
    const auto curve_of = [&](double im) {
      std::array<char, 32> text{};
      char* end = std::to_chars(text.data(), text.data() + text.size(), im).ptr;
      return summary_of(runs / ("im-" + std::string(text.data(), end)));
    };
    const nlohmann::json collapsed = curve_of(row.collapsed);
    EXPECT_FALSE(collapsed["collapse"].is_null()) << record;
    EXPECT_THAT(collapsed["record"]["source"].get<std::string>(), HasSubstr(record));
    EXPECT_NEAR(collapsed["record"]["pga_g"].get<double>(), row.collapsed, 1e-9) << record;
    if (row.survived > 0) {
      EXPECT_TRUE(curve_of(row.survived)["collapse"].is_null()) << record;
    }
    lowest = std::min(lowest, row.collapse);
    highest = std::max(highest, row.collapse);
  }
  EXPECT_NEAR(rows.at("pulse-0.2.csv").intensity_at_scale_1, 0.25, 1e-12);
  std::ifstream in(out / "fragility.json");
  const nlohmann::json fit = nlohmann::json::parse(in);
  EXPECT_EQ(fit["method"], "moments");
  EXPECT_GT(fit["median"].get<double>(), lowest);
  EXPECT_LT(fit["median"].get<double>(), highest);
  EXPECT_TRUE(fs::exists(out / "fragility.csv"));
  // status.json, kept as the runs end: at the end, every record done, its bracket suite.csv's.
  std::ifstream status_file(out / "status.json");
  const nlohmann::json status = nlohmann::json::parse(status_file);
  EXPECT_EQ(status["records"], 3);
  EXPECT_EQ(status["records_done"], 3);
  EXPECT_EQ(status["running"], 0);
  EXPECT_EQ(status["estimated_left_s"], 0.0);
  int runs = 0;
  for (const auto& [record, row] : rows) {
    EXPECT_EQ(status["brackets"][record][0].get<double>(), row.survived) << record;
    EXPECT_EQ(status["brackets"][record][1].get<double>(), row.collapsed) << record;
    for (const fs::directory_entry& entry : fs::directory_iterator(out / record))
      runs += entry.is_directory() ? 1 : 0;
  }
  EXPECT_EQ(status["runs_done"], runs);

  const CommandResult resumed = run_moreau(command);
  ASSERT_EQ(resumed.exit_code, 0) << resumed.output;
  EXPECT_THAT(resumed.output, ::testing::Not(HasSubstr("running")));
  EXPECT_EQ(read_suite(out / "suite.csv", "im_pga_g").size(), 3U);
}

// A suite file's pairs in 3D, on a block 0.2 m wide along x and 0.3 m along y, 0.8 m high: the
// pulse as the pair's x component, with a still y, gives the bracket of the pulse alone along
// the problem's x direction; as the y component, the block rocks about its wider base and
// needs a stronger pulse (Housner: the threshold grows with b/h). Each run had both files.
TEST(IdaCommand, ASuiteFilesPairsActAlongXAndY) {
  const ScratchFolder folder;
  const fs::path problem = folder.path() / "block.yaml";
  std::ofstream(problem)
      << "version: 1\ndimension: 3\ntime: {step: 1.0e-3, duration: 2.0}\n"
         "interactions:\n  default: {friction: 0.8, restitution: 0.0}\nbodies:\n"
         "  - name: table\n    shape: {type: box, size: [2, 2, 0.1]}\n"
         "    position: [0, 0, -0.05]\n"
         "    driven: {ground_motion: {record: pulse.csv, units: g, direction: [1, 0, 0], "
         "baseline: none}}\n"
         "  - name: block\n    shape: {type: box, size: [0.2, 0.3, 0.8]}\n"
         "    position: [0, 0, 0.4]\nstop:\n  collapse: {max_rotation: 30}\n";
  std::ofstream(folder.path() / "pulse.csv")
      << "time_s,accel_g\n0,0.25\n0.2,0.25\n0.2001,0\n10,0\n";
  std::ofstream(folder.path() / "still.csv") << "time_s,accel_g\n0,0\n10,0\n";
  std::ofstream(folder.path() / "suite.yaml")
      << "records:\n  - pulse.csv\n  - [pulse.csv, still.csv]\n  - [still.csv, pulse.csv]\n";
  const fs::path out = folder.path() / "study";
  const CommandResult study =
      run_moreau("ida " + problem.string() + " --out " + out.string() + " --quiet --records " +
                 (folder.path() / "suite.yaml").string() + " --precision 0.05 --jobs 2");
  ASSERT_EQ(study.exit_code, 0) << study.output;
  const auto rows = read_suite(out / "suite.csv", "im_pga_g");
  ASSERT_EQ(rows.size(), 3U) << study.output;
  const SuiteRow& alone = rows.at("pulse.csv");
  const SuiteRow& along_x = rows.at("pulse.csv+still.csv");
  const SuiteRow& along_y = rows.at("still.csv+pulse.csv");
  EXPECT_EQ(along_x.survived, alone.survived);
  EXPECT_EQ(along_x.collapsed, alone.collapsed);
  EXPECT_FALSE(along_y.censored);
  EXPECT_GT(along_y.survived, alone.collapsed);
  for (const fs::directory_entry& run : fs::directory_iterator(out / "still.csv+pulse.csv"))
    if (run.is_directory()) {
      EXPECT_EQ(
          summary_of(run.path())["record"]["source"],
          (folder.path() / "still.csv").string() + " + " + (folder.path() / "pulse.csv").string());
    }
}

// Searched in Sa(0.5 s): each record's intensity at scale 1 is its spectral acceleration as
// `moreau records` computes it, and a run at Sa = x has the PGA x times the record's PGA / Sa.
TEST(IdaCommand, SuiteScaledBySpectralAcceleration) {
  const ScratchFolder folder;
  const fs::path records = write_suite(folder.path());
  const fs::path out = folder.path() / "suite";
  const CommandResult study = run_moreau(
      ida(out, "--records " + records.string() + " --im sa:0.5 --scales 0.5,1 --duration 1"));
  ASSERT_EQ(study.exit_code, 0) << study.output;
  const auto rows = read_suite(out / "suite.csv", "im_sa_g");
  ASSERT_EQ(rows.size(), 3U);
  const CommandResult spectra =
      run_moreau("records " + records.string() + " --units g --periods 0.5 --json");
  ASSERT_EQ(spectra.exit_code, 0) << spectra.output;
  std::istringstream lines(spectra.output);
  int compared = 0;
  for (std::string line; std::getline(lines, line);) {
    const nlohmann::json record = nlohmann::json::parse(line);
    const std::string name = fs::path(record["record"].get<std::string>()).filename().string();
    const double sa = record["spectrum"][0]["sa_g"].get<double>();
    EXPECT_NEAR(rows.at(name).intensity_at_scale_1, sa, 1e-9 * sa) << name;
    const nlohmann::json run = summary_of(out / name / "im-1");
    EXPECT_NEAR(run["record"]["pga_g"].get<double>(), record["pga_g"].get<double>() / sa, 1e-9)
        << name;
    ++compared;
  }
  EXPECT_EQ(compared, 3);
}

// A record in cm/s^2 read as g: its warning names the record, once, before its study.
TEST(IdaCommand, WarnsOfASuitesRecordWhoseUnitsLookWrong) {
  const ScratchFolder folder;
  const fs::path records = folder.path() / "records";
  fs::create_directories(records);
  std::ofstream(records / "gal.csv") << "t,a\n0,0\n0.01,450\n0.02,-100\n1,0\n";
  const CommandResult study =
      run_moreau(ida(folder.path() / "study", "--records " + records.string() + " --scales 0.001"));
  ASSERT_EQ(study.exit_code, 0) << study.output;
  EXPECT_THAT(study.output, HasSubstr((records / "gal.csv").string() + ": "));
  EXPECT_THAT(study.output, HasSubstr("450 g, above the strongest ever recorded"));
}

TEST(IdaCommand, RefusesASuiteItCannotStudy) {
  const ScratchFolder folder;
  const fs::path records = write_suite(folder.path());
  const std::string out = " --out " + (folder.path() / "study").string();
  const std::string suite = " --records " + records.string();
  const std::map<std::string, std::string> refusals = {
      {suite + " --im sa", "--im: expected pga, pgv or sa:T"},
      {suite + " --im sa:0", "--im: expected pga, pgv or sa:T"},
      {suite + " --im pga --damping 0.02", "--damping: only with --im sa:T"},
      {suite + " --im sa:1 --damping 1", "--damping: expected a ratio to critical in [0, 1)"},
      {" --im pgv", "--im: only with --records"},
      {" --units g", "--units: only with --records"},
      {" --records " + (folder.path() / "none").string(), "--records: expected a record file"},
  };
  for (const auto& [options, message] : refusals) {
    const CommandResult refused = run_moreau("ida " + kRockingBlockPulse + out + options);
    EXPECT_EQ(refused.exit_code, 2) << options;
    EXPECT_THAT(refused.output, HasSubstr(message)) << options;
  }
  // A malformed record is named with its line.
  const fs::path malformed = folder.path() / "malformed";
  fs::create_directories(malformed);
  std::ofstream(malformed / "bad.csv") << "t,a\n0,0\n0.01,x\n";
  const CommandResult bad = run_moreau("ida " + kRockingBlockPulse + " --out " +
                                       (folder.path() / "malformed-study").string() +
                                       " --records " + malformed.string() + " --scales 0.5");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_THAT(bad.output, HasSubstr((malformed / "bad.csv").string() + ":3:6: error: a:"));
  // A folder of a study in PGA is not resumed in Sa.
  ASSERT_EQ(run_moreau("ida " + kRockingBlockPulse + out + suite + " --scales 0.5 --duration 0.2")
                .exit_code,
            0);
  const CommandResult other = run_moreau("ida " + kRockingBlockPulse + out + suite +
                                         " --scales 0.5 --duration 0.2 --im sa:1");
  EXPECT_EQ(other.exit_code, 2);
  EXPECT_THAT(other.output, HasSubstr("intensity measure"));
}

}  // namespace
}  // namespace moreau::testing
