// `moreau ida FILE`: an incremental dynamic analysis (Vamvatsikos & Cornell 2002, Earthquake
// Engng Struct. Dyn. 31(3)): the problem run with its ground motions scaled by a list of
// factors, or by the factors a bracketing and bisection choose (run/collapse_search.hpp)
// until the collapse scale is known to a precision. Each run is a child `moreau run` with
// its own folder, <out>/scale-<factor>, several at once; a folder whose run ended is not run
// again, so an interrupted study resumes where it stopped. The IDA curve (a response of a
// control body against the PGA, output/run_response.hpp) goes to <out>/ida.csv and, through
// matplotlib, to <out>/ida.png.
#include "command.hpp"
#include "interruption.hpp"
#include "moreau/core/closest_match.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/core/output_file.hpp"
#include "moreau/ground_motion/acceleration_record.hpp"
#include "moreau/io/problem_file.hpp"
#include "moreau/io/record_suite.hpp"
#include "moreau/model/record_intensity.hpp"
#include "moreau/output/fragility.hpp"
#include "moreau/output/run_response.hpp"
#include "moreau/run/checkpoint.hpp"
#include "moreau/run/collapse_search.hpp"
#include "options.hpp"
#include "plot_script.hpp"
#include "progress.hpp"
#include "run_executor.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

namespace moreau::cli {
namespace {

namespace fs = std::filesystem;

// --scales, increasing, each once.
std::vector<double> listed_scales(const std::string& text) {
  std::vector<double> scales = read_factors(
      text, "--scales", 1e3, "a comma-separated list of factors in (0, 1000], e.g. 0.25,0.5,1");
  std::ranges::sort(scales);
  scales.erase(std::unique(scales.begin(), scales.end()), scales.end());
  return scales;
}

double positive_option(const po::variables_map& values, const char* name, double fallback,
                       double largest) {
  if (!values.count(name)) return fallback;
  const double value = values[name].as<double>();
  if (!(value > 0.0 && value <= largest))
    throw core::Diagnostic({}, core::concat("--", name),
                           core::concat("a value in (0, ", largest, "]"), core::concat(value));
  return value;
}

// What a study's folder was made for: the problem file's bytes and the duration. Resuming
// with another file or duration would mix runs of two problems on one curve.
// A suite's study also keeps its intensity measure (`measure`, empty for one record's).
void check_same_study(const fs::path& out, const run::Problem& problem,
                      const std::string& measure) {
  const fs::path path = out / "study.json";
  nlohmann::json study = {{"problem", problem.path.string()},
                          {"problem_hash", run::problem_file_hash(problem.path)},
                          {"duration", problem.duration}};
  if (!measure.empty()) study["intensity_measure"] = measure;
  std::ifstream in(path);
  if (in) {
    nlohmann::json found;
    try {
      found = nlohmann::json::parse(in);
    } catch (const nlohmann::json::exception&) {
      found = nullptr;
    }
    if (found.is_object() && found.value("problem_hash", 0ULL) == study["problem_hash"] &&
        found.value("duration", 0.0) == problem.duration &&
        found.value("intensity_measure", std::string()) == measure)
      return;
    throw core::Diagnostic({out.string()}, "--out",
                           "a new folder, or one of a study of the same problem file, unchanged, "
                           "the same duration and intensity measure (this one holds another "
                           "study)",
                           out.string());
  }
  fs::create_directories(out);
  core::write_output_file(path, [&](std::ostream& stream) { stream << study.dump(2) << '\n'; });
}

// The search's settings: --start, --precision, --max-scale.
struct SearchSettings {
  double start = 1.0;
  double precision = 0.05;
  double max_scale = 100.0;
};

// What a study has done and has left, in DIR/status.json (rewritten as runs start and end)
// and in one line on a terminal. The time left is the mean time of the runs ended so far times
// the runs left, over the runs at once: the current record's (the bisection rounds its
// bracket still needs, or one round while it hunts for a collapse) and the records not
// started (the mean runs of the records done, or of the current one).
class StudyStatus {
 public:
  StudyStatus(fs::path file, std::size_t records, int capacity, bool quiet)
      : file_(std::move(file)), records_(records), capacity_(capacity), progress_(quiet) {}

  void start_record(const std::string& name) {
    current_ = name;
    runs_in_record_ = 0;
    write();
  }
  void run_started() {
    ++running_;
    write();
  }
  void run_ended(double seconds) {
    --running_;
    ++runs_done_;
    ++runs_in_record_;
    run_seconds_ += seconds;
    write();
  }
  /// The current record's bracket after a batch, and the runs its search still needs.
  void bracket(double survived, std::optional<double> collapsed, double runs_left) {
    brackets_[current_] = {survived, collapsed};
    current_runs_left_ = runs_left;
    write();
  }
  void record_done() {
    ++records_done_;
    runs_of_done_records_ += runs_in_record_;
    current_runs_left_ = 0.0;
    write();
  }
  void clear() { progress_.clear(); }

 private:
  double seconds_left() const {
    if (runs_done_ == 0) return std::numeric_limits<double>::quiet_NaN();
    const double per_record = records_done_ > 0
                                  ? static_cast<double>(runs_of_done_records_) / records_done_
                                  : runs_in_record_ + current_runs_left_;
    const double records_left =
        static_cast<double>(records_ - records_done_) - (current_.empty() ? 0.0 : 1.0);
    const double runs_left = current_runs_left_ + std::max(0.0, records_left) * per_record;
    return runs_left * run_seconds_ / runs_done_ / capacity_;
  }

  void write() {
    const double left = seconds_left();
    nlohmann::json brackets = nlohmann::json::object();
    for (const auto& [name, bracket] : brackets_)
      brackets[name] = {bracket.first,
                        bracket.second ? nlohmann::json(*bracket.second) : nlohmann::json()};
    const nlohmann::json status = {
        {"records", records_},
        {"records_done", records_done_},
        {"record", current_},
        {"runs_done", runs_done_},
        {"running", running_},
        {"brackets", brackets},
        {"elapsed_s",
         std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count()},
        {"estimated_left_s", std::isnan(left) ? nlohmann::json() : nlohmann::json(left)}};
    core::write_output_file(file_, [&](std::ostream& out) { out << status.dump(2) << '\n'; });
    if (progress_.enabled())
      progress_.show(core::concat("record ", std::min(records_done_ + 1, records_), " of ",
                                  records_, ", ", runs_done_, " runs done, ", running_, " running",
                                  std::isnan(left)
                                      ? std::string()
                                      : core::concat(", about ", std::lround(left), " s left")));
  }

  fs::path file_;
  std::size_t records_;
  int capacity_;
  Progress progress_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::string current_;
  std::size_t records_done_ = 0;
  int runs_done_ = 0;
  int running_ = 0;
  int runs_in_record_ = 0;
  int runs_of_done_records_ = 0;
  double current_runs_left_ = 0.0;
  double run_seconds_ = 0.0;
  std::map<std::string, std::pair<double, std::optional<double>>> brackets_;
};

struct Study {
  fs::path file;
  fs::path out;
  run::Problem problem;  ///< at scale 1, for the control point and the initial positions
  /// The search's variable, ida.csv's first column: "scale" (the factor on the problem's
  /// ground motions), or in a suite's study of one record the intensity measure's column
  /// (intensity_column()).
  std::string variable = "scale";
  /// The factor on the ground motions at a value 1 of the variable: 1 / the record's
  /// intensity at scale 1 in a suite's study.
  double record_scale_per_unit = 1.0;
  std::optional<io::RecordOverride> record;  ///< the suite's record the runs replace the file's by
  StudyStatus* status = nullptr;             ///< the whole study's, shared by its records' studies
  output::ControlPoint control;
  output::ResponseMeasure measure = output::ResponseMeasure::PeakDrift;
  std::optional<double> duration;
  int threads_per_run = 1;
  bool quiet = false;
  std::map<double, output::RunResponse> runs;  ///< by scale, every run that ended
};

// What each run's folder is named after its value: "scale-<factor>", or in a suite's study of
// one record "im-<intensity>".
std::string folder_prefix(const Study& study) { return study.record ? "im-" : "scale-"; }

fs::path run_folder(const Study& study, double scale) {
  return study.out / core::concat(folder_prefix(study), shortest_text(scale));
}

// Each run's history.csv follows the control body (--track) and, by itself, the shaken
// support the response is measured from (output::tracked_bodies).
std::vector<std::string> run_arguments(const Study& study, double scale) {
  std::vector<std::string> arguments = {"run",
                                        study.file.string(),
                                        "--record-scale",
                                        shortest_text(scale * study.record_scale_per_unit),
                                        "--out",
                                        run_folder(study, scale).string(),
                                        "--overwrite",
                                        "--quiet",
                                        "--threads",
                                        core::concat(study.threads_per_run),
                                        "--track",
                                        study.control.body};
  if (study.duration) {
    arguments.emplace_back("--duration");
    arguments.push_back(shortest_text(*study.duration));
  }
  if (study.record) {
    for (const fs::path& file : study.record->files)
      arguments.insert(arguments.end(), {"--record", file.string()});
    if (study.record->units)
      arguments.insert(
          arguments.end(),
          {"--record-units", std::string(ground_motion::unit_name(*study.record->units))});
    if (study.record->time_step)
      arguments.insert(arguments.end(),
                       {"--record-time-step", shortest_text(*study.record->time_step)});
  }
  return arguments;
}

void print_run(const Study& study, double scale, const output::RunResponse& response) {
  const auto cell = [](double value) {
    std::ostringstream text;
    text << std::setprecision(4) << value;
    return text.str();
  };
  const std::string outcome = response.collapse_time
                                  ? "collapsed at t = " + cell(*response.collapse_time) + " s"
                                  : std::string("survived");
  std::cout << "  " << study.variable << ' ' << std::left << std::setw(9) << shortest_text(scale)
            << " PGA " << std::setw(10) << cell(response.pga) + " g" << std::setw(27) << outcome
            << output::response_name(study.measure) << " " << cell(response.value(study.measure))
            << std::right;
  if (response.not_converged > 0)
    std::cout << "  (" << response.not_converged << " steps not converged)";
  std::cout << std::endl;
}

// The runs of the folder that ended, from an earlier (interrupted) study.
void read_finished_runs(Study& study) {
  for (const fs::directory_entry& entry : fs::directory_iterator(study.out)) {
    const std::string name = entry.path().filename().string();
    const std::string prefix = folder_prefix(study);
    if (!name.starts_with(prefix)) continue;
    double scale = 0.0;
    const char* first = name.data() + prefix.size();
    const auto [end, error] = std::from_chars(first, name.data() + name.size(), scale);
    if (error != std::errc() || end != name.data() + name.size() ||
        !output::run_finished(entry.path()))
      continue;
    study.runs[scale] = output::read_run_response(entry.path(), study.problem, study.control);
  }
}

// Runs `scales` through `executor` (run_batch), then prints their lines.
int run_scales(Study& study, const std::vector<double>& scales, RunExecutor& executor,
               const InterruptionGuard& guard) {
  std::vector<BatchRun> runs;
  runs.reserve(scales.size());
  for (const double scale : scales)
    runs.push_back({run_arguments(study, scale), run_folder(study, scale).string() + ".log",
                    core::concat(study.variable, ' ', shortest_text(scale))});
  const int outcome = run_batch("ida", runs, executor, guard,
                                {[&] { study.status->run_started(); },
                                 [&](std::size_t i, double seconds, bool finished) {
                                   study.status->run_ended(seconds);
                                   if (finished)
                                     study.runs[scales[i]] =
                                         output::read_run_response(run_folder(study, scales[i]),
                                                                   study.problem, study.control);
                                 }});
  // The batch's lines in the order of the scales, not of the runs' ends: the same study
  // prints the same lines however the cores share its runs.
  study.status->clear();
  for (const double scale : scales)
    if (study.runs.contains(scale)) print_run(study, scale, study.runs.at(scale));
  return outcome;
}

void write_curve(const Study& study) {
  core::write_output_file(study.out / "ida.csv", [&](std::ostream& out) {
    out << study.variable
        << ",pga_g,collapsed,collapse_time,peak_displacement,peak_drift,"
           "residual_displacement,fallen,not_converged\n";
    for (const auto& [scale, run] : study.runs)
      out << shortest_text(scale) << ',' << shortest_text(run.pga) << ','
          << (run.collapse_time ? 1 : 0) << ','
          << (run.collapse_time ? shortest_text(*run.collapse_time) : std::string()) << ','
          << shortest_text(run.peak_displacement) << ',' << shortest_text(run.peak_drift) << ','
          << shortest_text(run.residual_displacement) << ',' << run.fallen << ','
          << run.not_converged << '\n';
  });
}

// ida.png, drawn by the script the build puts beside the executable (share/moreau), with
// matplotlib. A machine without it still has the curve in ida.csv: the study does not fail.
void draw_curve(const Study& study) {
  std::string failure;
  if (!run_plot_script("plot_ida.py",
                       {(study.out / "ida.csv").string(), (study.out / "ida.png").string(),
                        std::string(output::response_name(study.measure)), study.problem.title},
                       study.out / "ida-plot.log", failure))
    std::cout << "ida.png not drawn: " << failure;
}

double pga_at(const Study& study, double scale) {
  const auto found = study.runs.find(scale);
  return found == study.runs.end() ? 0.0 : found->second.pga;
}

// The search as the study's runs leave it (in a listed study, for its bracket only).
run::CollapseSearch collapse_search(const Study& study, const SearchSettings& settings) {
  run::CollapseSearch search(settings.start, settings.precision, settings.max_scale);
  for (const auto& [scale, run] : study.runs) search.add({scale, run.collapse_time.has_value()});
  return search;
}

// The PGAs with 4 significant digits, as the runs' lines give them.
void print_conclusion(const Study& study, const std::optional<double>& collapsed, double survived) {
  if (!collapsed) {
    const double highest = study.runs.empty() ? 0.0 : study.runs.rbegin()->first;
    std::cout << std::setprecision(6) << "no collapse up to " << study.variable << ' ' << highest
              << std::setprecision(4) << " (PGA " << pga_at(study, highest) << " g)\n";
    return;
  }
  std::cout << std::setprecision(6) << "collapse " << study.variable << " in (" << survived << ", "
            << *collapsed << "]: PGA " << std::setprecision(4) << pga_at(study, survived) << " to "
            << pga_at(study, *collapsed) << " g\n";
}

// The bracket after a batch, and the runs the search still needs: those of the bisection
// rounds that bring the bracket within the precision, `next` while it hunts, what is left of
// a list.
void report_bracket(StudyStatus& status, const run::CollapseSearch& search, double precision,
                    const std::vector<double>& next, bool listed) {
  double runs_left = static_cast<double>(next.size());
  if (!listed && search.collapsed()) {
    const double width = *search.collapsed() - search.survived();
    const double parts = static_cast<double>(next.size()) + 1.0;
    runs_left = width > precision ? std::ceil(std::log(width / precision) / std::log(parts)) *
                                        static_cast<double>(next.size())
                                  : 0.0;
  }
  status.bracket(search.survived(), search.collapsed(), runs_left);
}

// The study's search, or its list of scales (`listed`), resumed from the runs its folder
// holds; ida.csv written. Returns the code the study ends with.
int search_collapse(Study& study, const SearchSettings& settings,
                    const std::optional<std::vector<double>>& listed, RunExecutor& executor,
                    const InterruptionGuard& guard) {
  fs::create_directories(study.out);
  read_finished_runs(study);
  if (!study.runs.empty() && !study.quiet)
    std::cout << "resuming: " << study.runs.size() << " runs of " << study.out.string()
              << " have ended and are not run again\n";
  for (const auto& [scale, run] : study.runs) print_run(study, scale, run);

  int code = kSuccess;
  std::vector<double> batch;
  if (listed)
    std::ranges::copy_if(*listed, std::back_inserter(batch),
                         [&](double scale) { return !study.runs.contains(scale); });
  else
    batch = collapse_search(study, settings).next(executor.capacity());
  while (!batch.empty() && code == kSuccess) {
    if (!study.quiet) {
      std::cout << "running " << study.variable << ' ';
      for (std::size_t i = 0; i < batch.size(); ++i)
        std::cout << (i > 0 ? ", " : "") << shortest_text(batch[i]);
      std::cout << " (" << std::min<std::size_t>(batch.size(), executor.capacity()) << " at once)"
                << std::endl;
    }
    code = run_scales(study, batch, executor, guard);
    batch.clear();
    const run::CollapseSearch search = collapse_search(study, settings);
    if (!listed) batch = search.next(executor.capacity());
    report_bracket(*study.status, search, settings.precision, batch, listed.has_value());
  }
  write_curve(study);
  return code;
}

long unconverged_runs(const Study& study) {
  return std::ranges::count_if(study.runs,
                               [](const auto& entry) { return entry.second.not_converged > 0; });
}

// --im: pga, pgv or sa:T (s), with --damping for Sa.
model::IntensityMeasure read_intensity_measure(const po::variables_map& values) {
  const std::string text = values.count("im") ? values["im"].as<std::string>() : "pga";
  const std::string expected = "pga, pgv or sa:T (T the period in s, e.g. sa:1.0)";
  model::IntensityMeasure measure;
  if (text == "pgv") {
    measure.kind = model::IntensityKind::Pgv;
  } else if (text.starts_with("sa:")) {
    measure.kind = model::IntensityKind::SpectralAcceleration;
    const std::vector<double> period =
        read_factors(text.substr(3), "--im", model::kLongestPeriod, expected);
    if (period.size() != 1) throw core::Diagnostic({}, "--im", expected, text);
    measure.oscillator.period = period.front();
  } else if (text != "pga") {
    throw core::Diagnostic({}, "--im", expected, text);
  }
  if (values.count("damping")) {
    if (measure.kind != model::IntensityKind::SpectralAcceleration)
      throw core::Diagnostic({}, "--damping", "only with --im sa:T");
    measure.oscillator.damping = values["damping"].as<double>();
  }
  if (measure.kind == model::IntensityKind::SpectralAcceleration) {
    try {
      model::validate(measure.oscillator);
    } catch (const core::Diagnostic& error) {
      throw core::Diagnostic({}, error.key() == "period" ? "--im" : "--damping", error.message());
    }
  }
  return measure;
}

// The column and the variable of a suite's intensity measure: "im_pga_g", "im_sa_g"... (not
// ida.csv's pga_g, the PGA each run reached).
std::string intensity_column(const model::IntensityMeasure& measure) {
  return "im_" + measure.name();
}

// One record's study of a suite: the base study's settings, the problem read with the
// record in place of its own, the search in units of the intensity measure (the record's
// intensity as the problem scales it is 1 / record_scale_per_unit), in <out>/<record's name>.
Study record_study(const Study& base, const io::SuiteRecord& record,
                   const po::variables_map& values, const model::IntensityMeasure& measure,
                   double& intensity_at_unit_scale) {
  Study study = base;
  study.record = io::RecordOverride{{}, read_unit_option(values, "units"), std::nullopt};
  for (const fs::path& file : record.components) study.record->files.push_back(fs::absolute(file));
  if (values.count("time-step")) study.record->time_step = values["time-step"].as<double>();
  study.problem = io::read_problem_file(base.file, {.record = study.record});
  // The record's own warnings (a PGA of tens of g: a record in cm/s^2 read as m/s^2), not the
  // problem's, printed once before the suite.
  for (const run::InputWarning& warning : study.problem.warnings)
    if (std::ranges::none_of(base.problem.warnings, [&](const run::InputWarning& printed) {
          return printed.text() == warning.text();
        }))
      std::cerr << record.name() << ": " << warning.text() << '\n';
  if (base.duration) run::set_duration(study.problem, *base.duration, "--duration");
  const model::GroundMotion& ground = *run::strongest_ground_motion(study.problem);
  const model::Body& support = study.problem.scene.bodies[*run::shaken_support(study.problem)];
  intensity_at_unit_scale = model::intensity(ground, support.prescribed, measure);
  if (!(intensity_at_unit_scale > 0.0))
    throw core::Diagnostic({record.components.front().string()}, "--records",
                           core::concat("a record of non-zero ", measure.label()),
                           core::concat(intensity_at_unit_scale));
  study.record_scale_per_unit = 1.0 / intensity_at_unit_scale;
  study.variable = intensity_column(measure);
  study.out = base.out / record.name();
  study.runs.clear();
  return study;
}

// What one record's study found: its collapse intensity, the middle of the final bracket,
// or, without a collapse, the highest intensity it ran (a censored outcome).
struct RecordResult {
  std::string name;
  double intensity_at_unit_scale = 0.0;
  double survived = 0.0;
  std::optional<double> collapsed;
  output::CollapseIntensity outcome;
  long unconverged = 0;
};

RecordResult record_result(const Study& study, const SearchSettings& settings, bool listed,
                           double intensity_at_unit_scale) {
  const run::CollapseSearch search = collapse_search(study, listed ? SearchSettings{} : settings);
  RecordResult result{study.out.filename().string(),
                      intensity_at_unit_scale,
                      search.survived(),
                      search.collapsed(),
                      {},
                      unconverged_runs(study)};
  result.outcome =
      result.collapsed
          ? output::CollapseIntensity{(result.survived + *result.collapsed) / 2, true}
          : output::CollapseIntensity{study.runs.empty() ? 0.0 : study.runs.rbegin()->first, false};
  return result;
}

void write_suite(const fs::path& out, const std::vector<RecordResult>& results,
                 const model::IntensityMeasure& measure) {
  core::write_output_file(out / "suite.csv", [&](std::ostream& stream) {
    const std::string column = intensity_column(measure);
    stream << "record," << column << "_at_scale_1,survived,collapsed,collapse_" << column
           << ",censored,not_converged_runs\n";
    for (const RecordResult& result : results)
      stream << result.name << ',' << shortest_text(result.intensity_at_unit_scale) << ','
             << shortest_text(result.survived) << ','
             << (result.collapsed ? shortest_text(*result.collapsed) : std::string()) << ','
             << shortest_text(result.outcome.intensity) << ',' << (result.outcome.collapsed ? 0 : 1)
             << ',' << result.unconverged << '\n';
  });
}

// fragility.json, fragility.csv (the fitted curve) and, with matplotlib, fragility.png and
// ida-curves.png (every record's IDA curve with their 16, 50 and 84 % fractiles).
void write_fragility(const fs::path& out, const std::vector<RecordResult>& results,
                     const model::IntensityMeasure& measure, const std::string& title) {
  std::vector<output::CollapseIntensity> outcomes;
  std::set<double> collapses;
  for (const RecordResult& result : results) {
    outcomes.push_back(result.outcome);
    if (result.outcome.collapsed) collapses.insert(result.outcome.intensity);
  }
  if (collapses.size() < 2) {
    std::cout << "no fragility: " << collapses.size()
              << " collapse intensities, and a fit needs 2 different ones\n";
    return;
  }
  const output::Fragility fit = output::fit_fragility(outcomes);
  const nlohmann::json json = {{"intensity_measure", intensity_column(measure)},
                               {"label", measure.label()},
                               {"median", fit.median},
                               {"dispersion", fit.dispersion},
                               {"median_95", {fit.median_low, fit.median_high}},
                               {"dispersion_95", {fit.dispersion_low, fit.dispersion_high}},
                               {"method", fit.method},
                               {"records", results.size()},
                               {"collapsed", fit.collapsed},
                               {"censored", fit.censored}};
  core::write_output_file(out / "fragility.json",
                          [&](std::ostream& stream) { stream << json.dump(2) << '\n'; });
  double highest = 3 * fit.median;
  for (const RecordResult& result : results) highest = std::max(highest, result.outcome.intensity);
  constexpr int kCurvePoints = 200;
  core::write_output_file(out / "fragility.csv", [&](std::ostream& stream) {
    stream << intensity_column(measure) << ",probability_of_collapse\n";
    for (int i = 1; i <= kCurvePoints; ++i) {
      const double x = highest * i / kCurvePoints;
      stream << shortest_text(x) << ',' << shortest_text(fit.probability(x)) << '\n';
    }
  });
  std::cout << std::setprecision(4) << "fragility: median " << measure.symbol() << ' ' << fit.median
            << ' ' << measure.unit() << " (95 % " << fit.median_low << " to " << fit.median_high
            << "), dispersion " << fit.dispersion << " (" << fit.dispersion_low << " to "
            << fit.dispersion_high << "), " << fit.collapsed << " collapses"
            << (fit.censored > 0 ? core::concat(", ", fit.censored, " records survived (censored)")
                                 : std::string())
            << ", " << fit.method << '\n';
  std::string failure;
  if (!run_plot_script("plot_fragility.py",
                       {out.string(), intensity_column(measure), measure.label(), title},
                       out / "fragility-plot.log", failure))
    std::cout << "fragility.png not drawn: " << failure;
}

// `--records`: a study per record, one after the other (each runs its scales in parallel),
// then the suite's collapse intensities and their fragility.
int run_suite(const po::variables_map& values, const std::vector<io::SuiteRecord>& records,
              const Study& base, const SearchSettings& settings,
              const std::optional<std::vector<double>>& listed, RunExecutor& executor,
              const InterruptionGuard& guard) {
  const model::IntensityMeasure measure = read_intensity_measure(values);
  std::set<std::string> names;
  for (const io::SuiteRecord& record : records)
    if (!names.insert(record.name()).second)
      throw core::Diagnostic({record.components.front().string()}, "--records",
                             "records of different file names (each has its folder by its name)",
                             core::concat("two named ", record.name()));
  check_same_study(base.out, base.problem, measure.label());
  std::vector<RecordResult> results;
  int code = kSuccess;
  for (std::size_t r = 0; r < records.size() && code == kSuccess; ++r) {
    double intensity_at_unit_scale = 0.0;
    Study study = record_study(base, records[r], values, measure, intensity_at_unit_scale);
    study.status->start_record(records[r].name());
    std::vector<std::string> files;
    for (const fs::path& file : records[r].components) files.push_back(file.string());
    std::cout << "record " << r + 1 << " of " << records.size() << ", " << core::join(files, " + ")
              << ": " << measure.symbol() << ' ' << std::setprecision(4) << intensity_at_unit_scale
              << ' ' << measure.unit() << " as the problem scales it\n";
    code = search_collapse(study, settings, listed, executor, guard);
    if (code != kSuccess) break;
    const RecordResult result =
        record_result(study, settings, listed.has_value(), intensity_at_unit_scale);
    print_conclusion(study, result.collapsed, result.survived);
    results.push_back(result);
    study.status->record_done();
  }
  write_suite(base.out, results, measure);
  if (code == kInterrupted) std::cout << "interrupted: the same command resumes the study\n";
  if (code != kSuccess) return code;
  std::cout << "suite: " << (base.out / "suite.csv").string() << '\n';
  write_fragility(base.out, results, measure, base.problem.title);
  const long unconverged = std::ranges::count_if(
      results, [](const RecordResult& result) { return result.unconverged > 0; });
  if (unconverged > 0)
    std::cout << unconverged << " of the " << results.size()
              << " records had runs whose solve did not converge (suite.csv)\n";
  return unconverged == 0 ? kSuccess : kNotConverged;
}

int run_ida(const std::vector<std::string>& arguments) {
  const InterruptionGuard guard;
  po::options_description options("Options");
  options.add_options()("file", po::value<std::string>()->required(), "problem file (YAML)")(
      "out", po::value<std::string>(),
      "folder of the study (default: <file stem>-ida); a study in it resumes")(
      "scales", po::value<std::string>(),
      "run these record scale factors, e.g. 0.25,0.5,1,2, instead of searching for the "
      "collapse scale")("start", po::value<double>(), "first scale of the search (default 1)")(
      "precision", po::value<double>(),
      "the search ends when the collapse scale is known to this width (default 0.05)")(
      "max-scale", po::value<double>(),
      "the search gives up past this scale without a collapse (default 100)")(
      "jobs", po::value<int>(),
      "runs at once (default: the machine's cores; with --scheduler, the cluster's worker "
      "threads)")("control", po::value<std::string>(),
                  "the body whose displacement is the response (default: the problem's "
                  "output.control, else the highest free body)")(
      "response", po::value<std::string>(),
      "the curve's response: peak_drift (default), peak_displacement, residual_displacement "
      "or fallen")("duration", po::value<double>(), "override the file's duration, s")(
      "records", po::value<std::vector<std::string>>()->multitoken(),
      "a suite: these record files or folders of them, each in place of the file's record in a "
      "study of its own, and the fragility of their collapse intensities")(
      "units", po::value<std::string>(),
      "units of the suite's CSV and single-column records: g, m/s^2 or cm/s^2 (default: the "
      "ground motion's)")("time-step", po::value<double>(),
                          "time step of the suite's single-column records, s")(
      "im", po::value<std::string>(),
      "the suite's intensity measure, the search's variable: pga (default, g), pgv (m/s) or "
      "sa:T (Sa at the period T in s, g)")("damping", po::value<double>(),
                                           "damping ratio of sa:T's oscillator (default 0.05)")(
      "scheduler", po::value<std::string>(),
      "run on the workers of the Dask cluster whose scheduler is at this address "
      "(tcp://HOST:8786) instead of here; every path must be the same on the workers")(
      "quiet", "only the results, no list of the runs started");
  po::positional_options_description positional;
  positional.add("file", 1);
  const auto values = parse_command(
      arguments,
      "Usage: moreau ida FILE [options]\nIncremental dynamic analysis: runs a problem under "
      "its ground motions scaled up, finds the scale that brings the structure down, and "
      "draws the IDA curve.",
      options, positional);
  if (!values) return kSuccess;

  Study study;
  study.file = (*values)["file"].as<std::string>();
  study.problem = io::read_problem_file(study.file, {});
  print_warnings(study.problem);
  override_duration(*values, study.problem);
  if (values->count("duration")) study.duration = study.problem.duration;
  if (!run::strongest_ground_motion(study.problem))
    throw core::Diagnostic({study.file.string()}, "bodies",
                           "a driven body with a ground motion (driven: ground_motion or "
                           "ricker): moreau ida scales it",
                           "none");
  require_collapse_criterion(study.problem, "ida");
  study.control = output::control_point(
      study.problem, values->count("control") ? (*values)["control"].as<std::string>() : "");
  if (values->count("response")) {
    const std::string name = (*values)["response"].as<std::string>();
    const auto measure = output::response_measure(name);
    if (!measure)
      throw core::Diagnostic(
          {}, "--response", "peak_drift, peak_displacement, residual_displacement or fallen", name);
    study.measure = *measure;
  }
  const StudyExecution execution = study_execution(*values);
  study.threads_per_run = execution.threads_per_run;
  study.quiet = values->count("quiet") > 0;
  const bool listed = values->count("scales") > 0;
  for (const char* name : {"start", "precision", "max-scale"})
    if (listed && values->count(name))
      throw core::Diagnostic({}, core::concat("--", name),
                             "not with --scales: a list of scales replaces the search");
  SearchSettings settings;
  settings.max_scale = positive_option(*values, "max-scale", settings.max_scale, 1e3);
  settings.start = positive_option(*values, "start", settings.start, settings.max_scale);
  settings.precision =
      positive_option(*values, "precision", settings.precision, settings.max_scale);
  const std::vector<double> scales =
      listed ? listed_scales((*values)["scales"].as<std::string>()) : std::vector<double>{};
  study.out = values->count("out") ? fs::path((*values)["out"].as<std::string>())
                                   : fs::path(study.file.stem().string() + "-ida");
  if (values->count("scheduler")) {  // the workers' working folders are not this one
    study.file = fs::absolute(study.file);
    study.out = fs::absolute(study.out);
  }
  const bool suite = values->count("records") > 0;
  for (const char* name : {"units", "time-step", "im", "damping"})
    if (!suite && values->count(name))
      throw core::Diagnostic({}, core::concat("--", name),
                             "only with --records (a suite's records and their intensity)");
  fs::create_directories(study.out);
  const std::unique_ptr<RunExecutor> executor = execution.executor(study.out);
  const std::vector<io::SuiteRecord> records =
      suite ? io::record_suite((*values)["records"].as<std::vector<std::string>>(), "--records")
            : std::vector<io::SuiteRecord>{};
  StudyStatus status(study.out / "status.json", suite ? records.size() : 1, executor->capacity(),
                     study.quiet);
  study.status = &status;
  if (suite)
    return run_suite(*values, records, study, settings,
                     listed ? std::optional(scales) : std::nullopt, *executor, guard);
  status.start_record(study.file.filename().string());
  check_same_study(study.out, study.problem, "");
  const int code = search_collapse(study, settings, listed ? std::optional(scales) : std::nullopt,
                                   *executor, guard);
  if (code == kInterrupted) std::cout << "interrupted: the same command resumes the study\n";
  if (code != kSuccess) return code;
  status.record_done();
  draw_curve(study);
  const run::CollapseSearch search = collapse_search(study, listed ? SearchSettings{} : settings);
  print_conclusion(study, search.collapsed(), search.survived());
  std::cout << "curve: " << (study.out / "ida.csv").string() << '\n';
  const long unconverged = unconverged_runs(study);
  if (unconverged > 0)
    std::cout << unconverged << " of the " << study.runs.size()
              << " runs had steps whose solve did not converge (ida.csv, not_converged)\n";
  return unconverged == 0 ? kSuccess : kNotConverged;
}

}  // namespace

extern const Command kIdaCommand{
    "ida", "incremental dynamic analysis: the ground-motion scale that brings a structure down",
    run_ida};

}  // namespace moreau::cli
