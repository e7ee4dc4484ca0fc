// The readers of ground-motion records (CSV, single column, PEER NGA .AT2): small files written
// for each test (good ones and one per error, each message checked for file:line:column and
// the column's name), and the bundled El Centro 1940 NS record against its published peak
// ground acceleration, also once written as an .AT2 file.
#include "moreau/ground_motion/acceleration_record.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace moreau::ground_motion {
namespace {

using math::Vec3;
using ::testing::HasSubstr;

// Decimal text to double and one product by g: round-off only.
constexpr double kRoundOff = 1e-14;

class AccelerationRecordFile : public ::testing::Test {
 protected:
  // A file of the test's own folder, so that tests may run in parallel.
  std::filesystem::path write(const std::string& name, const std::string& text) {
    const ::testing::TestInfo* info = ::testing::UnitTest::GetInstance()->current_test_info();
    const std::filesystem::path folder =
        std::filesystem::path(::testing::TempDir()) / "moreau_acceleration_record" / info->name();
    std::filesystem::create_directories(folder);
    const std::filesystem::path file = folder / name;
    std::ofstream(file) << text;
    return file;
  }

  // The message of the Diagnostic the 2-column reader throws for this text, or "".
  std::string error_of(const std::string& text, std::filesystem::path* file = nullptr) {
    const std::filesystem::path path = write("bad.csv", text);
    if (file) *file = path;
    try {
      read_acceleration_record(path, AccelerationUnit::G, Vec3::UnitX());
    } catch (const core::Diagnostic& error) {
      return error.what();
    }
    return "";
  }
};

TEST_F(AccelerationRecordFile, ReadsTwoColumnsInGAlongADirection) {
  const auto file = write("good.csv",
                          "# a comment\n"
                          "  # an indented comment\n"
                          "time_s,accel_g\n"
                          "0.0,0.1\n"
                          "\n"
                          "0.02, -0.25 \r\n"
                          "0.04,+1e-2\n");
  const model::AccelerationRecord record =
      read_acceleration_record(file, AccelerationUnit::G, Vec3(0.0, 3.0, 4.0));
  ASSERT_EQ(record.time.size(), 3u);
  EXPECT_EQ(record.time[1], 0.02);
  const Vec3 e(0.0, 0.6, 0.8);  // the direction, normalized
  EXPECT_TRUE(record.acceleration[0].isApprox(0.1 * 9.80665 * e, kRoundOff));
  EXPECT_TRUE(record.acceleration[1].isApprox(-0.25 * 9.80665 * e, kRoundOff));
  EXPECT_TRUE(record.acceleration[2].isApprox(0.01 * 9.80665 * e, kRoundOff));
}

TEST_F(AccelerationRecordFile, ReadsFourColumnsInMetresPerSecondSquared) {
  const auto file = write("good.csv", "t,ax,ay,az\n0,1,2,3\n0.5,-1,0,0.25\n");
  const model::AccelerationRecord record =
      read_acceleration_record(file, AccelerationUnit::MetresPerSecondSquared);
  ASSERT_EQ(record.time.size(), 2u);
  EXPECT_EQ(record.time[1], 0.5);
  EXPECT_EQ(record.acceleration[0], Vec3(1.0, 2.0, 3.0));
  EXPECT_EQ(record.acceleration[1], Vec3(-1.0, 0.0, 0.25));
}

TEST_F(AccelerationRecordFile, NonNumericValueNamesLineColumnAndKey) {
  std::filesystem::path file;
  const std::string message = error_of("# record\ntime,accel_g\n0.0,0.1\n0.02,abc\n", &file);
  EXPECT_THAT(message,
              HasSubstr(file.string() + ":4:6: error: accel_g: expected a number, found 'abc'"));
}

TEST_F(AccelerationRecordFile, TrailingCharactersAreNotIgnored) {
  EXPECT_THAT(error_of("time,accel_g\n0.0,0.1\n0.02x,0.2\n"),
              HasSubstr(":3:1: error: time: expected a number, found '0.02x'"));
}

TEST_F(AccelerationRecordFile, NonFiniteValueIsRejected) {
  EXPECT_THAT(error_of("time,accel_g\n0.0,nan\n0.02,0.2\n"),
              HasSubstr(":2:5: error: accel_g: expected a finite number, found 'nan'"));
}

// Every acceleration of a problem is at most 1e4 m/s^2 (1019.72 g), a record's too: refused
// at its row (1e308 g overflowed once converted to m/s^2), not later in a vector that has
// lost its place in the file.
TEST_F(AccelerationRecordFile, AccelerationBeyondTheLargestNamesItsRow) {
  for (const char* value : {"1e308", "1020", "-1020"})
    EXPECT_THAT(error_of(std::string("time,accel_g\n0.0,0.1\n0.02,") + value + "\n"),
                HasSubstr(std::string(":3:6: error: accel_g: expected an acceleration of "
                                      "magnitude at most 1019.72 (10000 m/s^2), found '") +
                          value + "'"));
  EXPECT_EQ(error_of("time,accel_g\n0.0,0.1\n0.02,-1019.7\n"), "");
}

TEST_F(AccelerationRecordFile, NonIncreasingTimeNamesThePreviousSample) {
  EXPECT_THAT(error_of("time,accel_g\n0.0,0.1\n0.02,0.2\n\n0.02,0.3\n"),
              HasSubstr(":5:1: error: time: expected a time greater than 0.02 s (line 3), "
                        "found '0.02'"));
}

// A run starts at t = 0: a record from t = -1 s was accepted, and the support carried the
// velocity of its first second into the run.
TEST_F(AccelerationRecordFile, ARecordStartsAtZeroOrLater) {
  EXPECT_THAT(error_of("time,accel_g\n-1.0,0.1\n0.02,0.2\n"),
              HasSubstr(":2:1: error: time: expected a first time >= 0 s (a run starts at t = 0), "
                        "found '-1.0'"));
  EXPECT_EQ(error_of("time,accel_g\n0.5,0.1\n0.52,0.2\n"), "");
}

TEST_F(AccelerationRecordFile, WrongNumberOfValuesPointsAtTheExtraOne) {
  EXPECT_THAT(error_of("time,accel_g\n0.0,0.1\n0.02,0.2,7\n"),
              HasSubstr(":3:10: error: row: expected 2 comma-separated values, found 3"));
  EXPECT_THAT(error_of("time,accel_g\n0.0\n"),
              HasSubstr(":2:4: error: row: expected 2 comma-separated values, found 1"));
}

TEST_F(AccelerationRecordFile, EmptyFileAndMissingHeader) {
  EXPECT_THAT(error_of(""), HasSubstr("error: expected a header line of column names"));
  EXPECT_THAT(error_of("# only a comment\n"), HasSubstr("found no data"));
  EXPECT_THAT(error_of("0.0,0.1\n0.02,0.2\n"), HasSubstr(":1:1: error: header: expected a line"));
}

TEST_F(AccelerationRecordFile, OneSampleIsNotARecord) {
  EXPECT_THAT(error_of("time,accel_g\n0.0,0.1\n"),
              HasSubstr(":2: error: expected at least 2 samples after the header, found 1"));
}

TEST_F(AccelerationRecordFile, ColumnCountMustMatchTheOverload) {
  const auto file = write("three.csv", "t,ax,ay,az\n0,1,2,3\n0.5,-1,0,0.25\n");
  EXPECT_THROW(read_acceleration_record(file, AccelerationUnit::G, Vec3::UnitX()),
               core::Diagnostic);
  const auto single = write("single.csv", "t,a\n0,1\n0.5,-1\n");
  EXPECT_THROW(read_acceleration_record(single, AccelerationUnit::G), core::Diagnostic);
}

TEST_F(AccelerationRecordFile, ZeroDirectionIsRejected) {
  const auto file = write("good.csv", "t,a\n0,1\n0.5,-1\n");
  try {
    read_acceleration_record(file, AccelerationUnit::G, Vec3::Zero());
    FAIL() << "no diagnostic";
  } catch (const core::Diagnostic& error) {
    EXPECT_THAT(error.what(), HasSubstr("direction: expected a finite non-zero vector"));
  }
}

// What `moreau records` decides a CSV file's layout by: the names of its header, after
// comments and blank lines.
TEST_F(AccelerationRecordFile, CsvColumnsAreTheHeadersNames) {
  EXPECT_EQ(csv_record_columns(write("one.csv", "# a comment\n\nt,a\n0,1\n0.5,-1\n")), 2u);
  EXPECT_EQ(csv_record_columns(write("world.csv", "t,ax,ay,az\n0,1,0,0\n0.5,-1,0,0\n")), 4u);
  EXPECT_THROW(csv_record_columns(write("empty.csv", "# nothing\n")), core::Diagnostic);
}

TEST(AccelerationRecord, MissingFileIsNamed) {
  try {
    read_acceleration_record("no/such/record.csv", AccelerationUnit::G, Vec3::UnitX());
    FAIL() << "no diagnostic";
  } catch (const core::Diagnostic& error) {
    EXPECT_STREQ(error.what(), "no/such/record.csv: error: no such file");
  }
}

// The El Centro record bundled with the problems (problems/records/), in g along x.
model::AccelerationRecord el_centro() {
  return read_acceleration_record(
      std::filesystem::path(MOREAU_SOURCE_DIR) / "problems/records/elcentro-1940-ns.csv",
      AccelerationUnit::G, Vec3::UnitX());
}

double peak_ground_acceleration_in_g(const model::AccelerationRecord& record) {
  double pga = 0.0;
  for (const Vec3& a : record.acceleration) pga = std::max(pga, a.norm());
  return pga / kStandardGravity;
}

// El Centro, Imperial Valley earthquake of 18 May 1940, NS component, in the common 0.02 s
// digitization: PGA 0.319 g (Chopra, Dynamics of Structures, 4th ed., 2012, section 6.1 and
// Fig. 6.1.4). The tolerance is the rounding of the published three digits.
TEST(AccelerationRecord, ElCentroHasItsPublishedPeakGroundAcceleration) {
  const model::AccelerationRecord record = el_centro();
  // 0 to 31.18 s every 0.02 s (the file's own header comment): 1560 samples.
  ASSERT_EQ(record.time.size(), 1560u);
  EXPECT_EQ(record.time.front(), 0.0);
  for (std::size_t i = 1; i < record.time.size(); ++i)
    ASSERT_NEAR(record.time[i] - record.time[i - 1], 0.02, 1e-9) << "sample " << i;
  EXPECT_NEAR(peak_ground_acceleration_in_g(record), 0.319, 0.0005);
}

// The linear baseline correction on a real record: the support starts and ends at rest, and a
// baseline offset added to the record, which makes the uncorrected velocity drift by
// c (t - t_0), leaves the corrected velocity unchanged.
TEST(AccelerationRecord, ElCentroLinearCorrectionRemovesAnAddedBaselineOffset) {
  const model::AccelerationRecord record = el_centro();
  model::AccelerationRecord offset = record;
  const double c = 0.01;  // m/s^2, 1e-3 g: a typical digitization offset
  for (Vec3& a : offset.acceleration) a.x() += c;
  const double T = record.time.back();
  using model::BaselineCorrection;
  const auto v_none = model::ground_motion_velocity(offset, BaselineCorrection::None).linear;
  const auto v_clean = model::ground_motion_velocity(record, BaselineCorrection::None).linear;
  // Round-off of 1559 trapezoid additions of velocities < 0.4 m/s.
  EXPECT_NEAR(v_none(T).x() - v_clean(T).x(), c * T, 1e-12);
  const auto corrected = model::ground_motion_velocity(offset, BaselineCorrection::Linear).linear;
  const auto corrected_clean =
      model::ground_motion_velocity(record, BaselineCorrection::Linear).linear;
  for (const double t : record.time)
    ASSERT_NEAR(corrected(t).x(), corrected_clean(t).x(), 1e-12) << "t = " << t;
  EXPECT_NEAR(corrected(0.0).x(), 0.0, 1e-15);
  EXPECT_NEAR(corrected(T).x(), 0.0, 1e-12);
}

// ---- single column ----

TEST_F(AccelerationRecordFile, ReadsASingleColumnAtItsTimeStep) {
  const auto named =
      write("named.txt", "# El Centro, first samples\naccel_g\n0.0063\n-0.00364\n 0.00099 \n");
  const model::AccelerationRecord record =
      read_single_column_record(named, AccelerationUnit::G, 0.02, Vec3(0.0, 2.0, 0.0));
  ASSERT_EQ(record.time.size(), 3u);
  EXPECT_EQ(record.time[2], 2.0 * 0.02);  // i dt, not a sum of steps
  EXPECT_TRUE(record.acceleration[1].isApprox(Vec3(0.0, -0.00364 * 9.80665, 0.0), kRoundOff));
  const auto bare = write("bare.txt", "1.5\n-2\n");
  const model::AccelerationRecord plain =
      read_single_column_record(bare, AccelerationUnit::MetresPerSecondSquared, 0.5, Vec3::UnitX());
  EXPECT_EQ(plain.time, (std::vector<double>{0.0, 0.5}));
  EXPECT_EQ(plain.acceleration[1], Vec3(-2.0, 0.0, 0.0));
}

TEST_F(AccelerationRecordFile, SingleColumnErrorsNameLineColumnAndColumnName) {
  const auto error = [&](const std::string& text, double time_step = 0.01) -> std::string {
    try {
      read_single_column_record(write("bad.txt", text), AccelerationUnit::G, time_step,
                                Vec3::UnitX());
    } catch (const core::Diagnostic& diagnostic) {
      return diagnostic.what();
    }
    return "";
  };
  EXPECT_THAT(error("accel_g\n0.1\n0.0 0.2\n"),
              HasSubstr(":3:1: error: accel_g: expected one acceleration per line (a "
                        "single-column record; a record with a time column is a CSV file "
                        "without time_step), found '0.0 0.2'"));
  EXPECT_THAT(error("0.1\n0.02,0.2\n"), HasSubstr(":2:1: error: value: expected one acceleration"));
  EXPECT_THAT(error("0.1\n  x1\n"), HasSubstr(":2:3: error: value: expected a number, found 'x1'"));
  EXPECT_THAT(error("0.1\n2000\n"),
              HasSubstr(":2:1: error: value: expected an acceleration of magnitude at most"));
  EXPECT_THAT(error("accel_g\n0.1\n"),
              HasSubstr(":2: error: expected at least 2 samples, found 1"));
  EXPECT_THAT(error("0.1\n0.2\n", 0.0),
              HasSubstr("error: time_step: expected a time step in (0, 1] s, found '0'"));
  EXPECT_THAT(error("0.1\n0.2\n", 2.0), HasSubstr("expected a time step in (0, 1] s"));
}

// ---- PEER NGA .AT2 ----

// An .AT2 text of `values` (g) at `step`, 5 per line in Fortran's E15.7 as PEER writes them,
// with the 4th header line in the NGA-West2 form or the first NGA database's.
std::string at2_text(const std::vector<double>& values, double step, bool west2 = true) {
  std::string text =
      "PEER NGA STRONG MOTION DATABASE RECORD\n"
      "Imperial Valley, 5/19/1940, El Centro, 180\n"
      "ACCELERATION TIME SERIES IN UNITS OF G\n";
  char line[128];
  if (west2)
    std::snprintf(line, sizeof line, "NPTS=%6zu, DT=%9.4f SEC\n", values.size(), step);
  else
    std::snprintf(line, sizeof line, "%7zu%12.5f    NPTS, DT\n", values.size(), step);
  text += line;
  for (std::size_t i = 0; i < values.size(); ++i) {
    std::snprintf(line, sizeof line, "%15.7E", values[i]);
    text += line;
    if (i % 5 == 4 || i + 1 == values.size()) text += '\n';
  }
  return text;
}

TEST_F(AccelerationRecordFile, ReadsBothFormsOfTheAt2Header) {
  for (const bool west2 : {true, false}) {
    const auto file =
        write("rec.AT2", at2_text({0.01, -0.25, 0.5, 0.0, 1e-3, -2e-2, 0.125}, 0.005, west2));
    const model::AccelerationRecord record = read_at2_record(file, Vec3(0.0, 0.0, -1.0));
    ASSERT_EQ(record.time.size(), 7u);
    EXPECT_EQ(record.time[6], 6 * 0.005);
    // E15.7 keeps 8 significant digits; these values are exact in it.
    EXPECT_TRUE(record.acceleration[1].isApprox(Vec3(0.0, 0.0, 0.25 * 9.80665), kRoundOff));
    EXPECT_TRUE(record.acceleration[6].isApprox(Vec3(0.0, 0.0, -0.125 * 9.80665), kRoundOff));
  }
}

// The bundled record written as PEER would write it: the same samples, its published PGA and
// its duration, 1560 samples every 0.02 s.
TEST_F(AccelerationRecordFile, ElCentroAsAnAt2FileKeepsItsPgaAndDuration) {
  const model::AccelerationRecord csv = el_centro();
  std::vector<double> values;
  for (const Vec3& a : csv.acceleration) values.push_back(a.x() / kStandardGravity);
  const model::AccelerationRecord at2 =
      read_at2_record(write("elcentro.at2", at2_text(values, 0.02)), Vec3::UnitX());
  ASSERT_EQ(at2.time.size(), 1560u);
  EXPECT_NEAR(at2.time.back(), 31.18, 1e-12);
  EXPECT_NEAR(peak_ground_acceleration_in_g(at2), 0.319, 0.0005);
  // E15.7: 8 significant digits.
  for (std::size_t i = 0; i < values.size(); ++i)
    ASSERT_NEAR(at2.acceleration[i].x(), csv.acceleration[i].x(), 1e-7 * 9.80665) << i;
}

TEST_F(AccelerationRecordFile, MalformedAt2FilesGetLocatedErrors) {
  const auto error = [&](const std::string& text) -> std::string {
    try {
      read_at2_record(write("bad.AT2", text), Vec3::UnitX());
    } catch (const core::Diagnostic& diagnostic) {
      return diagnostic.what();
    }
    return "";
  };
  const std::string header =
      "PEER NGA STRONG MOTION DATABASE RECORD\nevent\nACCELERATION TIME SERIES IN UNITS OF G\n";
  EXPECT_THAT(error("PEER\nevent\n"),
              HasSubstr(":3:1: error: header: expected the 4 header lines of a PEER NGA .AT2 "
                        "file, found 2 lines in the file"));
  EXPECT_THAT(
      error("PEER\nevent\nVELOCITY TIME SERIES IN UNITS OF CM/S\nNPTS= 2, DT= .01 SEC\n1 2\n"),
      HasSubstr(":3:1: error: header: expected line 3 of a PEER NGA .AT2 file: "
                "'ACCELERATION TIME SERIES IN UNITS OF G', found 'VELOCITY"));
  EXPECT_THAT(error(header + "NPTS 2 DT\n1 2\n"),
              HasSubstr(":4:1: error: header: expected line 4 of a PEER NGA .AT2 file: 'NPTS= n, "
                        "DT= dt SEC' or 'n dt NPTS, DT', found 'NPTS 2 DT'"));
  EXPECT_THAT(error(header + "NPTS=  2.5, DT= .01 SEC\n1 2\n"),
              HasSubstr(":4:8: error: NPTS: expected a whole number of samples >= 2, found '2.5'"));
  EXPECT_THAT(error(header + "NPTS= 2, DT= -.01 SEC\n1 2\n"),
              HasSubstr(":4:14: error: DT: expected a time step in (0, 1] s, found '-.01'"));
  EXPECT_THAT(error(header + "NPTS= 3, DT= .01 SEC\n .1E-01 .2E-01\n .3E-01 .4E-01\n"),
              HasSubstr(":6:9: error: acceleration: expected no more than NPTS = 3 values (line "
                        "4), found '.4E-01' after them"));
  EXPECT_THAT(error(header + "NPTS= 3, DT= .01 SEC\n .1E-01 .2E-01\n"),
              HasSubstr(":5: error: acceleration: expected NPTS = 3 values (line 4), found 2"));
  EXPECT_THAT(error(header + "NPTS= 2, DT= .01 SEC\n .1E-01 .2F-01\n"),
              HasSubstr(":5:9: error: acceleration: expected a number, found '.2F-01'"));
}

// ---- several components ----

TEST(AccelerationRecord, SuperposedComponentsAddAtEveryTimeOfEither) {
  model::AccelerationRecord x{{0.0, 1.0, 2.0}, {Vec3(1, 0, 0), Vec3(3, 0, 0), Vec3(1, 0, 0)}};
  model::AccelerationRecord z{{0.5, 1.5}, {Vec3(0, 0, 2), Vec3(0, 0, 4)}};
  const model::AccelerationRecord sum = model::superpose({x, z});
  EXPECT_EQ(sum.time, (std::vector<double>{0.0, 0.5, 1.0, 1.5, 2.0}));
  // Each component linear between its samples and 0 outside its span.
  EXPECT_EQ(sum.acceleration[0], Vec3(1, 0, 0));
  EXPECT_EQ(sum.acceleration[1], Vec3(2, 0, 2));
  EXPECT_EQ(sum.acceleration[2], Vec3(3, 0, 3));
  EXPECT_EQ(sum.acceleration[3], Vec3(2, 0, 4));
  EXPECT_EQ(sum.acceleration[4], Vec3(1, 0, 0));
}

TEST(AccelerationRecord, GroundMotionPeaksAreHorizontalAndVertical) {
  model::GroundMotion ground;
  ground.record = {{0.0, 0.1, 0.2, 0.3},
                   {Vec3(0.3, 0.4, 0.0), Vec3(0.0, 0.0, -2.0), Vec3(-1.2, 0.5, 0.0), Vec3::Zero()}};
  EXPECT_DOUBLE_EQ(ground.peak_horizontal(0.15), 0.5);
  EXPECT_DOUBLE_EQ(ground.peak_horizontal(), 1.3);  // |(-1.2, 0.5)|
  EXPECT_DOUBLE_EQ(ground.peak_vertical(), 2.0);
  EXPECT_DOUBLE_EQ(ground.duration(), 0.3);
  EXPECT_NEAR(ground.shortest_step(), 0.1, 1e-15);
}

}  // namespace
}  // namespace moreau::ground_motion
