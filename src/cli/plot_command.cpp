// `moreau plot RUN_DIR`: a run's curves as PNG files in its folder, drawn by plot_run.py with
// matplotlib from summary.json, history.csv and solver.csv: the capacity curve (the load
// factor against the control body's displacement), the energies, the solver's iterations and
// errors, and the tracked bodies' displacements and rotations; under ground motion the
// control body's displacement and drift relative to the shaken support against time instead
// of the capacity curve; with the VTK frames, the collapse mechanism and the damage map drawn
// on the structure. A run that tracks no body of its structure gets the energies and the
// solver's plots, and a line that says why the others are missing. With a limit analysis
// (limit.json: moreau run --limit, or alone from moreau limit --out), each end's mechanism is
// drawn on the structure moved along it.
#include "command.hpp"
#include "moreau/core/closest_match.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "options.hpp"
#include "plot_script.hpp"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace moreau::cli {
namespace {

namespace fs = std::filesystem;

// The bodies history.csv tracks: the names of its "<body>.x" columns.
std::vector<std::string> tracked_in(const fs::path& history) {
  std::ifstream in(history);
  std::string header;
  std::getline(in, header);
  std::vector<std::string> bodies;
  std::istringstream columns(header);
  for (std::string column; std::getline(columns, column, ',');)
    if (column.size() > 2 && column.ends_with(".x"))
      bodies.push_back(column.substr(0, column.size() - 2));
  return bodies;
}

// The bodies history.csv tracks but the shaken support (summary.json's record.ground), which
// the others' responses are measured from.
std::vector<std::string> structure_bodies(std::vector<std::string> tracked,
                                          const nlohmann::json& summary) {
  if (summary["record"].is_object())
    std::erase(tracked, summary["record"].value("ground", std::string()));
  return tracked;
}

// The control body and why it is the one: --control, else the problem's output.control, else
// the body that fired the collapse, else the run's default control (the highest free body),
// else the first tracked body of the structure; it must be tracked in history.csv. None where
// history.csv tracks no body of the structure and no --control names one: the plots that need
// no body are still drawn.
struct Control {
  std::string body;
  std::string chosen_as;  // "--control", "output.control", ...
};

std::optional<Control> control_body(const po::variables_map& values, const nlohmann::json& summary,
                                    const std::vector<std::string>& tracked) {
  const nlohmann::json& named = summary.value("control", nlohmann::json());
  const bool file_names_it =
      named.is_string() && summary.value("control_from", std::string()) == "output.control";
  const auto is_tracked = [&](const std::string& body) {
    return std::find(tracked.begin(), tracked.end(), body) != tracked.end();
  };
  Control control;
  if (values.count("control"))
    control = {values["control"].as<std::string>(), "--control"};
  else if (tracked.empty())
    return std::nullopt;
  else if (file_names_it)
    control = {named.get<std::string>(), "output.control"};
  else if (summary["collapse"].is_object() &&
           is_tracked(summary["collapse"]["body"].get<std::string>()))
    control = {summary["collapse"]["body"].get<std::string>(), "the body that fired the collapse"};
  else if (named.is_string() && is_tracked(named.get<std::string>()))
    control = {named.get<std::string>(), "the highest free body"};
  else
    control = {tracked.front(), "the first tracked body"};
  if (!is_tracked(control.body))
    throw core::Diagnostic(
        {}, "--control",
        core::with_suggestion(core::concat("a body history.csv tracks: ", core::join(tracked)),
                              control.body, tracked),
        control.body);
  return control;
}

// The arguments of plot_run.py for a run's folder: the folder and its control body, if any,
// which it prints.
std::vector<std::string> run_plot_arguments(const po::variables_map& values,
                                            const fs::path& folder) {
  for (const char* file : {"summary.json", "history.csv", "solver.csv"})
    if (!fs::is_regular_file(folder / file))
      throw core::Diagnostic({(folder / file).string()}, "",
                             "a run's folder (moreau run writes summary.json, history.csv and "
                             "solver.csv) or a limit analysis's (moreau limit --out writes "
                             "limit.json)",
                             "no such file");
  nlohmann::json summary;
  try {
    summary = nlohmann::json::parse(std::ifstream(folder / "summary.json"));
  } catch (const nlohmann::json::exception& error) {
    throw core::Diagnostic({(folder / "summary.json").string()}, "", "a summary.json of moreau run",
                           error.what());
  }
  const std::optional<Control> control =
      control_body(values, summary, structure_bodies(tracked_in(folder / "history.csv"), summary));
  std::vector<std::string> script_arguments{folder.string()};
  if (control) {
    script_arguments.push_back(control->body);
    std::cout << "control body: " << control->body << " (" << control->chosen_as
              << "; another with --control)\n";
  } else
    std::cout << "no body of the structure is tracked in " << (folder / "history.csv").string()
              << ": no capacity curve, response or bodies plot (track bodies with "
                 "output.control, output.bodies or moreau run --track)\n";
  return script_arguments;
}

int run_plot(const std::vector<std::string>& arguments) {
  po::options_description options("Options");
  options.add_options()("folder", po::value<std::string>()->required(),
                        "a run's folder, or a folder of moreau limit's answers")(
      "control", po::value<std::string>(),
      "the body whose displacement the capacity curve and the response show (default: the "
      "problem's output.control, else the body that fired the collapse, else the highest free "
      "body)");
  po::positional_options_description positional;
  positional.add("folder", 1);
  const auto values = parse_command(
      arguments,
      "Usage: moreau plot RUN_DIR [options]\nDraws a run's capacity curve or response, "
      "energies, solver statistics, tracked bodies, collapse mechanism and damage map to PNG "
      "files in its folder (with matplotlib); with a limit analysis (limit.json), each end's "
      "mechanism.",
      options, positional);
  if (!values) return kSuccess;

  const fs::path folder = (*values)["folder"].as<std::string>();
  // A folder of moreau limit --out: its mechanisms alone.
  const bool limit_alone =
      fs::is_regular_file(folder / "limit.json") && !fs::exists(folder / "summary.json");
  if (limit_alone && values->count("control"))
    throw core::Diagnostic({}, "--control", "a run's folder (this one holds a limit analysis)",
                           (*values)["control"].as<std::string>());
  const std::vector<std::string> script_arguments =
      limit_alone ? std::vector<std::string>{folder.string()} : run_plot_arguments(*values, folder);
  std::string failure;
  const std::optional<std::string> written =
      run_plot_script("plot_run.py", script_arguments, folder / "plot.log", failure);
  if (!written) {
    std::cerr << "moreau plot: the plots were not drawn: " << failure;
    return kBadInput;
  }
  std::cout << *written;
  return kSuccess;
}

}  // namespace

extern const Command kPlotCommand{
    "plot", "a run's capacity curve, energies, solver statistics and tracked bodies as PNG",
    run_plot};

}  // namespace moreau::cli
