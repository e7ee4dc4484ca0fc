// A contact law loaded from a shared library through the C interface of user_law_abi.h, as
// commercial DEM codes allow (EDEM's and PFC's user contact models).
#pragma once

#include "moreau/penalty/user_law_abi.h"

#include <filesystem>
#include <memory>

namespace moreau::penalty {

class UserLaw {
 public:
  /// Opens the library and finds its two functions.
  /// @throws core::Diagnostic naming the file when it cannot be opened, lacks a function or
  ///         was built for another ABI version
  explicit UserLaw(const std::filesystem::path& library);
  ~UserLaw();
  UserLaw(const UserLaw&) = delete;
  UserLaw& operator=(const UserLaw&) = delete;

  /// Calls the library's moreau_contact_law.
  /// @throws core::Diagnostic naming the library and the code it returned when not 0, or
  ///         when an output is not finite
  moreau_contact_output evaluate(const moreau_contact_input& input) const;

  const std::filesystem::path& library() const { return library_; }

 private:
  using LawFunction = int (*)(const moreau_contact_input*, moreau_contact_output*);
  std::filesystem::path library_;
  void* handle_ = nullptr;
  LawFunction law_ = nullptr;
};

}  // namespace moreau::penalty
