// moreau: the command-line front end. Parses `moreau [--help|--version] <command> [...]`,
// dispatches to the command, and turns errors into messages and exit codes.
#include "command.hpp"
#include "moreau/core/closest_match.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"

#include <boost/program_options.hpp>
#include <dlfcn.h>
#include <malloc.h>

#include <algorithm>
#include <exception>
#include <iomanip>
#include <iostream>
#include <limits>
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
  out << "\nExit codes: 0 success, 1 internal error, 2 bad input, 3 not converged.\n";
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

// moreau runs its solvers on one thread, and so do the libraries under them:
// - OpenBLAS, Debian's default BLAS, which CHOLMOD calls, has its own thread pool whose
//   threads spin while they wait: beside moreau's threads they fought for the cores, and a
//   52-block wall spent 58 s of its 67 s in the kernel. Its products on moreau's matrices
//   (fronts of tens to hundreds of rows) gain little from threads.
// - CHOLMOD's supernodal factorization (SuiteSparse 5) opens an OpenMP team of a fixed 4
//   threads for each large supernode, whatever OMP_NUM_THREADS says: on 2 cores the first 3
//   steps of the 1,020-block wall took 6.6-7.3 s, 2.7-3.1 s of it system time (futex
//   calls), and 3.9-4.0 s with the regions run serially. Zero active levels make every
//   OpenMP region run on the calling thread.
// One thread also makes the results independent of the machine's core count (bitwise). The
// symbols are looked up rather than linked: another BLAS or OpenMP runtime simply lacks them.
void use_one_library_thread() {
  using SetCount = void (*)(int);
  if (void* symbol = dlsym(RTLD_DEFAULT, "openblas_set_num_threads"))
    reinterpret_cast<SetCount>(symbol)(1);
  if (void* symbol = dlsym(RTLD_DEFAULT, "omp_set_max_active_levels"))
    reinterpret_cast<SetCount>(symbol)(0);
}

// The solvers allocate and free the same large workspaces many times a step (UMFPACK's
// numeric factorization of W at each Newton step, megabytes for a few hundred contacts).
// glibc hands blocks above its mmap threshold back to the kernel at once, and trims the
// heap's top above its trim threshold, so each reuse page-faults the memory back in and the
// kernel zeroes it: on wall-tilt.yaml a quarter of the time was page faults and TLB
// flushes. With the largest mmap threshold (32 MiB) and freed memory kept, a workspace is
// reused from the heap; the first 300 steps of wall-tilt.yaml took 14.4 s before and
// 3.95 s after. The cost: the process keeps its peak memory until it exits.
void keep_freed_memory() {
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  mallopt(M_TRIM_THRESHOLD, std::numeric_limits<int>::max());
}

int run(int argc, char** argv) {
  use_one_library_thread();
  keep_freed_memory();
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
