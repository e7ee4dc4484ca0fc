// Command-line parsing shared by the commands: strict (unknown options are errors), with
// `--help` printing the command's usage, and solver options given as `--option key=value`.
#pragma once

#include "moreau/ground_motion/acceleration_record.hpp"
#include "moreau/run/problem.hpp"
#include "moreau/solvers/parameters.hpp"
#include "moreau/solvers/solver.hpp"

#include <boost/program_options.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace moreau::cli {

namespace po = boost::program_options;

/// Parses a command's arguments against its options and positional names. Returns nothing
/// when --help was given (the usage has been printed to stdout).
/// @throws po::error for an unknown option or a malformed value
std::optional<po::variables_map> parse_command(
    const std::vector<std::string>& arguments, const std::string& usage,
    po::options_description options, const po::positional_options_description& positional);

/// Adds --tol, --max-iter, --time-limit (default_time_limit seconds, 0: none), --option and
/// --threads (default 1) to a command's options.
void add_solver_options(po::options_description& options, double default_time_limit);

/// --threads (given, or defaulted by the command), checked: 1 to run::kMaxThreads.
/// @throws core::Diagnostic naming --threads otherwise
int read_threads(const po::variables_map& values);

/// The stop criteria from --tol, --max-iter and --time-limit, checked for range.
/// @throws core::Diagnostic naming the option for a value out of range
solvers::StopCriteria read_stop_criteria(const po::variables_map& values);

/// The --option key=value pairs.
/// @throws core::Diagnostic for an option without '='
solvers::SolverParameters read_solver_parameters(const po::variables_map& values);

/// solvers::check_solver_options on a method named at --`option` (solver, solvers) with the
/// --option values.
/// @throws core::Diagnostic at --`option` for an unknown name, at --option for a bad value
void check_solver_choice(const std::string& name, const solvers::SolverParameters& parameters,
                         const std::string& option);

/// Replaces the problem's duration by --duration, when given, checked as the problem file's
/// time.duration is: finite, at least one step, at most run::kMaxStepCount steps.
/// @throws core::Diagnostic naming --duration for a value out of range
void override_duration(const po::variables_map& values, run::Problem& problem);

/// --integration, how the penalty mode integrates (time.integration), when given.
/// @throws core::Diagnostic naming --integration for a value other than explicit or implicit
std::optional<run::PenaltyIntegration> read_integration(const po::variables_map& values);

/// --mode, overriding the file's mode, when given.
/// @throws core::Diagnostic naming --mode for a value other than nscd or penalty
std::optional<run::Mode> read_mode(const po::variables_map& values);

/// The factors of a comma-separated list such as "0.25,0.5,1", each in (0, largest].
/// @throws core::Diagnostic naming `option`, with `expected` as the list expected, for an
///         item that is not such a number
std::vector<double> read_factors(const std::string& text, std::string_view option, double largest,
                                 std::string_view expected);

/// The acceleration unit the option `name` gives (g, m/s^2 or cm/s^2), if it is given.
/// @throws core::Diagnostic naming --name for another value
std::optional<ground_motion::AccelerationUnit> read_unit_option(const po::variables_map& values,
                                                                const std::string& name);

/// The shortest text that reads back as the same double (std::to_chars): what a study passes
/// to its child runs and names their folders after, so that a child parses the very value.
std::string shortest_text(double value);

/// For a study that tells a collapse by the problem's criterion (`moreau <command>`).
/// @throws core::Diagnostic naming stop.collapse when the problem has none
void require_collapse_criterion(const run::Problem& problem, std::string_view command);

/// Prints the problem's warnings (values outside their physical range) to stderr, one a line.
void print_warnings(const run::Problem& problem);

}  // namespace moreau::cli
