// `moreau records PATH...`: what ground-motion records hold, before a study uses them: each
// record component's samples, step, duration, peak ground acceleration and velocity, and its
// spectral accelerations Sa(T) (model/record_intensity.hpp), one line each; with --spectra, the
// response spectra of all of them over 0.01 to 10 s in a CSV file and a matplotlib PNG.
#include "command.hpp"
#include "moreau/core/closest_match.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/core/output_file.hpp"
#include "moreau/ground_motion/acceleration_record.hpp"
#include "moreau/io/record_suite.hpp"
#include "moreau/model/record_intensity.hpp"
#include "options.hpp"
#include "plot_script.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace moreau::cli {
namespace {

namespace fs = std::filesystem;

/// Peaks outside [kSmallestPlausiblePga, ground_motion::kStrongestRecordedPga], in g, are most
/// likely a record read in the wrong units (cm/s^2 as m/s^2 gives 100 times the PGA, g as cm/s^2 a
/// thousandth): a record below 0.001 g does not move a structure.
constexpr double kSmallestPlausiblePga = 1e-3;

/// The periods of --spectra: 0.01 to 10 s, 40 a decade, as spectra are drawn (log axis).
constexpr int kSpectrumPeriodsPerDecade = 40;
constexpr double kShortestSpectrumPeriod = 0.01;
constexpr int kSpectrumDecades = 3;

/// One component of a record: its acceleration along x, m/s^2.
struct Component {
  std::string name;  ///< the file, and the axis for a 4-column CSV file
  model::AccelerationRecord record;
};

ground_motion::AccelerationUnit read_unit(const po::variables_map& values, const fs::path& file) {
  if (const auto unit = read_unit_option(values, "units")) return *unit;
  throw core::Diagnostic({file.string()}, "--units",
                         "the unit of a CSV or single-column record: " +
                             core::join(ground_motion::acceleration_unit_names()),
                         "none given");
}

// The components of one file, in the layout its extension and header give: an .AT2 file, a
// CSV file of 2 columns (one component) or 4 (world components x, y, z; those not all zero), or
// a single column at --time-step.
std::vector<Component> read_components(const fs::path& file, const po::variables_map& values) {
  const ground_motion::RecordLayout layout = ground_motion::record_layout(file);
  const math::Vec3 x = math::Vec3::UnitX();
  if (layout == ground_motion::RecordLayout::At2)
    return {{file.string(), ground_motion::read_at2_record(file, x)}};
  const ground_motion::AccelerationUnit unit = read_unit(values, file);
  if (layout == ground_motion::RecordLayout::SingleColumn) {
    if (!values.count("time-step"))
      throw core::Diagnostic({file.string()}, "--time-step",
                             "the time step of a single-column record (s)", "none given");
    return {{file.string(), ground_motion::read_single_column_record(
                                file, unit, values["time-step"].as<double>(), x)}};
  }
  if (ground_motion::csv_record_columns(file) != 4)
    return {{file.string(), ground_motion::read_acceleration_record(file, unit, x)}};
  const model::AccelerationRecord world = ground_motion::read_acceleration_record(file, unit);
  std::vector<Component> components;
  for (int axis = 0; axis < 3; ++axis) {
    Component component{core::concat(file.string(), ':', "xyz"[axis]), {world.time, {}}};
    for (const math::Vec3& a : world.acceleration)
      component.record.acceleration.push_back(a[axis] * x);
    if (std::any_of(component.record.acceleration.begin(), component.record.acceleration.end(),
                    [](const math::Vec3& a) { return a.x() != 0.0; }))
      components.push_back(std::move(component));
  }
  return components;
}

model::BaselineCorrection read_baseline(const po::variables_map& values) {
  const std::string baseline = values["baseline"].as<std::string>();
  if (baseline == "linear") return model::BaselineCorrection::Linear;
  if (baseline == "none") return model::BaselineCorrection::None;
  throw core::Diagnostic({}, "--baseline", "linear or none", baseline);
}

struct Intensity {
  std::size_t samples = 0;
  double step = 0.0;       ///< the shortest interval between samples, s
  double duration = 0.0;   ///< s
  double pga = 0.0;        ///< g
  double pgv = 0.0;        ///< m/s
  std::vector<double> sa;  ///< g, at the --periods
};

// The component's measures as a run's support shaken by it would have them (model::intensity).
Intensity intensity_of(const Component& component, const std::vector<double>& periods,
                       double damping, model::BaselineCorrection baseline) {
  const model::GroundMotion ground{"support", component.name, 1.0, component.record};
  const model::PrescribedVelocity support = model::ground_motion_velocity(ground.record, baseline);
  Intensity intensity;
  intensity.samples = ground.record.time.size();
  intensity.step = ground.shortest_step();
  intensity.duration = ground.duration();
  intensity.pga = model::intensity(ground, support, {model::IntensityKind::Pga});
  intensity.pgv = model::intensity(ground, support, {model::IntensityKind::Pgv});
  for (const double period : periods)
    intensity.sa.push_back(model::intensity(
        ground, support,
        {model::IntensityKind::SpectralAcceleration, {.period = period, .damping = damping}}));
  return intensity;
}

void warn_if_implausible(const Component& component, const Intensity& intensity) {
  if (intensity.pga > ground_motion::kStrongestRecordedPga)
    std::cerr << "warning: " << component.name << ": PGA " << intensity.pga << " g, above "
              << ground_motion::kStrongestRecordedPga
              << " g (the strongest ever recorded): are its units right (cm/s^2 read as m/s^2, "
                 "m/s^2 as g)?\n";
  if (intensity.pga < kSmallestPlausiblePga)
    std::cerr << "warning: " << component.name << ": PGA " << intensity.pga << " g, below "
              << kSmallestPlausiblePga << " g: are its units right (g read as cm/s^2)?\n";
}

std::string period_label(double period) { return core::concat("Sa(", period, " s)"); }

void print_table(const std::vector<Component>& components,
                 const std::vector<Intensity>& intensities, const std::vector<double>& periods,
                 double damping) {
  std::size_t width = 6;
  for (const Component& component : components) width = std::max(width, component.name.size());
  std::cout << std::left << std::setw(static_cast<int>(width)) << "record" << std::right
            << std::setw(9) << "samples" << std::setw(10) << "step s" << std::setw(12)
            << "duration s" << std::setw(9) << "PGA g" << std::setw(10) << "PGV m/s";
  for (const double period : periods) std::cout << std::setw(14) << period_label(period) + " g";
  std::cout << '\n';
  for (std::size_t c = 0; c < components.size(); ++c) {
    const Intensity& it = intensities[c];
    std::cout << std::left << std::setw(static_cast<int>(width)) << components[c].name << std::right
              << std::setw(9) << it.samples << std::setw(10) << it.step << std::setw(12)
              << it.duration << std::setprecision(4) << std::setw(9) << it.pga << std::setw(10)
              << it.pgv;
    for (const double sa : it.sa) std::cout << std::setw(14) << sa;
    std::cout << std::setprecision(6) << '\n';
  }
  std::cout << "Sa: pseudo-spectral acceleration of a linear oscillator, " << damping * 100
            << " % damped\n";
}

void print_json(const std::vector<Component>& components, const std::vector<Intensity>& intensities,
                const std::vector<double>& periods, double damping) {
  for (std::size_t c = 0; c < components.size(); ++c) {
    const Intensity& it = intensities[c];
    nlohmann::json sa = nlohmann::json::array();
    for (std::size_t p = 0; p < periods.size(); ++p)
      sa.push_back({{"period_s", periods[p]}, {"sa_g", it.sa[p]}});
    std::cout << nlohmann::json{{"record", components[c].name},
                                {"samples", it.samples},
                                {"step_s", it.step},
                                {"duration_s", it.duration},
                                {"pga_g", it.pga},
                                {"pgv_m_s", it.pgv},
                                {"damping", damping},
                                {"spectrum", sa}}
                     .dump()
              << '\n';
  }
}

std::vector<double> spectrum_periods() {
  std::vector<double> periods;
  for (int k = 0; k <= kSpectrumDecades * kSpectrumPeriodsPerDecade; ++k)
    periods.push_back(kShortestSpectrumPeriod *
                      std::pow(10.0, static_cast<double>(k) / kSpectrumPeriodsPerDecade));
  return periods;
}

// The spectra as a CSV table (period_s, then each component's Sa in g) and, where matplotlib
// is installed, a PNG of the same stem; a machine without it still has the table.
void write_spectra(const fs::path& csv, const std::vector<Component>& components, double damping,
                   model::BaselineCorrection baseline) {
  const std::vector<double> periods = spectrum_periods();
  std::vector<Intensity> spectra;
  spectra.reserve(components.size());
  for (const Component& component : components)
    spectra.push_back(intensity_of(component, periods, damping, baseline));
  core::write_output_file(csv, [&](std::ostream& out) {
    out << "period_s";
    for (const Component& component : components) out << ',' << component.name;
    out << '\n' << std::setprecision(10);
    for (std::size_t p = 0; p < periods.size(); ++p) {
      out << periods[p];
      for (const Intensity& spectrum : spectra) out << ',' << spectrum.sa[p];
      out << '\n';
    }
  });
  fs::path png = csv;
  png.replace_extension(".png");
  std::string failure;
  if (run_plot_script("plot_spectra.py",
                      {csv.string(), png.string(), core::concat(damping * 100, " % damped")},
                      fs::path(csv).replace_extension(".log"), failure))
    std::cout << "spectra: " << csv.string() << ", " << png.string() << '\n';
  else
    std::cout << "spectra: " << csv.string() << " (" << png.filename().string()
              << " not drawn: " << failure << ')';
}

int run_records(const std::vector<std::string>& arguments) {
  po::options_description options("Options");
  options.add_options()(
      "paths", po::value<std::vector<std::string>>()->required(),
      "record files (.AT2, .csv, single columns), folders of them or suite files (.yaml)")(
      "units", po::value<std::string>(),
      "unit of CSV and single-column records: g, m/s^2 or cm/s^2 (.AT2 files give theirs)")(
      "time-step", po::value<double>(), "time step of single-column records, s")(
      "periods", po::value<std::string>()->default_value("0.2,1"),
      "natural periods of the spectral accelerations printed, s, comma-separated (default: "
      "0.2 and 1 s, the periods of the ASCE 7 mapped Ss and S1)")(
      "damping", po::value<double>()->default_value(0.05),
      "damping ratio of the spectra's oscillator, in [0, 1)")(
      "baseline", po::value<std::string>()->default_value("linear"),
      "correction of the velocity the PGV is read from: linear or none, as a problem file's "
      "ground_motion.baseline")(
      "spectra", po::value<std::string>(),
      "write the response spectra (0.01 to 10 s) to this CSV file, and a PNG of the same name")(
      "json", "print one JSON object per record component");
  po::positional_options_description positional;
  positional.add("paths", -1);
  const auto values = parse_command(
      arguments,
      "Usage: moreau records PATH... [options]\nPrints each ground-motion record's peak "
      "acceleration and velocity, duration, step and spectral accelerations.",
      options, positional);
  if (!values) return kSuccess;

  const std::vector<double> periods =
      read_factors((*values)["periods"].as<std::string>(), "--periods", model::kLongestPeriod,
                   core::concat("periods in [", model::kShortestPeriod, ", ", model::kLongestPeriod,
                                "] s, comma-separated"));
  if (periods.empty()) throw core::Diagnostic({}, "--periods", "at least one period (s)", "none");
  const double damping = (*values)["damping"].as<double>();
  for (const double period : periods) {
    try {
      model::validate(model::Oscillator{.period = period, .damping = damping});
    } catch (const core::Diagnostic& error) {
      throw core::Diagnostic({}, error.key() == "period" ? "--periods" : "--damping",
                             error.message());
    }
  }
  const model::BaselineCorrection baseline = read_baseline(*values);
  std::vector<Component> components;
  for (const fs::path& file :
       io::record_files((*values)["paths"].as<std::vector<std::string>>(), "PATH"))
    for (Component& component : read_components(file, *values))
      components.push_back(std::move(component));

  std::vector<Intensity> intensities;
  for (const Component& component : components) {
    intensities.push_back(intensity_of(component, periods, damping, baseline));
    warn_if_implausible(component, intensities.back());
  }
  if (values->count("json"))
    print_json(components, intensities, periods, damping);
  else
    print_table(components, intensities, periods, damping);
  if (values->count("spectra"))
    write_spectra((*values)["spectra"].as<std::string>(), components, damping, baseline);
  return kSuccess;
}

}  // namespace

extern const Command kRecordsCommand{
    "records", "print ground-motion records' PGA, PGV, duration and response spectra", run_records};

}  // namespace moreau::cli
