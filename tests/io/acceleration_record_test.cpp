// The CSV reader of ground-motion records: small files written for each test (good ones and
// one per error, each message checked for file:line:column and the column's name), and the
// El Centro 1940 NS record of ../shared against its published peak ground acceleration.
#include "moreau/io/acceleration_record.hpp"

#include "support/shared_data.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>

namespace moreau::io {
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

TEST(AccelerationRecord, MissingFileIsNamed) {
  try {
    read_acceleration_record("no/such/record.csv", AccelerationUnit::G, Vec3::UnitX());
    FAIL() << "no diagnostic";
  } catch (const core::Diagnostic& error) {
    EXPECT_STREQ(error.what(), "no/such/record.csv: error: no such file");
  }
}

// El Centro, Imperial Valley earthquake of 18 May 1940, NS component, in the common 0.02 s
// digitization: PGA 0.319 g (Chopra, Dynamics of Structures, 4th ed., 2012, section 6.1 and
// Fig. 6.1.4). The tolerance is the rounding of the published three digits.
TEST(AccelerationRecord, ElCentroHasItsPublishedPeakGroundAcceleration) {
  MOREAU_REQUIRE_SHARED("records/elcentro-1940-ns.csv");
  const model::AccelerationRecord record = read_acceleration_record(
      testing::shared_path("records/elcentro-1940-ns.csv"), AccelerationUnit::G, Vec3::UnitX());
  // 0 to 31.18 s every 0.02 s (the file's own header comment): 1560 samples.
  ASSERT_EQ(record.time.size(), 1560u);
  EXPECT_EQ(record.time.front(), 0.0);
  for (std::size_t i = 1; i < record.time.size(); ++i)
    ASSERT_NEAR(record.time[i] - record.time[i - 1], 0.02, 1e-9) << "sample " << i;
  double pga = 0.0;
  for (const Vec3& a : record.acceleration) pga = std::max(pga, a.norm());
  EXPECT_NEAR(pga / kStandardGravity, 0.319, 0.0005);
}

// The linear baseline correction on a real record: the support starts and ends at rest, and a
// baseline offset added to the record, which makes the uncorrected velocity drift by
// c (t - t_0), leaves the corrected velocity unchanged.
TEST(AccelerationRecord, ElCentroLinearCorrectionRemovesAnAddedBaselineOffset) {
  MOREAU_REQUIRE_SHARED("records/elcentro-1940-ns.csv");
  const model::AccelerationRecord record = read_acceleration_record(
      testing::shared_path("records/elcentro-1940-ns.csv"), AccelerationUnit::G, Vec3::UnitX());
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

}  // namespace
}  // namespace moreau::io
