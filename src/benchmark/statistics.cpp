#include "moreau/benchmark/statistics.hpp"

#include "moreau/solvers/registry.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <utility>

namespace moreau::benchmark {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

bool is_siconos(const std::string& solver) { return solver.starts_with("siconos-"); }

// Whether `solver` is the reference `theirs` or one of the group it names.
bool is_reference(const std::string& solver, const std::string& theirs) {
  if (theirs == "best-siconos") return is_siconos(solver);
  if (theirs == "best-siconos-gfc3d") return solver.starts_with("siconos-gfc3d-");
  return solver == theirs;
}

// Converged time of each solver on each problem: problem -> solver -> seconds.
std::map<std::string, std::map<std::string, double>> converged_times(
    const std::vector<BenchRun>& runs) {
  std::map<std::string, std::map<std::string, double>> times;
  for (const BenchRun& run : runs)
    times[run.problem][run.solver] = run.converged ? run.seconds : kInfinity;
  return times;
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t middle = values.size() / 2;
  return values.size() % 2 == 1 ? values[middle] : 0.5 * (values[middle - 1] + values[middle]);
}

}  // namespace

std::vector<ProfileRow> performance_profile(const std::vector<BenchRun>& runs,
                                            const std::vector<double>& taus) {
  std::vector<ProfileRow> rows;
  for (const BenchRun& run : runs)
    if (std::none_of(rows.begin(), rows.end(),
                     [&](const ProfileRow& row) { return row.solver == run.solver; }))
      rows.push_back({run.solver, 0, std::vector<double>(taus.size(), 0.0)});

  const auto times = converged_times(runs);
  for (const auto& [problem, by_solver] : times) {
    double best = kInfinity;
    for (const auto& [solver, seconds] : by_solver) best = std::min(best, seconds);
    for (ProfileRow& row : rows) {
      const auto found = by_solver.find(row.solver);
      if (found == by_solver.end() || found->second == kInfinity) continue;
      ++row.solved;
      for (std::size_t k = 0; k < taus.size(); ++k)
        if (found->second <= taus[k] * best) row.fraction_within[k] += 1.0;
    }
  }
  for (ProfileRow& row : rows)
    for (double& fraction : row.fraction_within) fraction /= static_cast<double>(times.size());
  return rows;
}

RatioSummary median_time_ratio(const std::vector<BenchRun>& runs, const std::string& ours,
                               const std::string& theirs) {
  std::vector<double> ratios;
  for (const auto& [problem, by_solver] : converged_times(runs)) {
    const auto mine = by_solver.find(ours);
    if (mine == by_solver.end() || mine->second == kInfinity) continue;
    double reference = kInfinity;
    for (const auto& [solver, seconds] : by_solver)
      if (is_reference(solver, theirs)) reference = std::min(reference, seconds);
    if (reference < kInfinity) ratios.push_back(mine->second / reference);
  }
  return {ours, theirs, static_cast<int>(ratios.size()), ratios.empty() ? 0.0 : median(ratios)};
}

std::vector<RatioSummary> siconos_time_ratios(const std::vector<BenchRun>& runs) {
  // best-siconos: the fastest converged Siconos solver of either form on each problem; on a
  // global problem its local solvers are timed without the condensation, Siconos' global
  // ones (best-siconos-gfc3d) with it. velocity-newton, which never forms W, is compared
  // with the global ones only: against untimed condensations the ratio would mean nothing.
  const std::vector<std::pair<std::string, std::string>> pairs = {
      {"nsgs", "siconos-nsgs"},
      {"newton-ac", "siconos-nsn-ac"},
      {"newton-fb", "siconos-nsn-fb"},
      {std::string(solvers::default_solver_name()), "best-siconos"},
      {"velocity-newton", "best-siconos-gfc3d"}};
  std::vector<RatioSummary> ratios;
  ratios.reserve(pairs.size());
  for (const auto& [ours, theirs] : pairs) ratios.push_back(median_time_ratio(runs, ours, theirs));
  return ratios;
}

}  // namespace moreau::benchmark
