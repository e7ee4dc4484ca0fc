// `moreau limit FILE`: limit analysis of a problem's own scene under its lateral load
// (limit/limit_analysis.hpp): the range of its collapse loads, the associative multiplier (the
// upper end) and the non-associative minimum (the lower end), the load factors they are (a
// tilt, lambda, a PGA), and their mechanisms, as text or as one JSON object.
#include "command.hpp"
#include "limit_analyses.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/io/problem_file.hpp"
#include "moreau/output/limit_files.hpp"
#include "moreau/output/run_folder.hpp"
#include "options.hpp"
#include "progress.hpp"

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

namespace moreau::cli {
namespace {

namespace po = boost::program_options;

// The settings, checked by the library (limit::check) where each is named by its option.
limit::LimitSettings read_settings(const po::variables_map& values) {
  const limit::LimitSettings settings{
      values["facets"].as<int>(), values["iterations"].as<int>(), values["time-limit"].as<double>(),
      !values["time-limit"].defaulted(), !values["iterations"].defaulted()};
  try {
    limit::check(settings);
  } catch (const core::Diagnostic& bad) {
    std::string option = bad.key();  // "time_limit": --time-limit
    std::replace(option.begin(), option.end(), '_', '-');
    throw core::Diagnostic({"--" + option}, option, bad.message());
  }
  return settings;
}

int run_limit(const std::vector<std::string>& arguments) {
  const limit::LimitSettings defaults;
  po::options_description options("Options");
  options.add_options()("file", po::value<std::string>()->required(), "problem file")(
      "facets", po::value<int>()->default_value(defaults.facets),
      "faces of the pyramids standing for 3D friction cones (>= 3): one inscribed in the "
      "cone, one circumscribed, which bracket its answer")(
      "iterations", po::value<int>()->default_value(defaults.iterations),
      "non-associative friction: linear programs of the fictitious-friction iteration from each "
      "of its three starts (>= 1)")(
      "time-limit", po::value<double>()->default_value(defaults.seconds),
      "non-associative friction: seconds Cbc may spend proving the least collapse load, per "
      "direction and cone (0: the iteration alone)")("json", "print the result as one JSON object")(
      "out", po::value<std::string>(),
      "also write the answers into this folder: limit.json, and per end of each analysis its "
      "forces and mechanism as CSV and ParaView files")(
      "overwrite", "replace the limit analysis an --out folder holds")(
      "quiet", "no progress on the terminal");
  po::positional_options_description positional;
  positional.add("file", 1);
  const auto values = parse_command(
      arguments,
      "Usage: moreau limit FILE [options]\nLimit analysis of the problem's structure under its "
      "lateral load (tilt, loads.lateral or a ground motion's equivalent static load): the range "
      "of its collapse loads, from the least at which friction allows a mechanism "
      "(non-associative) to the associative collapse load.",
      options, positional);
  if (!values) return kSuccess;
  const limit::LimitSettings settings = read_settings(*values);
  const run::Problem problem = io::read_problem_file((*values)["file"].as<std::string>());
  std::optional<output::FolderClaim> claim;
  if (values->count("out"))
    claim.emplace(output::claim_limit_folder((*values)["out"].as<std::string>(),
                                             values->count("overwrite") > 0,
                                             {"--out", "--overwrite"}));
  Progress progress(values->count("quiet") > 0);
  const limit::LimitAnalyses limits = analyse_limits(problem, settings, progress);
  if (claim) output::write_limit_files(claim->folder(), problem, limits);
  if (values->count("json")) {
    std::cout << output::limit_json(problem, limits).dump(2) << '\n';
    return kSuccess;
  }
  std::cout << "moreau limit: " << problem.title << '\n';
  print_limits(problem, limits);
  return kSuccess;
}

}  // namespace

extern const Command kLimitCommand{
    "limit", "limit analysis: the collapse load of a problem's structure under its lateral load",
    run_limit};

}  // namespace moreau::cli
