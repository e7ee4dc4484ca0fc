#include "moreau/contact/contact_problem_file.hpp"

#include "moreau/contact/fclib_io.hpp"
#include "moreau/contact/siconos_text_io.hpp"
#include "moreau/core/diagnostic.hpp"

#include <chrono>
#include <system_error>

namespace moreau::contact {
namespace {

// A global problem is condensed here, unless skipped; the time is reported because for large
// n_dof the factorization can cost as much as a solve. Skipped, only M is factorized, to
// refuse an M that is not positive definite as the condensation would.
void set_problem(ContactProblemFile& file, ProblemData data, LocalForm local_form) {
  if (auto* local = std::get_if<LocalProblem>(&data)) {
    file.kind = ProblemKind::Local;
    file.problem = std::move(*local);
    return;
  }
  file.kind = ProblemKind::Global;
  file.global = std::move(std::get<GlobalProblem>(data));
  if (local_form == LocalForm::Skip) {
    const MassFactor checked(file.global->M, {file.path.string()});
    return;
  }
  const auto start = std::chrono::steady_clock::now();
  auto condensation =
      std::make_shared<const Condensation>(*file.global, core::SourceLocation{file.path.string()});
  file.condensation_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  file.problem = condensation->local();
  file.condensation = std::move(condensation);
}

}  // namespace

ContactProblemFile read_contact_problem_file(const std::filesystem::path& path,
                                             LocalForm local_form) {
  std::error_code error;
  if (!std::filesystem::is_regular_file(path, error))
    throw core::Diagnostic({path.string()}, "", "no such file (or not a regular file)");
  ContactProblemFile file;
  file.path = path;
  if (has_hdf5_signature(path)) {
    FclibContents contents = read_fclib(path);
    set_problem(file, std::move(contents.problem), local_form);
    file.stored_solution = std::move(contents.solution);
    file.guess = std::move(contents.guess);
    file.guess_penalty = contents.guess_penalty;
  } else {
    set_problem(file, read_siconos_text(path), local_form);
  }
  return file;
}

}  // namespace moreau::contact
