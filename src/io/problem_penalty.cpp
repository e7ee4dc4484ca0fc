// interactions.*.penalty: the spring-dashpot laws of the penalty mode (include/moreau/penalty/
// law_pair.hpp) as a problem file gives them, and the read-time checks that resolve_laws
// relies on (a calibrated stiffness needs Young's moduli). docs/problem-files.md documents
// every key.
#include "moreau/core/closest_match.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/input_limits.hpp"
#include "moreau/io/problem_file.hpp"
#include "problem_sections.hpp"

#include <algorithm>
#include <array>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace moreau::io {
namespace {

using core::concat;
using penalty::NormalLawKind;

// The keys each law takes besides `law`, in the order of the kinds' enums. A key of another
// law is refused rather than ignored (docs/style.md rule 4): `dissipation` under `law: linear` is
// a mistake about which law was chosen.
struct LawKeys {
  std::string_view name;
  std::vector<std::string_view> keys;
};

const std::array<LawKeys, 4> kNormalLaws{{
    {"linear", {"stiffness", "stiffness_per_area", "damping", "tension"}},
    {"hertz", {"stiffness", "damping"}},
    {"hunt_crossley", {"stiffness", "dissipation"}},
    {"power",
     {"stiffness", "damping", "stiffness_exponent", "rate_exponent", "indentation_exponent"}},
}};

const std::array<LawKeys, 3> kTangentialLaws{{
    {"spring_dashpot_slider", {"stiffness", "stiffness_ratio", "stiffness_per_area", "damping"}},
    {"incremental", {"stiffness", "stiffness_ratio", "stiffness_per_area"}},
    {"velocity_dependent", {"static_friction", "static_velocity", "dynamic_velocity", "max_force"}},
}};

template <std::size_t N>
std::vector<std::string> law_names(const std::array<LawKeys, N>& laws) {
  std::vector<std::string> names;
  names.reserve(laws.size());
  for (const LawKeys& law : laws) names.emplace_back(law.name);
  return names;
}

// "a", "a and b", "a, b and c".
std::string and_list(const std::vector<std::string>& items) {
  std::string text;
  for (std::size_t i = 0; i < items.size(); ++i)
    text += concat(i == 0 ? "" : i + 1 == items.size() ? " and " : ", ", items[i]);
  return text;
}

// Refuses a key of `block` that belongs to a law other than laws[chosen], naming the laws it
// belongs to. Unknown keys are refused before, by check_keys with the keys of every law.
template <std::size_t N>
void check_law_keys(const Field& block, const std::array<LawKeys, N>& laws, std::size_t chosen) {
  const std::vector<std::string_view>& allowed = laws[chosen].keys;
  for (const auto& [key, value] : block.entries()) {
    if (key == "law" || std::find(allowed.begin(), allowed.end(), key) != allowed.end()) continue;
    std::vector<std::string> owners;
    for (const LawKeys& law : laws)
      if (std::find(law.keys.begin(), law.keys.end(), key) != law.keys.end())
        owners.emplace_back(law.name);
    const std::vector<std::string> takes(allowed.begin(), allowed.end());
    value.fail_with(concat("'", key, "' is a parameter of the ", and_list(owners), " law",
                           owners.size() > 1 ? "s" : "", ", not of law: ", laws[chosen].name,
                           " (which takes ", core::join(takes), ")"));
  }
}

// The unit of the normal law's stiffness k and damping (eta, or c of the power law).
std::string_view stiffness_unit(NormalLawKind kind) {
  switch (kind) {
    case NormalLawKind::Linear:
      return "N/m";
    case NormalLawKind::Hertz:
    case NormalLawKind::HuntCrossley:
      return "N/m^1.5";
    case NormalLawKind::PowerLaw:
      return "N/m^m1";
  }
  return "";
}

std::string_view damping_unit(NormalLawKind kind) {
  switch (kind) {
    case NormalLawKind::Linear:
      return "N s/m";
    case NormalLawKind::Hertz:
      return "N s/m^1.25";
    case NormalLawKind::HuntCrossley:
      return "";  // takes `dissipation` instead
    case NormalLawKind::PowerLaw:
      return "N (s/m)^m2 / m^m3";
  }
  return "";
}

// `law`, when given, chooses a law; a law other than the base's starts from that law's
// defaults, since the base's values are in another law's units.
template <typename Settings, std::size_t N>
Settings chosen_law(const Field& block, const std::array<LawKeys, N>& laws, const Settings& base) {
  const std::optional<Field> law = block.find("law");
  if (!law) return base;
  const std::vector<std::string> names = law_names(laws);
  const std::string name = law->choice(names);
  const auto kind =
      static_cast<decltype(base.kind)>(std::find(names.begin(), names.end(), name) - names.begin());
  if (kind == base.kind) return base;
  Settings fresh;
  fresh.kind = kind;
  return fresh;
}

penalty::NormalLawSettings read_normal_law(const Field& normal,
                                           const penalty::NormalLawSettings& base) {
  normal.check_keys({"law", "stiffness", "stiffness_per_area", "damping", "dissipation",
                     "stiffness_exponent", "rate_exponent", "indentation_exponent", "tension"});
  penalty::NormalLawSettings law = chosen_law(normal, kNormalLaws, base);
  check_law_keys(normal, kNormalLaws, static_cast<std::size_t>(law.kind));
  const std::optional<Field> stiffness = normal.find("stiffness");
  const std::optional<Field> per_area = normal.find("stiffness_per_area");
  // A block that gives either replaces both of the base's: a pair's spring is its own.
  if (stiffness || per_area) {
    law.stiffness.reset();
    law.stiffness_per_area.reset();
  }
  if (stiffness)
    law.stiffness = stiffness->positive_at_most(core::kMaxStiffness, stiffness_unit(law.kind));
  if (per_area)
    law.stiffness_per_area = per_area->positive_at_most(core::kMaxJointStiffness, "Pa/m");
  if (const auto damping = normal.find("damping"))
    law.damping = damping->number_in(0.0, core::kMaxDamping, damping_unit(law.kind));
  if (const auto dissipation = normal.find("dissipation"))
    law.dissipation = dissipation->number_in(0.0, core::kMaxDissipation, "s/m");
  if (const auto m1 = normal.find("stiffness_exponent"))
    law.stiffness_exponent = m1->number_in(1.0, core::kMaxExponent, "m1");
  if (const auto m2 = normal.find("rate_exponent"))
    law.rate_exponent = m2->positive_at_most(core::kMaxExponent, "m2");
  // m3 = 0 is allowed: the plain nonlinear dashpot c |delta_dot|^m2 (normal_laws.hpp).
  if (const auto m3 = normal.find("indentation_exponent"))
    law.indentation_exponent = m3->number_in(0.0, core::kMaxExponent, "m3");
  if (const auto tension = normal.find("tension")) law.tension = tension->flag();
  if (!penalty::has_calibrated_stiffness(law.kind) && !law.stiffness)
    throw core::Diagnostic(normal.location(), concat(normal.path(), ".stiffness"),
                           concat("missing required key 'stiffness' (", stiffness_unit(law.kind),
                                  "): the ", kNormalLaws[static_cast<std::size_t>(law.kind)].name,
                                  " law has no calibration from the materials"));
  return law;
}

penalty::TangentialLawSettings read_tangential_law(const Field& tangential,
                                                   const penalty::TangentialLawSettings& base) {
  tangential.check_keys({"law", "stiffness", "stiffness_ratio", "stiffness_per_area", "damping",
                         "static_friction", "static_velocity", "dynamic_velocity", "max_force"});
  penalty::TangentialLawSettings law = chosen_law(tangential, kTangentialLaws, base);
  check_law_keys(tangential, kTangentialLaws, static_cast<std::size_t>(law.kind));
  const std::optional<Field> stiffness = tangential.find("stiffness");
  const std::optional<Field> ratio = tangential.find("stiffness_ratio");
  const std::optional<Field> per_area = tangential.find("stiffness_per_area");
  if (stiffness && ratio) ratio->fail_with("give stiffness or stiffness_ratio, not both");
  // A block that gives any replaces all of the base's: a pair's ratio wins over the
  // default's stiffness.
  if (stiffness || ratio || per_area) {
    law.stiffness.reset();
    law.stiffness_ratio.reset();
    law.stiffness_per_area.reset();
  }
  if (stiffness) law.stiffness = stiffness->positive_at_most(core::kMaxStiffness, "N/m");
  if (ratio) law.stiffness_ratio = ratio->positive_at_most(core::kMaxStiffnessRatio, "K_t / K_n");
  if (per_area)
    law.stiffness_per_area = per_area->positive_at_most(core::kMaxJointStiffness, "Pa/m");
  if (const auto damping = tangential.find("damping"))
    law.damping = damping->number_in(0.0, core::kMaxDamping, "N s/m");
  if (const auto mu_s = tangential.find("static_friction"))
    law.static_friction = mu_s->number_in(0.0, core::kMaxFriction);
  const std::optional<Field> v_s = tangential.find("static_velocity");
  const std::optional<Field> v_d = tangential.find("dynamic_velocity");
  if (v_s) law.static_velocity = v_s->positive_at_most(core::kMaxSpeed, "m/s");
  if (v_d) law.dynamic_velocity = v_d->positive_at_most(core::kMaxSpeed, "m/s");
  // STEP5 between v_s and v_d needs v_d > v_s (tangential_laws.hpp); either may be inherited.
  if (!(law.dynamic_velocity > law.static_velocity)) {
    if (v_d) v_d->fail(concat("a number > static_velocity (", law.static_velocity, " m/s)"));
    v_s->fail(concat("a number < dynamic_velocity (", law.dynamic_velocity, " m/s)"));
  }
  if (const auto max_force = tangential.find("max_force"))
    law.max_force = max_force->positive_at_most(core::kMaxForce, "N");
  return law;
}

penalty::UserLawSettings read_user_law(const Field& user, const std::filesystem::path& folder) {
  user.check_keys({"library", "parameters"});
  const Field library = user.get("library");
  const std::filesystem::path path = folder / library.text();
  if (!std::filesystem::is_regular_file(path))
    library.fail("a shared library (relative to the problem file's folder)",
                 concat("no file ", path.string()));
  penalty::UserLawSettings settings;
  try {
    // Absolute, so that dlopen does not search the system's library path for a bare name.
    settings.law = std::make_shared<const penalty::UserLaw>(std::filesystem::absolute(path));
  } catch (const core::Diagnostic& error) {
    const std::string& message = error.message();
    const std::string& file = error.where().file;
    library.fail_with(file.empty() || message.find(file) != std::string::npos
                          ? message
                          : concat(file, ": ", message));
  }
  if (const auto parameters = user.find("parameters")) settings.parameters = parameters->numbers();
  return settings;
}

// The parameter of the normal law that is unset and that resolve_laws would calibrate from
// Young's moduli (law_pair.hpp), with its unit and the calibration; none when every such
// parameter is given. A law without a calibrated stiffness has it already (read_normal_law);
// a user law needs none.
struct Calibrated {
  std::string_view key;
  std::string_view unit;
  std::string_view rule;
};

std::optional<Calibrated> calibrated_from_moduli(const penalty::LawPair& laws) {
  const penalty::NormalLawSettings& normal = laws.normal;
  if (laws.user || !penalty::has_calibrated_stiffness(normal.kind)) return std::nullopt;
  if (!normal.stiffness && normal.stiffness_per_area)
    return Calibrated{"stiffness", stiffness_unit(normal.kind),
                      "springs in series over the Young's moduli, at the points that stand for "
                      "no area of joint, where bodies meet at a point: a sphere, an edge across "
                      "an edge"};
  if (!normal.stiffness)
    return Calibrated{"stiffness", stiffness_unit(normal.kind),
                      normal.kind == NormalLawKind::Linear
                          ? "springs in series over the Young's moduli"
                          : "Hertz's 4/3 sqrt(R) E* with E* from the Young's moduli"};
  // Simbody's c = c1 s1 + c2 (1 - s1) weighs the materials' dissipations by shares s1 of
  // the deformation, which come from the moduli (calibration.hpp, combined_dissipation).
  if (normal.kind == NormalLawKind::HuntCrossley && !normal.dissipation)
    return Calibrated{"dissipation", "s/m",
                      "the materials' dissipations weighted by their Young's moduli"};
  return std::nullopt;
}

}  // namespace

penalty::LawPair read_penalty_laws(const Field& penalty, const penalty::LawPair& base,
                                   const std::filesystem::path& folder) {
  penalty.check_keys({"normal", "tangential", "user"});
  const std::optional<Field> normal = penalty.find("normal");
  const std::optional<Field> tangential = penalty.find("tangential");
  const std::optional<Field> user = penalty.find("user");
  if (user && (normal || tangential))
    (normal ? *normal : *tangential)
        .fail_with("not with 'user': a user law replaces both the normal and the tangential law");
  penalty::LawPair laws = base;
  if (user) {
    laws.user = read_user_law(*user, folder);
    return laws;
  }
  // Laws given here replace a user law that the base (the default) had.
  if (normal || tangential) laws.user.reset();
  if (normal) laws.normal = read_normal_law(*normal, base.normal);
  if (tangential) laws.tangential = read_tangential_law(*tangential, base.tangential);
  return laws;
}

void check_calibration(const penalty::LawPair& laws, const std::vector<int>& involved,
                       const SceneContext& context, const Field& at, const std::string& law_key) {
  if (context.mode != run::Mode::Penalty) return;
  const std::optional<Calibrated> calibrated = calibrated_from_moduli(laws);
  if (!calibrated) return;
  std::vector<std::string> names;
  std::vector<std::string> without;
  for (const int i : involved) {
    const model::Material& material = context.materials[static_cast<std::size_t>(i)];
    if (std::find(names.begin(), names.end(), material.name) != names.end()) continue;
    names.push_back(material.name);
    if (!(material.young_modulus > 0.0)) without.push_back(material.name);
  }
  if (without.empty()) return;
  throw core::Diagnostic(
      at.location(), concat(law_key, ".penalty.normal.", calibrated->key),
      concat("a ", calibrated->key, " (", calibrated->unit, "), or young_modulus > 0 for material",
             names.size() > 1 ? "s " : " ", and_list(names), " (mode: penalty calibrates the ",
             kNormalLaws[static_cast<std::size_t>(laws.normal.kind)].name, " law's ",
             calibrated->key, " from them: ", calibrated->rule, ")"),
      concat("no ", calibrated->key, ", and no young_modulus for ", and_list(without)));
}

std::optional<std::string> beyond_penalty_bounds(const run::Problem& problem) {
  std::optional<std::string> beyond;
  problem.scene.interactions.for_each_law([&](const model::ContactLaw& law) {
    for (const std::optional<double>& stiffness :
         {law.penalty.normal.stiffness, law.penalty.tangential.stiffness})
      if (!beyond && stiffness && !(*stiffness <= core::kMaxStiffness))
        beyond = concat("a stiffness of ", *stiffness, ", past the bound of ", core::kMaxStiffness);
    for (const std::optional<double>& per_area :
         {law.penalty.normal.stiffness_per_area, law.penalty.tangential.stiffness_per_area})
      if (!beyond && per_area && !(*per_area <= core::kMaxJointStiffness))
        beyond = concat("a stiffness_per_area of ", *per_area, " Pa/m, past the bound of ",
                        core::kMaxJointStiffness, " Pa/m");
  });
  for (const model::Material& material : problem.materials)
    if (!beyond && !(material.young_modulus <= core::kMaxYoungModulus))
      beyond = concat("a young_modulus of ", material.young_modulus, " Pa for ", material.name,
                      ", past the bound of ", core::kMaxYoungModulus, " Pa");
  return beyond;
}

}  // namespace moreau::io
