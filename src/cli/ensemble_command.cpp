// `moreau ensemble FILE`: the problem run N times, each copy with imperfections drawn from its
// own seed (run/imperfections.hpp), and the spread of their collapse loads and mechanisms.
// Dry masonry built alike does not collapse alike: 53 identical specimens gave collapse loads
// and mechanisms that "can be multiple" (Engineering and Applied Sciences 1(4), 2016), and
// with Coulomb friction the collapse load of a perfect model is one point of a range (Ferris
// and Tin-Loi 2001; docs/limit-analysis.md). Each run is a child `moreau run` in its folder
// <out>/seed-<n>, several at once (run_executor.hpp); a folder whose run ended is not run
// again, so an interrupted ensemble resumes where it stopped, and one with more runs adds to
// it. The runs go to <out>/ensemble.csv, their distribution to ensemble.json, and through
// matplotlib to ensemble.png.
#include "command.hpp"
#include "imperfections.hpp"
#include "interruption.hpp"
#include "limit_analyses.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/core/output_file.hpp"
#include "moreau/io/problem_file.hpp"
#include "moreau/limit/analyses.hpp"
#include "moreau/output/csv_field.hpp"
#include "moreau/output/limit_files.hpp"
#include "moreau/output/run_response.hpp"
#include "moreau/run/checkpoint.hpp"
#include "options.hpp"
#include "plot_script.hpp"
#include "progress.hpp"
#include "run_executor.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>

namespace moreau::cli {
namespace {

namespace fs = std::filesystem;

// What one copy gave: its collapse, if any, in summary.json's words.
struct EnsembleRun {
  std::uint64_t seed = 0;
  std::optional<double> load_factor;  ///< at the collapse; none when the copy stood
  double collapse_time = 0.0;         ///< s
  /// The load factor at its first motion (summary.json's first_motion); none where it had none
  std::optional<double> first_motion;
  /// The load factor at the onset of its collapse (summary.json's onset: the last step at which
  /// it stood); none without a collapse, or where it never stood
  std::optional<double> onset;
  /// The mechanism's kind: its counts of parts, blocks, hinges and sliding joints, which
  /// copies share where their descriptions differ by the blocks named and the edges' ends
  /// ("no mechanism found" when the collapse step moved none).
  std::string kind;
  std::string mechanism;  ///< the mechanism's description; empty when none
  long not_converged = 0;
};

std::string plural(std::size_t count, const char* noun) {
  return core::concat(count, ' ', noun, count == 1 ? "" : "s");
}

std::string mechanism_kind(const nlohmann::json& mechanism) {
  if (mechanism.is_null()) return "no mechanism found";
  std::size_t blocks = 0;
  for (const nlohmann::json& part : mechanism.at("parts")) blocks += part.at("bodies").size();
  const std::size_t sliding = mechanism.at("sliding").size();
  return core::concat(plural(mechanism.at("parts").size(), "part"), " of ", plural(blocks, "block"),
                      ", ", plural(mechanism.at("hinges").size(), "hinge"), ", ",
                      sliding == 0 ? "no" : core::concat(sliding), " sliding joint",
                      sliding == 1 ? "" : "s");
}

struct Ensemble {
  fs::path file;
  fs::path out;
  run::Problem problem;
  run::Imperfections imperfections;  ///< the first run's seed; run k has seed + k
  int runs = 0;
  std::optional<double> duration;
  int threads_per_run = 1;
};

fs::path run_folder(const Ensemble& ensemble, std::uint64_t seed) {
  return ensemble.out / core::concat("seed-", seed);
}

// What an ensemble's folder was made for: the problem file's bytes, the duration and the
// imperfections' settings (not the seeds: more runs add seeds). Another would mix two
// distributions in one.
void check_same_ensemble(const Ensemble& ensemble) {
  run::Imperfections settings = ensemble.imperfections;
  settings.seed = 0;
  const nlohmann::json study = {{"problem", ensemble.problem.path.string()},
                                {"problem_hash", run::problem_file_hash(ensemble.problem.path)},
                                {"duration", ensemble.problem.duration},
                                {"imperfections", imperfections_text(settings)}};
  const fs::path path = ensemble.out / "ensemble-study.json";
  if (std::ifstream in(path); in) {
    nlohmann::json found;
    try {
      found = nlohmann::json::parse(in);
    } catch (const nlohmann::json::exception&) {
      found = nullptr;
    }
    if (found == study) return;
    throw core::Diagnostic({ensemble.out.string()}, "--out",
                           "a new folder, or one of an ensemble of the same problem file, "
                           "unchanged, the same duration and imperfections (this one holds "
                           "another)",
                           ensemble.out.string());
  }
  fs::create_directories(ensemble.out);
  core::write_output_file(path, [&](std::ostream& stream) { stream << study.dump(2) << '\n'; });
}

std::vector<std::string> run_arguments(const Ensemble& ensemble, std::uint64_t seed) {
  run::Imperfections imperfections = ensemble.imperfections;
  imperfections.seed = seed;
  std::vector<std::string> arguments = {"run",
                                        ensemble.file.string(),
                                        "--imperfections",
                                        imperfections_text(imperfections),
                                        "--out",
                                        run_folder(ensemble, seed).string(),
                                        "--overwrite",
                                        "--quiet",
                                        "--threads",
                                        core::concat(ensemble.threads_per_run)};
  if (ensemble.duration)
    arguments.insert(arguments.end(), {"--duration", shortest_text(*ensemble.duration)});
  return arguments;
}

// Runs the seeds whose folders hold no finished run.
int run_copies(const Ensemble& ensemble, RunExecutor& executor, const InterruptionGuard& guard,
               bool quiet) {
  std::vector<BatchRun> runs;
  for (int k = 0; k < ensemble.runs; ++k) {
    const std::uint64_t seed = ensemble.imperfections.seed + static_cast<std::uint64_t>(k);
    if (output::run_finished(run_folder(ensemble, seed))) continue;
    runs.push_back({run_arguments(ensemble, seed), run_folder(ensemble, seed).string() + ".log",
                    core::concat("seed ", seed)});
  }
  Progress progress(quiet);
  int running = 0;
  std::size_t done = 0;
  const auto show = [&] {
    progress.show(core::concat(done, " of ", runs.size(), " runs done, ", running, " running"));
  };
  const int outcome = run_batch("ensemble", runs, executor, guard,
                                {[&] {
                                   ++running;
                                   show();
                                 },
                                 [&](std::size_t, double, bool) {
                                   --running;
                                   ++done;
                                   show();
                                 }});
  progress.clear();
  return outcome;
}

EnsembleRun read_run(const Ensemble& ensemble, std::uint64_t seed) {
  const fs::path path = run_folder(ensemble, seed) / "summary.json";
  std::ifstream in(path);
  try {
    const nlohmann::json summary = nlohmann::json::parse(in);
    EnsembleRun run;
    run.seed = seed;
    run.not_converged = summary.at("counts").at("not_converged").get<long>();
    // An earlier moreau's summary may lack it.
    if (const nlohmann::json moved = summary.value("first_motion", nlohmann::json());
        !moved.is_null())
      run.first_motion = moved.at("load_factor").get<double>();
    const nlohmann::json& collapse = summary.at("collapse");
    if (collapse.is_null()) return run;
    run.load_factor = collapse.at("load_factor").get<double>();
    if (const nlohmann::json onset = summary.value("onset", nlohmann::json()); !onset.is_null())
      run.onset = onset.at("load_factor").get<double>();
    run.collapse_time = collapse.at("time").get<double>();
    const nlohmann::json& mechanism = collapse.at("mechanism");
    run.kind = mechanism_kind(mechanism);
    if (!mechanism.is_null()) run.mechanism = mechanism.at("description").get<std::string>();
    return run;
  } catch (const nlohmann::json::exception& error) {
    throw core::Diagnostic({path.string()}, "",
                           core::concat("not a run's summary: ", error.what()));
  }
}

// The p-quantile of sorted values, interpolated linearly between order statistics (Hyndman
// and Fan's definition 7, numpy's default).
double quantile(const std::vector<double>& sorted, double p) {
  const double position = p * static_cast<double>(sorted.size() - 1);
  const auto below = static_cast<std::size_t>(std::floor(position));
  const std::size_t above = std::min(below + 1, sorted.size() - 1);
  return sorted[below] + (position - static_cast<double>(below)) * (sorted[above] - sorted[below]);
}

// The least, the 5th percentile, the median, the 95th percentile and the largest of sorted
// values, at least one.
nlohmann::json spread(const std::vector<double>& sorted) {
  return {{"least", sorted.front()},
          {"percentile_5", quantile(sorted, 0.05)},
          {"median", quantile(sorted, 0.5)},
          {"percentile_95", quantile(sorted, 0.95)},
          {"largest", sorted.back()}};
}

// How many of the loads lie below, within and above the range.
std::array<long, 3> positions(const limit::CollapseRange& range, const std::vector<double>& loads) {
  const auto copies = [&](limit::RangePosition position) {
    return static_cast<long>(std::ranges::count_if(
        loads, [&](double load) { return limit::position_in(range, load) == position; }));
  };
  const long below = copies(limit::RangePosition::Below);
  const long above = copies(limit::RangePosition::Above);
  return {below, static_cast<long>(loads.size()) - below - above, above};
}

void write_runs(const Ensemble& ensemble, const std::vector<EnsembleRun>& runs) {
  core::write_output_file(ensemble.out / "ensemble.csv", [&](std::ostream& out) {
    const std::string name = run::load_factor_name(ensemble.problem);
    out << std::setprecision(17) << "seed,collapsed," << name
        << ",collapse_time,not_converged,mechanism_kind,mechanism,first_motion_" << name
        << ",onset_" << name << '\n';
    for (const EnsembleRun& run : runs) {
      out << run.seed << ',' << (run.load_factor ? 1 : 0) << ',';
      if (run.load_factor)
        out << *run.load_factor << ',' << run.collapse_time;
      else
        out << ',';
      out << ',' << run.not_converged << ',' << output::csv_field(run.kind) << ','
          << output::csv_field(run.mechanism) << ',';
      if (run.first_motion) out << *run.first_motion;
      out << ',';
      if (run.onset) out << *run.onset;
      out << '\n';
    }
  });
}

// ensemble.json: how many copies collapsed, the distribution of their collapse loads, and the
// kinds of mechanism found, the most frequent first, each with its copies' seeds and the first
// one's description. A copy whose criterion fired before its load started is no collapse of
// the structure under that load: its blocks settled into the gaps its imperfections left by
// more than stop.collapse allows. It is counted apart (collapsed_before_load) and left out of
// the distribution, and so is its first motion. The first motions are those of every other
// copy that had one, whether it collapsed or not (summary.json's first_motion, measured from
// where the copy first stood); the onsets those of the copies that collapsed and had stood.
nlohmann::json distribution(const Ensemble& ensemble, const std::vector<EnsembleRun>& runs,
                            const std::optional<limit::CollapseRange>& range) {
  std::vector<double> loads;
  std::vector<double> first_motions;
  std::vector<double> onsets;
  std::map<std::string, std::vector<const EnsembleRun*>> kinds;
  long unconverged = 0;
  long before_load = 0;
  // 0 for a ground motion's record, which GravityLoad does not hold: no copy is left out.
  const double start = ensemble.problem.gravity.load_start();
  for (const EnsembleRun& run : runs) {
    if (run.not_converged > 0) ++unconverged;
    if (run.load_factor && start > 0.0 && run.collapse_time <= start) {
      ++before_load;
      continue;
    }
    if (run.load_factor) {
      loads.push_back(*run.load_factor);
      kinds[run.kind].push_back(&run);
      if (run.onset) onsets.push_back(*run.onset);
    }
    if (run.first_motion) first_motions.push_back(*run.first_motion);
  }
  std::ranges::sort(loads);
  std::ranges::sort(first_motions);
  std::ranges::sort(onsets);
  std::vector<std::pair<std::string, std::vector<const EnsembleRun*>>> found(kinds.begin(),
                                                                             kinds.end());
  std::ranges::stable_sort(
      found, [](const auto& a, const auto& b) { return a.second.size() > b.second.size(); });
  nlohmann::json listed = nlohmann::json::array();
  for (const auto& [kind, copies] : found) {
    nlohmann::json seeds = nlohmann::json::array();
    for (const EnsembleRun* copy : copies) seeds.push_back(copy->seed);
    listed.push_back({{"kind", kind},
                      {"runs", copies.size()},
                      {"seeds", seeds},
                      {"example", copies.front()->mechanism}});
  }
  nlohmann::json json = {{"problem", ensemble.problem.path.string()},
                         {"imperfections", imperfections_text(ensemble.imperfections)},
                         {"runs", runs.size()},
                         {"collapsed", loads.size()},
                         {"collapsed_before_load", before_load},
                         {"runs_not_converged", unconverged},
                         {"load_factor_name", run::load_factor_name(ensemble.problem)},
                         {"moved", first_motions.size()},
                         {"stood_before_collapse", onsets.size()},
                         {"mechanisms", listed}};
  if (!loads.empty()) json["load_factor"] = spread(loads);
  if (!first_motions.empty()) json["first_motion"] = spread(first_motions);
  if (!onsets.empty()) json["onset"] = spread(onsets);
  if (range) {
    const auto [below, within, above] = positions(*range, loads);
    const auto [moved_below, moved_within, moved_above] = positions(*range, first_motions);
    const auto [onsets_below, onsets_within, onsets_above] = positions(*range, onsets);
    json["limit"] = {{"lower", range->lower},
                     {"upper", range->upper},
                     {"lower_proven", range->proven},
                     {"lower_with_brittle_bonds", range->brittle_bonds},
                     {"copies_below", below},
                     {"copies_within", within},
                     {"copies_above", above},
                     {"first_motions_below", moved_below},
                     {"first_motions_within", moved_within},
                     {"first_motions_above", moved_above},
                     {"onsets_below", onsets_below},
                     {"onsets_within", onsets_within},
                     {"onsets_above", onsets_above}};
  }
  return json;
}

// ", <load factor name> from <least> to <largest>: 5th percentile ..., median ..., 95th
// percentile ..." of the spread under `key`, where the ensemble has one.
void print_spread(const nlohmann::json& json, const char* key) {
  if (!json.contains(key)) return;
  const nlohmann::json& load = json[key];
  std::cout << ", " << json["load_factor_name"].get<std::string>() << " from "
            << load["least"].get<double>() << " to " << load["largest"].get<double>()
            << ": 5th percentile " << load["percentile_5"].get<double>() << ", median "
            << load["median"].get<double>() << ", 95th percentile "
            << load["percentile_95"].get<double>();
}

void print_distribution(const nlohmann::json& json) {
  std::cout << std::setprecision(5) << "  collapsed: " << json["collapsed"] << " of "
            << json["runs"] << " copies";
  print_spread(json, "load_factor");
  std::cout << "\n  first motion: " << json["moved"] << " of " << json["runs"] << " copies";
  print_spread(json, "first_motion");
  std::cout << "\n  onset of the collapse (the last step it stood): "
            << json["stood_before_collapse"] << " of " << json["collapsed"] << " collapsed copies";
  print_spread(json, "onset");
  std::cout << '\n';
  if (const long before_load = json["collapsed_before_load"].get<long>(); before_load > 0)
    std::cout << "  WARNING: " << before_load
              << " copies fired the collapse criterion before their load started, left out "
                 "above: their blocks settled into the gaps of their imperfections by more "
                 "than stop.collapse allows (raise it, or lower block_size and placement)\n";
  for (const nlohmann::json& mechanism : json["mechanisms"])
    std::cout << "  " << mechanism["runs"] << " x " << mechanism["kind"].get<std::string>()
              << ", e.g. seed " << mechanism["seeds"][0] << ": "
              << mechanism["example"].get<std::string>() << '\n';
  if (json.contains("limit")) {
    const nlohmann::json& limit = json["limit"];
    std::cout << "  of the copies that collapsed, " << limit["copies_below"] << " below the lower "
              << "end of limit analysis, " << limit["copies_within"] << " within its range, "
              << limit["copies_above"] << " above its upper end; of the copies' first motions, "
              << limit["first_motions_below"] << " below, " << limit["first_motions_within"]
              << " within, " << limit["first_motions_above"] << " above; of their onsets, "
              << limit["onsets_below"] << " below, " << limit["onsets_within"] << " within, "
              << limit["onsets_above"] << " above\n";
  }
  if (json["runs_not_converged"].get<long>() > 0)
    std::cout << "  " << json["runs_not_converged"] << " copies had steps whose solve did not "
              << "converge (ensemble.csv, not_converged)\n";
}

// ensemble.png, the histogram of the collapse loads, drawn by the script the build puts beside
// the executable. A machine without matplotlib still has the numbers: the ensemble does not
// fail.
bool draw_histogram(const Ensemble& ensemble, const std::optional<limit::CollapseRange>& range) {
  std::vector<std::string> arguments = {
      (ensemble.out / "ensemble.csv").string(), (ensemble.out / "ensemble.png").string(),
      run::load_factor_name(ensemble.problem), ensemble.problem.title};
  if (range)
    arguments.insert(arguments.end(), {shortest_text(range->lower), shortest_text(range->upper)});
  std::string failure;
  if (run_plot_script("plot_ensemble.py", arguments, ensemble.out / "ensemble-plot.log", failure))
    return true;
  std::cout << "ensemble.png not drawn: " << failure;
  return false;
}

int run_ensemble(const std::vector<std::string>& arguments) {
  const InterruptionGuard guard;
  po::options_description options("Options");
  options.add_options()("file", po::value<std::string>()->required(), "problem file (YAML)")(
      "runs", po::value<int>()->required(), "copies of the structure to run (1 to 100000)")(
      "imperfections", po::value<std::string>()->required(),
      "what each copy draws, as moreau run --imperfections takes it, e.g. "
      "block_size=0.002,placement=0.001,friction=0.1,rate=0.1; its seed (default 0) is the "
      "first copy's, the next copies take the next seeds")(
      "out", po::value<std::string>(),
      "folder of the ensemble (default: <file stem>-ensemble); an ensemble in it resumes")(
      "duration", po::value<double>(), "override the file's duration, s")(
      "jobs", po::value<int>(),
      "runs at once (default: the machine's cores; with --scheduler, the cluster's worker "
      "threads)")("scheduler", po::value<std::string>(),
                  "run on the workers of the Dask cluster whose scheduler is at this address "
                  "(tcp://HOST:8786) instead of here; every path must be the same on the workers")(
      "limit",
      "also the limit analysis of the perfect structure where it stands at t = 0, as moreau "
      "limit gives it: limit.json in the ensemble's folder, its range of collapse loads drawn on "
      "ensemble.png, and how many copies collapsed below, within and above it")(
      "quiet", "no progress on the terminal");
  po::positional_options_description positional;
  positional.add("file", 1);
  const auto values = parse_command(
      arguments,
      "Usage: moreau ensemble FILE --runs N --imperfections SETTINGS [options]\nRuns copies of "
      "a problem's structure with imperfections (block sizes and placement, friction, loading "
      "rate), each drawn from its own seed, and gives the spread of their collapse loads and "
      "mechanisms.",
      options, positional);
  if (!values) return kSuccess;

  Ensemble ensemble;
  ensemble.file = (*values)["file"].as<std::string>();
  ensemble.problem = io::read_problem_file(ensemble.file, {});
  print_warnings(ensemble.problem);
  override_duration(*values, ensemble.problem);
  if (values->count("duration")) ensemble.duration = ensemble.problem.duration;
  require_collapse_criterion(ensemble.problem, "ensemble");
  ensemble.runs = (*values)["runs"].as<int>();
  if (ensemble.runs < 1 || ensemble.runs > 100000)
    throw core::Diagnostic({}, "--runs", "1 to 100000", core::concat(ensemble.runs));
  ensemble.imperfections = read_imperfections((*values)["imperfections"].as<std::string>());
  run::validate(ensemble.imperfections, ensemble.problem, "--imperfections");
  ensemble.out = values->count("out") ? fs::path((*values)["out"].as<std::string>())
                                      : fs::path(ensemble.file.stem().string() + "-ensemble");
  if (values->count("scheduler")) {  // the workers' working folders are not this one
    ensemble.file = fs::absolute(ensemble.file);
    ensemble.out = fs::absolute(ensemble.out);
  }
  const StudyExecution execution = study_execution(*values);
  ensemble.threads_per_run = execution.threads_per_run;
  check_same_ensemble(ensemble);

  std::cout << "moreau ensemble: " << ensemble.problem.title << ", " << ensemble.runs
            << " copies with imperfections " << imperfections_text(ensemble.imperfections)
            << std::endl;
  std::optional<limit::CollapseRange> range;
  if (values->count("limit")) {
    Progress progress(values->count("quiet") > 0);
    const limit::LimitAnalyses limits =
        analyse_limits(ensemble.problem, limit::LimitSettings{}, progress);
    output::write_limit_files(ensemble.out, ensemble.problem, limits);
    range = limit::collapse_range(limits);
    std::cout << "  limit analysis of the perfect structure (limit.json): "
              << (range ? collapse_range_text(limits.pattern, *range)
                        : std::string("no range of collapse loads"))
              << std::endl;
  }
  const int code =
      run_copies(ensemble, *execution.executor(ensemble.out), guard, values->count("quiet") > 0);
  if (code == kInterrupted) std::cout << "interrupted: the same command resumes the ensemble\n";
  if (code != kSuccess) return code;
  std::vector<EnsembleRun> runs;
  runs.reserve(static_cast<std::size_t>(ensemble.runs));
  for (int k = 0; k < ensemble.runs; ++k)
    runs.push_back(read_run(ensemble, ensemble.imperfections.seed + static_cast<std::uint64_t>(k)));
  write_runs(ensemble, runs);
  const nlohmann::json json = distribution(ensemble, runs, range);
  core::write_output_file(ensemble.out / "ensemble.json",
                          [&](std::ostream& out) { out << json.dump(2) << '\n'; });
  print_distribution(json);
  const bool drawn = draw_histogram(ensemble, range);
  std::cout << "results in " << ensemble.out.string() << ": ensemble.csv, ensemble.json, "
            << (drawn ? "ensemble.png, " : "") << "and each copy's run in seed-<n>\n";
  return json["runs_not_converged"].get<long>() == 0 ? kSuccess : kNotConverged;
}

}  // namespace

extern const Command kEnsembleCommand{
    "ensemble", "copies of a structure with imperfections: the spread of their collapse loads",
    run_ensemble};

}  // namespace moreau::cli
