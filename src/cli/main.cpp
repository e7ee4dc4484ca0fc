// moreau: the command-line front end. Parses `moreau [--help|--version] <command> [...]`,
// dispatches to the command, and turns errors into messages and exit codes.
#include "command.hpp"
#include "moreau/core/closest_match.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/core/process_settings.hpp"

#include <boost/program_options.hpp>

#include <algorithm>
#include <exception>
#include <iomanip>
#include <iostream>
#include <string>
#include <vector>

namespace po = boost::program_options;
using moreau::core::concat;

namespace moreau::cli {
namespace {

void print_help(std::ostream& out) {
  out << "moreau " MOREAU_VERSION
         " - nonsmooth contact dynamics for rigid blocks\n\n"
         "Usage: moreau [--help] [--version] <command> [options]\n\n";
  if (commands().empty()) {
    out << "No commands are available in this build yet.\n";
  } else {
    out << "Commands:\n";
    for (const Command& command : commands())
      out << "  " << std::left << std::setw(10) << command.name << command.summary << '\n';
    out << "\nRun 'moreau <command> --help' for the options of a command.\n";
  }
  out << "\nExit codes: 0 success, 1 internal error, 2 bad input, 3 not converged, 4 interrupted\n"
         "(SIGINT or SIGTERM, or a full disk; the outputs hold the steps done).\n";
}

const Command& find_command(const std::string& name) {
  std::vector<std::string> names;
  for (const Command& command : commands()) {
    if (command.name == name) return command;
    names.emplace_back(command.name);
  }
  std::string message = concat("unknown command '", name, "'");
  if (const auto suggestion = core::closest_match(name, names))
    message += concat("; did you mean '", *suggestion, "'?");
  else if (!names.empty())
    message += concat("; the commands are: ", core::join(names));
  throw core::Diagnostic({"moreau"}, "", message);
}

int run(int argc, char** argv) {
  core::use_one_library_thread();
  core::keep_freed_memory();
  core::fail_writes_past_the_file_size_limit();
  // Global options are the arguments before the command name; they are parsed strictly,
  // and everything after the name belongs to the command.
  const std::vector<std::string> arguments(argv + 1, argv + argc);
  const auto command_name = std::find_if(arguments.begin(), arguments.end(),
                                         [](const std::string& a) { return !a.starts_with('-'); });
  po::options_description global("Options");
  global.add_options()("help,h", "print this help")("version", "print the version");
  po::variables_map values;
  po::store(po::command_line_parser(std::vector<std::string>(arguments.begin(), command_name))
                .options(global)
                .run(),
            values);

  if (values.count("version")) {
    std::cout << "moreau " MOREAU_VERSION "\n";
    return kSuccess;
  }
  if (values.count("help")) {
    print_help(std::cout);
    return kSuccess;
  }
  if (command_name == arguments.end()) {
    print_help(std::cerr);
    return kBadInput;
  }
  const Command& command = find_command(*command_name);
  return command.run(std::vector<std::string>(command_name + 1, arguments.end()));
}

}  // namespace
}  // namespace moreau::cli

int main(int argc, char** argv) {
  using namespace moreau::cli;
  try {
    return run(argc, argv);
  } catch (const moreau::core::Diagnostic& error) {
    std::cerr << error.what() << '\n';
    return kBadInput;
  } catch (const po::error& error) {
    std::cerr << "moreau: error: " << error.what() << "\nRun 'moreau --help' for usage.\n";
    return kBadInput;
  } catch (const std::exception& error) {
    std::cerr << "moreau: internal error: " << error.what()
              << "\nThis is a bug in moreau; please report it with the input that caused it.\n";
    return kInternalError;
  }
}
