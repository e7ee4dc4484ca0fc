// `moreau limit FILE`: limit analysis of a problem's own scene under its lateral load
// (limit/limit_analysis.hpp): the range of its collapse loads, the associative multiplier (the
// upper end) and the non-associative minimum (the lower end), the load factors they are (a
// tilt, lambda, a PGA), and their mechanisms, as text or as one JSON object.
#include "command.hpp"
#include "limit_analyses.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/io/problem_file.hpp"
#include "options.hpp"
#include "progress.hpp"

#include <cmath>
#include <iostream>
#include <string>
#include <vector>

namespace moreau::cli {
namespace {

namespace po = boost::program_options;

int run_limit(const std::vector<std::string>& arguments) {
  const LimitSettings defaults;
  po::options_description options("Options");
  options.add_options()("file", po::value<std::string>()->required(), "problem file")(
      "facets", po::value<int>()->default_value(defaults.facets),
      "faces of the pyramids standing for 3D friction cones (>= 3): one inscribed in the "
      "cone, one circumscribed, which bracket its answer")(
      "iterations", po::value<int>()->default_value(defaults.iterations),
      "non-associative friction: linear programs of the fictitious-friction iteration from each "
      "of its two starts (>= 1)")(
      "time-limit", po::value<double>()->default_value(defaults.seconds),
      "non-associative friction: seconds Cbc may spend proving the least collapse load, per "
      "direction and cone (0: the iteration alone)")("json", "print the result as one JSON object")(
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
  const int facets = (*values)["facets"].as<int>();
  if (facets < 3)
    throw core::Diagnostic({"--facets"}, "facets", "an integer >= 3", core::concat(facets));
  const int iterations = (*values)["iterations"].as<int>();
  if (iterations < 1)
    throw core::Diagnostic({"--iterations"}, "iterations", "an integer >= 1",
                           core::concat(iterations));
  const double seconds = (*values)["time-limit"].as<double>();
  if (!(seconds >= 0.0) || std::isinf(seconds))  // NaN refused too
    throw core::Diagnostic({"--time-limit"}, "time-limit", "a finite number of seconds >= 0",
                           core::concat(seconds));

  const run::Problem problem = io::read_problem_file((*values)["file"].as<std::string>());
  Progress progress(values->count("quiet") > 0);
  const LimitAnalyses limits =
      analyse_limits(problem,
                     {facets, iterations, seconds, !(*values)["time-limit"].defaulted(),
                      !(*values)["iterations"].defaulted()},
                     progress);
  if (values->count("json")) {
    std::cout << limit_json(problem, limits).dump(2) << '\n';
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
