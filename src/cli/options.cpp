#include "options.hpp"

#include "moreau/core/closest_match.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/solvers/registry.hpp"
#include "moreau/solvers/solver.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>

namespace moreau::cli {

using core::concat;
using core::Diagnostic;

std::optional<po::variables_map> parse_command(
    const std::vector<std::string>& arguments, const std::string& usage,
    po::options_description options, const po::positional_options_description& positional) {
  options.add_options()("help,h", "print this help");
  po::variables_map values;
  try {
    po::store(po::command_line_parser(arguments).options(options).positional(positional).run(),
              values);
  } catch (const po::unknown_option& error) {
    std::vector<std::string> names;
    for (const auto& option : options.options()) names.push_back("--" + option->long_name());
    const std::optional<std::string> nearest = core::closest_match(error.get_option_name(), names);
    if (!nearest) throw;
    throw po::error(concat(error.what(), " (did you mean '", *nearest, "'?)"));
  }
  if (values.count("help")) {
    std::cout << usage << "\n\n" << options << '\n';
    return std::nullopt;
  }
  po::notify(values);
  return values;
}

void add_solver_options(po::options_description& options, double default_time_limit) {
  const solvers::StopCriteria defaults;
  options.add_options()("tol", po::value<double>()->default_value(defaults.tolerance),
                        "tolerance on the natural-map error, or on the criterion a solver option "
                        "names (dimensionless, > 0)")(
      "max-iter", po::value<int>()->default_value(defaults.max_iterations),
      "iteration limit (sweeps or Newton steps, >= 1)")(
      "time-limit", po::value<double>()->default_value(default_time_limit),
      "wall-time limit per solve in seconds (0: none)")(
      "option", po::value<std::vector<std::string>>()->composing(),
      "solver option KEY=VALUE, repeatable (e.g. --option relaxation=1.2)")(
      "threads", po::value<int>()->default_value(1),
      "threads for velocity-newton's loops over contacts (default 1, as the peers run); the "
      "answers are the same for any number");
}

int read_threads(const po::variables_map& values) {
  const int threads = values["threads"].as<int>();
  try {
    run::check_thread_count(threads);
  } catch (const Diagnostic& error) {
    throw Diagnostic({"--threads"}, error.key(), error.message());
  }
  return threads;
}

namespace {

// The value of the option `name`, when given, as `named` reads its word (run::mode_named,
// run::integration_named); a word it does not know is refused naming the option.
template <class Named>
auto read_word(const po::variables_map& values, const std::string& name, Named named,
               const char* words) -> decltype(named(std::string_view())) {
  if (!values.count(name)) return std::nullopt;
  const std::string word = values[name].as<std::string>();
  const auto value = named(word);
  if (!value) throw Diagnostic({}, "--" + name, words, word);
  return value;
}

}  // namespace

std::optional<run::PenaltyIntegration> read_integration(const po::variables_map& values) {
  return read_word(values, "integration", run::integration_named, "explicit or implicit");
}

std::optional<run::Mode> read_mode(const po::variables_map& values) {
  return read_word(values, "mode", run::mode_named, "nscd or penalty");
}

solvers::StopCriteria read_stop_criteria(const po::variables_map& values) {
  solvers::StopCriteria stop;
  stop.tolerance = values["tol"].as<double>();
  stop.max_iterations = values["max-iter"].as<int>();
  stop.time_limit = values["time-limit"].as<double>();
  try {
    solvers::check_requested(stop);
  } catch (const Diagnostic& error) {
    const std::string option = error.key() == "tolerance"        ? "tol"
                               : error.key() == "max_iterations" ? "max-iter"
                                                                 : "time-limit";
    throw Diagnostic({"--" + option}, option, error.message());
  }
  return stop;
}

solvers::SolverParameters read_solver_parameters(const po::variables_map& values) {
  solvers::SolverParameters parameters;
  if (!values.count("option")) return parameters;
  for (const std::string& text : values["option"].as<std::vector<std::string>>()) {
    const auto equals = text.find('=');
    if (equals == std::string::npos || equals == 0)
      throw Diagnostic({"--option"}, "option", "KEY=VALUE", text);
    parameters[text.substr(0, equals)] = text.substr(equals + 1);
  }
  return parameters;
}

void check_solver_choice(const std::string& name, const solvers::SolverParameters& parameters,
                         const std::string& option) {
  try {
    solvers::check_solver_options(name, parameters);
  } catch (const Diagnostic& error) {
    throw Diagnostic({error.key() == "solver" ? "--" + option : "--option"}, error.key(),
                     error.message());
  }
}

std::vector<double> read_factors(const std::string& text, std::string_view option, double largest,
                                 std::string_view expected) {
  std::vector<double> factors;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');) {
    double factor = 0.0;
    const auto [end, error] = std::from_chars(item.data(), item.data() + item.size(), factor);
    // N.B. the negated comparison refuses NaN too.
    if (error != std::errc() || end != item.data() + item.size() ||
        !(factor > 0.0 && factor <= largest))
      throw core::Diagnostic({}, option, expected, text);
    factors.push_back(factor);
  }
  return factors;
}

void override_duration(const po::variables_map& values, run::Problem& problem) {
  if (values.count("duration"))
    run::set_duration(problem, values["duration"].as<double>(), "--duration");
}

std::optional<ground_motion::AccelerationUnit> read_unit_option(const po::variables_map& values,
                                                                const std::string& name) {
  if (!values.count(name)) return std::nullopt;
  const std::string given = values[name].as<std::string>();
  if (const auto unit = ground_motion::acceleration_unit(given)) return unit;
  throw core::Diagnostic({}, "--" + name, core::join(ground_motion::acceleration_unit_names()),
                         given);
}

std::string shortest_text(double value) {
  std::array<char, 32> buffer{};
  const auto end = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value).ptr;
  return {buffer.data(), end};
}

void require_collapse_criterion(const run::Problem& problem, std::string_view command) {
  const dynamics::CollapseCriteria& collapse = problem.collapse;
  if (std::isinf(collapse.max_displacement) && std::isinf(collapse.max_rotation) &&
      std::isinf(collapse.kinetic_energy))
    throw core::Diagnostic({problem.path.string()}, "stop.collapse",
                           core::concat("a collapse criterion (max_displacement, max_rotation or "
                                        "kinetic_energy): moreau ",
                                        command, " tells a collapse by it"),
                           "none");
}

void print_warnings(const run::Problem& problem) {
  for (const run::InputWarning& warning : problem.warnings) std::cerr << warning.text() << '\n';
}

}  // namespace moreau::cli
