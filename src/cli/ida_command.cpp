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
#include "moreau/core/child_process.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/core/output_file.hpp"
#include "moreau/io/problem_file.hpp"
#include "moreau/output/run_response.hpp"
#include "moreau/run/checkpoint.hpp"
#include "moreau/run/collapse_search.hpp"
#include "options.hpp"
#include "plot_script.hpp"

#include <sys/wait.h>
#include <tbb/info.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <csignal>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

namespace moreau::cli {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kFolderPrefix = "scale-";

// The shortest text that reads back as the same double: the child parses the very factor
// the folder is named after, and ida.csv holds the values a run wrote.
std::string factor_text(double factor) {
  std::array<char, 32> buffer{};
  const auto end = std::to_chars(buffer.data(), buffer.data() + buffer.size(), factor).ptr;
  return {buffer.data(), end};
}

fs::path run_folder(const fs::path& out, double scale) {
  return out / core::concat(kFolderPrefix, factor_text(scale));
}

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
void check_same_study(const fs::path& out, const run::Problem& problem) {
  const fs::path path = out / "study.json";
  const nlohmann::json study = {{"problem", problem.path.string()},
                                {"problem_hash", run::problem_file_hash(problem.path)},
                                {"duration", problem.duration}};
  std::ifstream in(path);
  if (in) {
    nlohmann::json found;
    try {
      found = nlohmann::json::parse(in);
    } catch (const nlohmann::json::exception&) {
      found = nullptr;
    }
    if (found.is_object() && found.value("problem_hash", 0ULL) == study["problem_hash"] &&
        found.value("duration", 0.0) == problem.duration)
      return;
    throw core::Diagnostic({out.string()}, "--out",
                           "a new folder, or one of a study of the same problem file, unchanged, "
                           "and the same duration (this one holds another study)",
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

struct Study {
  fs::path file;
  fs::path out;
  run::Problem problem;  ///< at scale 1, for the control point and the initial positions
  output::ControlPoint control;
  output::ResponseMeasure measure = output::ResponseMeasure::PeakDrift;
  std::optional<double> duration;
  int jobs = 1;
  int threads_per_run = 1;
  bool quiet = false;
  std::map<double, output::RunResponse> runs;  ///< by scale, every run that ended
};

// Each run's history.csv follows the control body (--track) and, by itself, the shaken
// support the response is measured from (output::tracked_bodies).
std::vector<std::string> run_arguments(const Study& study, double scale) {
  std::vector<std::string> arguments = {"run",
                                        study.file.string(),
                                        "--record-scale",
                                        factor_text(scale),
                                        "--out",
                                        run_folder(study.out, scale).string(),
                                        "--overwrite",
                                        "--quiet",
                                        "--threads",
                                        core::concat(study.threads_per_run),
                                        "--track",
                                        study.control.body};
  if (study.duration) {
    arguments.emplace_back("--duration");
    arguments.push_back(factor_text(*study.duration));
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
  std::cout << "  scale " << std::left << std::setw(9) << factor_text(scale) << " PGA "
            << std::setw(10) << cell(response.pga) + " g" << std::setw(27) << outcome
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
    if (!name.starts_with(kFolderPrefix)) continue;
    double scale = 0.0;
    const char* first = name.data() + kFolderPrefix.size();
    const auto [end, error] = std::from_chars(first, name.data() + name.size(), scale);
    if (error != std::errc() || end != name.data() + name.size() ||
        !output::run_finished(entry.path()))
      continue;
    study.runs[scale] = output::read_run_response(entry.path(), study.problem, study.control);
  }
}

// Runs `scales`, `jobs` at a time. Returns kSuccess when every run ended, else the code the
// study ends with (a run refused its input or crashed, or a signal stopped the study: it is
// passed on to the runs under way, which stop at their next iteration and are run again on
// resume).
int run_scales(Study& study, const std::vector<double>& scales, const InterruptionGuard& guard) {
  const fs::path program = fs::read_symlink("/proc/self/exe");
  std::map<pid_t, double> running;
  std::size_t next = 0;
  int outcome = kSuccess;
  bool passed_on = false;  // the signal, to the runs under way
  while (next < scales.size() || !running.empty()) {
    if (guard.requested() && !passed_on) {
      for (const auto& [child, scale] : running) kill(child, SIGTERM);
      passed_on = true;
    }
    while (outcome == kSuccess && !guard.requested() &&
           static_cast<int>(running.size()) < study.jobs && next < scales.size()) {
      const double scale = scales[next++];
      const fs::path log = run_folder(study.out, scale).string() + ".log";
      running[core::start_process(program, run_arguments(study, scale), log)] = scale;
    }
    if (guard.requested() || outcome != kSuccess) next = scales.size();
    if (running.empty()) break;
    int status = 0;
    const pid_t ended = waitpid(-1, &status, WNOHANG);
    if (ended <= 0) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      continue;
    }
    const double scale = running.at(ended);
    running.erase(ended);
    const fs::path folder = run_folder(study.out, scale);
    const int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    if (code == kSuccess || code == kNotConverged) {
      const output::RunResponse response =
          output::read_run_response(folder, study.problem, study.control);
      study.runs[scale] = response;
    } else if (code == kInterrupted || guard.requested()) {
      outcome = kInterrupted;
    } else {
      std::cerr << "moreau ida: the run of scale " << factor_text(scale) << " "
                << core::describe_child_end(status) << "; its log, " << folder.string()
                << ".log, ends with:\n"
                << last_lines(folder.string() + ".log", 5);
      outcome = code == kBadInput ? kBadInput : kInternalError;
    }
  }
  // The batch's lines in the order of the scales, not of the runs' ends: the same study
  // prints the same lines however the cores share its runs.
  for (const double scale : scales)
    if (study.runs.contains(scale)) print_run(study, scale, study.runs.at(scale));
  return guard.requested() ? kInterrupted : outcome;
}

void write_curve(const Study& study) {
  core::write_output_file(study.out / "ida.csv", [&](std::ostream& out) {
    out << "scale,pga_g,collapsed,collapse_time,peak_displacement,peak_drift,"
           "residual_displacement,fallen,not_converged\n";
    for (const auto& [scale, run] : study.runs)
      out << factor_text(scale) << ',' << factor_text(run.pga) << ',' << (run.collapse_time ? 1 : 0)
          << ',' << (run.collapse_time ? factor_text(*run.collapse_time) : std::string()) << ','
          << factor_text(run.peak_displacement) << ',' << factor_text(run.peak_drift) << ','
          << factor_text(run.residual_displacement) << ',' << run.fallen << ',' << run.not_converged
          << '\n';
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

void print_conclusion(const Study& study, const std::optional<double>& collapsed, double survived) {
  std::cout << std::setprecision(6);
  if (!collapsed) {
    const double highest = study.runs.empty() ? 0.0 : study.runs.rbegin()->first;
    std::cout << "no collapse up to scale " << highest << " (PGA " << pga_at(study, highest)
              << " g)\n";
    return;
  }
  std::cout << "collapse scale in (" << survived << ", " << *collapsed << "]: PGA "
            << pga_at(study, survived) << " to " << pga_at(study, *collapsed) << " g\n";
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
      "jobs", po::value<int>(), "runs at once (default: the machine's cores)")(
      "control", po::value<std::string>(),
      "the body whose displacement is the response (default: the highest free body)")(
      "response", po::value<std::string>(),
      "the curve's response: peak_drift (default), peak_displacement, residual_displacement "
      "or fallen")("duration", po::value<double>(), "override the file's duration, s")(
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
  const dynamics::CollapseCriteria& collapse = study.problem.collapse;
  if (std::isinf(collapse.max_displacement) && std::isinf(collapse.max_rotation) &&
      std::isinf(collapse.kinetic_energy))
    throw core::Diagnostic({study.file.string()}, "stop.collapse",
                           "a collapse criterion (max_displacement, max_rotation or "
                           "kinetic_energy): moreau ida tells a collapse by it",
                           "none");
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
  const int cores = tbb::info::default_concurrency();
  study.jobs = values->count("jobs") ? (*values)["jobs"].as<int>() : cores;
  if (study.jobs < 1 || study.jobs > 1024)
    throw core::Diagnostic({}, "--jobs", "1 to 1024", core::concat(study.jobs));
  study.threads_per_run = std::max(1, cores / study.jobs);
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
  check_same_study(study.out, study.problem);
  read_finished_runs(study);
  if (!study.runs.empty() && !study.quiet)
    std::cout << "resuming: " << study.runs.size() << " runs of " << study.out.string()
              << " have ended and are not run again\n";
  for (const auto& [scale, run] : study.runs) print_run(study, scale, run);

  int code = kSuccess;
  std::vector<double> batch;
  if (listed)
    std::ranges::copy_if(scales, std::back_inserter(batch),
                         [&](double scale) { return !study.runs.contains(scale); });
  else
    batch = collapse_search(study, settings).next(study.jobs);
  while (!batch.empty() && code == kSuccess) {
    if (!study.quiet) {
      std::cout << "running scale" << (batch.size() > 1 ? "s " : " ");
      for (std::size_t i = 0; i < batch.size(); ++i)
        std::cout << (i > 0 ? ", " : "") << factor_text(batch[i]);
      std::cout << " (" << std::min<std::size_t>(batch.size(), study.jobs) << " at once)"
                << std::endl;
    }
    code = run_scales(study, batch, guard);
    batch.clear();
    if (!listed) batch = collapse_search(study, settings).next(study.jobs);
  }
  write_curve(study);
  if (code == kInterrupted) std::cout << "interrupted: the same command resumes the study\n";
  if (code != kSuccess) return code;
  draw_curve(study);
  const run::CollapseSearch search = collapse_search(study, listed ? SearchSettings{} : settings);
  print_conclusion(study, search.collapsed(), search.survived());
  std::cout << "curve: " << (study.out / "ida.csv").string() << '\n';
  const auto unconverged = std::ranges::count_if(
      study.runs, [](const auto& entry) { return entry.second.not_converged > 0; });
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
