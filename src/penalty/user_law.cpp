#include "moreau/penalty/user_law.hpp"

#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"

#include <dlfcn.h>

#include <array>
#include <cmath>
#include <string>
#include <utility>

namespace moreau::penalty {
namespace {

constexpr const char* kKey = "penalty.user_law";

core::Diagnostic user_law_error(const std::filesystem::path& library, std::string_view message) {
  return core::Diagnostic({library.string()}, kKey, message);
}

// dlerror() describes the last failure of the dl* calls and clears it; it may be null.
std::string last_dl_error() {
  const char* text = dlerror();
  return text ? text : "unknown dynamic-loader error";
}

// dlsym returns void*; POSIX guarantees it converts to a function pointer (dlsym(3)).
template <typename Function>
Function find_function(void* handle, const char* name, const std::filesystem::path& library) {
  dlerror();
  void* symbol = dlsym(handle, name);
  if (!symbol)
    throw user_law_error(
        library, core::concat("the library does not export ", name, " (", last_dl_error(), ")"));
  return reinterpret_cast<Function>(symbol);
}

// Names the first output that is NaN or infinite, or returns null when all are finite.
const char* first_non_finite_output(const moreau_contact_output& out) {
  const std::array<std::pair<const char*, double>, 11> outputs = {{
      {"normal_force", out.normal_force},
      {"elastic_normal_force", out.elastic_normal_force},
      {"tangential_force[0]", out.tangential_force[0]},
      {"tangential_force[1]", out.tangential_force[1]},
      {"state[0]", out.state[0]},
      {"state[1]", out.state[1]},
      {"elastic_energy", out.elastic_energy},
      {"damping_work", out.damping_work},
      {"slip_work", out.slip_work},
      {"stiffness", out.stiffness},
      {"damping", out.damping},
  }};
  for (const auto& [name, value] : outputs)
    if (!std::isfinite(value)) return name;
  return nullptr;
}

}  // namespace

// RTLD_NOW resolves every symbol of the library here, so a library with an unresolved
// dependency fails at load with a diagnostic rather than in the middle of a run; RTLD_LOCAL
// keeps its symbols from clashing with those of another user law.
UserLaw::UserLaw(const std::filesystem::path& library) : library_(library) {
  handle_ = dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle_)
    throw user_law_error(library, core::concat("cannot load the library (", last_dl_error(), ")"));
  try {
    using VersionFunction = int (*)();
    const auto abi_version =
        find_function<VersionFunction>(handle_, "moreau_user_law_abi_version", library);
    law_ = find_function<LawFunction>(handle_, "moreau_contact_law", library);
    const int version = abi_version();
    if (version != MOREAU_USER_LAW_ABI_VERSION)
      throw core::Diagnostic(
          {library.string()}, kKey,
          core::concat("moreau_user_law_abi_version() = ", MOREAU_USER_LAW_ABI_VERSION),
          core::concat(version));
  } catch (...) {
    dlclose(handle_);
    throw;
  }
}

UserLaw::~UserLaw() { dlclose(handle_); }

moreau_contact_output UserLaw::evaluate(const moreau_contact_input& input) const {
  moreau_contact_output output{};
  const int code = law_(&input, &output);
  if (code != 0) throw user_law_error(library_, core::concat("moreau_contact_law returned ", code));
  if (const char* name = first_non_finite_output(output))
    throw user_law_error(library_, core::concat("moreau_contact_law returned a non-finite ", name));
  return output;
}

}  // namespace moreau::penalty
