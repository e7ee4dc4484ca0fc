#include "imperfections.hpp"

#include "moreau/core/closest_match.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/core/output_file.hpp"
#include "options.hpp"

#include <charconv>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

namespace moreau::cli {
namespace {

namespace fs = std::filesystem;

constexpr const char* kFileName = "imperfections.json";

// The settings by name, as --imperfections and imperfections.json name them (seed apart).
std::map<std::string, double run::Imperfections::*> distances_and_fractions() {
  return {{"block_size", &run::Imperfections::block_size},
          {"placement", &run::Imperfections::placement},
          {"friction", &run::Imperfections::friction},
          {"rate", &run::Imperfections::rate},
          {"support", &run::Imperfections::support}};
}

template <typename Number>
Number number_in(const std::string& item, const std::string& text) {
  const std::size_t equals = item.find('=');
  Number value{};
  const char* begin = item.data() + equals + 1;
  const char* end = item.data() + item.size();
  const auto [stop, error] = std::from_chars(begin, end, value);
  if (error != std::errc() || stop != end || begin == end)
    throw core::Diagnostic(
        {}, "--imperfections",
        core::concat("a number after '", item.substr(0, equals + 1), "' (",
                     std::is_integral_v<Number> ? "an integer >= 0" : "m or a fraction", ")"),
        text);
  return value;
}

}  // namespace

run::Imperfections read_imperfections(const std::string& text) {
  run::Imperfections imperfections;
  const auto settings = distances_and_fractions();
  std::vector<std::string> keys = {"seed"};
  for (const auto& [name, member] : settings) keys.push_back(name);
  std::vector<std::string> given;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');) {
    const std::string key = item.substr(0, item.find('='));
    if (item.find('=') == std::string::npos ||
        std::find(keys.begin(), keys.end(), key) == keys.end())
      throw core::Diagnostic(
          {}, "--imperfections",
          core::with_suggestion(core::concat("key=value items with the keys ", core::join(keys)),
                                key, keys),
          text);
    if (std::find(given.begin(), given.end(), key) != given.end())
      throw core::Diagnostic({}, "--imperfections", core::concat("each key once (", key, " twice)"),
                             text);
    given.push_back(key);
    if (key == "seed")
      imperfections.seed = number_in<std::uint64_t>(item, text);
    else
      imperfections.*settings.at(key) = number_in<double>(item, text);
  }
  return imperfections;
}

std::string imperfections_text(const run::Imperfections& imperfections) {
  std::string text = core::concat("seed=", imperfections.seed);
  for (const auto& [name, member] : distances_and_fractions())
    text += core::concat(",", name, "=", shortest_text(imperfections.*member));
  return text;
}

void write_imperfections(const fs::path& folder, const run::Imperfections& imperfections,
                         const run::DrawnImperfections& drawn) {
  nlohmann::json json = {{"seed", imperfections.seed}};
  for (const auto& [name, member] : distances_and_fractions()) json[name] = imperfections.*member;
  nlohmann::json bodies = nlohmann::json::array();
  for (const run::BodyImperfection& body : drawn.bodies)
    bodies.push_back({{"name", body.name},
                      {"shrink", body.shrink},
                      {"shift", {body.shift.x(), body.shift.y(), body.shift.z()}}});
  nlohmann::json supports = nlohmann::json::array();
  for (const run::SupportImperfection& support : drawn.supports)
    supports.push_back({{"name", support.name}, {"drop", support.drop}});
  json["drawn"] = {{"rate_factor", drawn.rate_factor},
                   {"friction_factors", drawn.friction_factors},
                   {"bodies", bodies},
                   {"supports", supports}};
  core::write_output_file(folder / kFileName,
                          [&](std::ostream& stream) { stream << json.dump(2) << '\n'; });
}

std::optional<run::Imperfections> recorded_imperfections(const fs::path& folder) {
  const fs::path path = folder / kFileName;
  std::ifstream in(path);
  if (!in) return std::nullopt;
  try {
    const nlohmann::json json = nlohmann::json::parse(in);
    run::Imperfections imperfections;
    imperfections.seed = json.at("seed").get<std::uint64_t>();
    for (const auto& [name, member] : distances_and_fractions())
      imperfections.*member = json.at(name).get<double>();
    return imperfections;
  } catch (const nlohmann::json::exception& error) {
    throw core::Diagnostic({path.string()}, "",
                           core::concat("cannot read the run's imperfections back (", error.what(),
                                        "): a restart would draw others"));
  }
}

}  // namespace moreau::cli
