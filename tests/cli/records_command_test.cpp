// `moreau records PATH...`: El Centro's peak acceleration against its published value and its
// response spectrum against an independent computation (tests/cli/spectrum_expm.py, the
// oscillator advanced by scipy's matrix exponential); the layouts a folder may hold; the
// spectra's CSV and PNG; located errors for what cannot be read, and a warning for units that
// look wrong.
#include "support/run_command.hpp"
#include "support/scratch_folder.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
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

const std::string kElCentro =
    std::string(MOREAU_SOURCE_DIR) + "/problems/records/elcentro-1940-ns.csv";

// The JSON lines `moreau records ... --json` prints, one per record component.
std::vector<nlohmann::json> json_lines(const std::string& output) {
  std::vector<nlohmann::json> lines;
  std::istringstream in(output);
  for (std::string line; std::getline(in, line);) {
    const nlohmann::json parsed = nlohmann::json::parse(line, nullptr, false);
    if (!parsed.is_discarded()) lines.push_back(parsed);
  }
  return lines;
}

// Chopra, Dynamics of Structures (4th ed., 2012), Fig. 6.1.4: El Centro 1940 NS, PGA 0.319 g.
TEST(RecordsCommand, ElCentroPeakAccelerationIsThePublishedOne) {
  const CommandResult printed = run_moreau("records " + kElCentro + " --units g --json");
  ASSERT_EQ(printed.exit_code, 0) << printed.output;
  const std::vector<nlohmann::json> lines = json_lines(printed.output);
  ASSERT_EQ(lines.size(), 1u) << printed.output;
  EXPECT_NEAR(lines[0]["pga_g"].get<double>(), 0.319, 5e-4);
  EXPECT_EQ(lines[0]["samples"].get<int>(), 1560);
  EXPECT_NEAR(lines[0]["duration_s"].get<double>(), 31.18, 1e-9);
  EXPECT_NEAR(lines[0]["step_s"].get<double>(), 0.02, 1e-9);
}

// The spectrum at periods from 0.05 to 5 s, 2 % and 5 % damped, to 1e-6 of the matrix
// exponential's.
TEST(RecordsCommand, ElCentroSpectrumMatchesAnIndependentComputation) {
  const std::string periods = "0.05,0.2,0.5,1,2,5";
  for (const char* damping : {"0.02", "0.05"}) {
    const CommandResult reference = run_executable(
        "/usr/bin/python3", std::string(MOREAU_SOURCE_DIR) + "/tests/cli/spectrum_expm.py " +
                                kElCentro + " " + damping + " 50 0.05 0.2 0.5 1 2 5");
    ASSERT_EQ(reference.exit_code, 0) << reference.output;
    if (reference.output.starts_with("SKIP")) GTEST_SKIP() << reference.output;
    const nlohmann::json expected = nlohmann::json::parse(reference.output);
    std::string arguments = "records " + kElCentro;
    arguments += " --units g --json --periods " + periods + " --damping " + damping;
    const CommandResult printed = run_moreau(arguments);
    ASSERT_EQ(printed.exit_code, 0) << printed.output;
    const nlohmann::json spectrum = json_lines(printed.output).at(0)["spectrum"];
    ASSERT_EQ(spectrum.size(), expected.size());
    for (std::size_t p = 0; p < spectrum.size(); ++p) {
      const double sa = spectrum[p]["sa_g"].get<double>();
      EXPECT_NEAR(sa, expected[p].get<double>(), 1e-6 * expected[p].get<double>())
          << "T = " << spectrum[p]["period_s"] << " s, damping " << damping;
    }
  }
}

// A folder of the three layouts: an .AT2 file (in g by its header), a 4-column CSV file
// (components x and z; y is zero and left out) and a single column at --time-step, each a
// line, in the order of the file names; other files are not records.
TEST(RecordsCommand, ReadsEveryLayoutOfAFolder) {
  const ScratchFolder folder;
  std::ofstream(folder.path() / "a.AT2") << "PEER NGA STRONG MOTION DATABASE RECORD\n"
                                            "Test event, component 000\n"
                                            "ACCELERATION TIME SERIES IN UNITS OF G\n"
                                            "NPTS=    4, DT=   .0100 SEC\n"
                                            "  .1000E+00  -.2000E+00  .0500E+00  .0000E+00\n";
  std::ofstream(folder.path() / "b.csv") << "t,ax,ay,az\n0,1,0,0.5\n0.01,-2,0,0\n0.02,0,0,0\n";
  std::ofstream(folder.path() / "c.txt") << "accel\n0.3\n-0.1\n0.0\n";
  std::ofstream(folder.path() / "notes.md") << "not a record\n";
  const CommandResult printed =
      run_moreau("records " + folder.path().string() + " --units m/s^2 --time-step 0.01 --json");
  ASSERT_EQ(printed.exit_code, 0) << printed.output;
  const std::vector<nlohmann::json> lines = json_lines(printed.output);
  ASSERT_EQ(lines.size(), 4u) << printed.output;
  const double g = 9.80665;
  EXPECT_THAT(lines[0]["record"].get<std::string>(), HasSubstr("a.AT2"));
  EXPECT_NEAR(lines[0]["pga_g"].get<double>(), 0.2, 1e-12);
  EXPECT_THAT(lines[1]["record"].get<std::string>(), HasSubstr("b.csv:x"));
  EXPECT_NEAR(lines[1]["pga_g"].get<double>(), 2.0 / g, 1e-12);
  EXPECT_THAT(lines[2]["record"].get<std::string>(), HasSubstr("b.csv:z"));
  EXPECT_NEAR(lines[2]["pga_g"].get<double>(), 0.5 / g, 1e-12);
  EXPECT_THAT(lines[3]["record"].get<std::string>(), HasSubstr("c.txt"));
  EXPECT_NEAR(lines[3]["pga_g"].get<double>(), 0.3 / g, 1e-12);
}

// --spectra: a CSV table of 121 periods from 0.01 to 10 s, one column per record, and a PNG
// with each record's curve and, for two records, their median in black.
TEST(RecordsCommand, WritesTheSpectraAndTheirPicture) {
  const ScratchFolder folder;
  const fs::path csv = folder.path() / "spectra.csv";
  const CommandResult printed =
      run_moreau("records " + kElCentro + " " + std::string(MOREAU_SOURCE_DIR) +
                 "/problems/records/rectangular-pulse.csv --units g --spectra " + csv.string());
  ASSERT_EQ(printed.exit_code, 0) << printed.output;
  std::ifstream in(csv);
  std::string header;
  std::getline(in, header);
  EXPECT_THAT(header, HasSubstr("period_s,"));
  EXPECT_THAT(header, HasSubstr("elcentro-1940-ns.csv"));
  int rows = 0;
  double first = 0.0;
  double last = 0.0;
  for (std::string line; std::getline(in, line); ++rows) {
    const double period = std::stod(line.substr(0, line.find(',')));
    if (rows == 0) first = period;
    last = period;
  }
  EXPECT_EQ(rows, 121);
  EXPECT_NEAR(first, 0.01, 1e-12);
  EXPECT_NEAR(last, 10.0, 1e-9);
  const fs::path png = folder.path() / "spectra.png";
  if (!fs::exists(png)) GTEST_SKIP() << "spectra.png not drawn (matplotlib?): " << printed.output;
  const CommandResult counted = run_executable(
      "/usr/bin/python3", std::string(MOREAU_SOURCE_DIR) + "/tests/cli/png_colours.py " +
                              png.string() + " 0.1 0.95 '#1f77b4' '#000000'");
  ASSERT_EQ(counted.exit_code, 0) << counted.output;
  const auto pixels = nlohmann::json::parse(counted.output).get<std::map<std::string, int>>();
  EXPECT_GT(pixels.at("#1f77b4"), 100) << "El Centro's curve";
  EXPECT_GT(pixels.at("#000000"), 100) << "the median";
}

TEST(RecordsCommand, RefusesWhatItCannotRead) {
  const ScratchFolder folder;
  const CommandResult no_units = run_moreau("records " + kElCentro);
  EXPECT_EQ(no_units.exit_code, 2);
  EXPECT_THAT(no_units.output, HasSubstr("elcentro-1940-ns.csv"));
  EXPECT_THAT(no_units.output, HasSubstr("--units"));
  const CommandResult missing = run_moreau("records " + (folder.path() / "none.AT2").string());
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_THAT(missing.output, HasSubstr("none.AT2"));
  const CommandResult empty = run_moreau("records " + folder.path().string());
  EXPECT_EQ(empty.exit_code, 2);
  EXPECT_THAT(empty.output, HasSubstr("none in it"));
  const CommandResult damping = run_moreau("records " + kElCentro + " --units g --damping 1");
  EXPECT_EQ(damping.exit_code, 2);
  EXPECT_THAT(damping.output, HasSubstr("--damping"));
  const CommandResult period = run_moreau("records " + kElCentro + " --units g --periods 0,1");
  EXPECT_EQ(period.exit_code, 2);
  EXPECT_THAT(period.output, HasSubstr("--periods"));
  std::ofstream(folder.path() / "bad.csv") << "t,a\n0,0.1\n0.01,x\n";
  const CommandResult bad =
      run_moreau("records " + (folder.path() / "bad.csv").string() + " --units g");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_THAT(bad.output, HasSubstr("bad.csv:3:"));
  std::ofstream(folder.path() / "column.txt") << "0.1\n0.2\n";
  const CommandResult single =
      run_moreau("records " + (folder.path() / "column.txt").string() + " --units g");
  EXPECT_EQ(single.exit_code, 2);
  EXPECT_THAT(single.output, HasSubstr("--time-step"));
}

// A record in cm/s^2 read as g shows a PGA of hundreds of g; one in g read as cm/s^2 a third
// of a thousandth of g: both are printed, each with a warning naming the record.
TEST(RecordsCommand, WarnsOfUnitsThatLookWrong) {
  const ScratchFolder folder;
  std::ofstream(folder.path() / "gal.csv") << "t,a\n0,0\n0.01,312.8\n0.02,-150\n";
  const CommandResult high =
      run_moreau("records " + (folder.path() / "gal.csv").string() + " --units g");
  EXPECT_EQ(high.exit_code, 0) << high.output;
  EXPECT_THAT(high.output, HasSubstr("warning: " + (folder.path() / "gal.csv").string()));
  EXPECT_THAT(high.output, HasSubstr("above 3 g"));
  std::ofstream(folder.path() / "g.csv") << "t,a\n0,0\n0.01,0.32\n0.02,-0.15\n";
  const CommandResult low =
      run_moreau("records " + (folder.path() / "g.csv").string() + " --units cm/s^2");
  EXPECT_EQ(low.exit_code, 0) << low.output;
  EXPECT_THAT(low.output, HasSubstr("below 0.001 g"));
  const CommandResult right =
      run_moreau("records " + (folder.path() / "g.csv").string() + " --units g");
  EXPECT_THAT(right.output, ::testing::Not(HasSubstr("warning")));
}

}  // namespace
}  // namespace moreau::testing
