// The `generators` section: arches, walls, buildings, columns and towers (generators.hpp),
// and blocks drawn in CAD (mesh/block_assembly.hpp), expanded into bodies named by the generator
// ("arch/voussoir07", "blocks/pier_left").
#include "moreau/core/closest_match.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/input_limits.hpp"
#include "moreau/masonry/generators.hpp"
#include "moreau/mesh/block_assembly.hpp"
#include "moreau/mesh/block_snapping.hpp"
#include "problem_sections.hpp"

#include <algorithm>
#include <array>
#include <climits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace moreau::io {
namespace {

using core::concat;
using math::Vec3;

int read_count(const Field& generator, std::string_view key, int minimum) {
  return generator.get(key).integer(minimum, INT_MAX);
}

std::vector<masonry::Block> read_arch(const Field& g, const std::string& name, int dimension) {
  if (dimension == 3)
    g.check_keys({"type", "name", "material", "position", "supports", "form", "span", "radius",
                  "thickness", "depth", "voussoirs", "springing_height", "abutments",
                  "abutment_width", "fixed_springings"});
  else
    g.check_keys({"type", "name", "material", "position", "supports", "form", "span", "radius",
                  "thickness", "voussoirs", "springing_height", "abutments", "abutment_width",
                  "fixed_springings"});
  masonry::ArchSpec spec;
  spec.name = name;
  if (const auto form = g.find("form")) {
    const std::string text = form->choice({"semicircular", "pointed", "segmental"});
    spec.form = text == "pointed"     ? masonry::ArchForm::Pointed
                : text == "segmental" ? masonry::ArchForm::Segmental
                                      : masonry::ArchForm::Semicircular;
  }
  if (const auto span = g.find("span")) spec.span = span->length();
  if (const auto radius = g.find("radius")) spec.radius = radius->length();
  spec.thickness = g.get("thickness").length();
  if (dimension == 3) spec.depth = g.get("depth").length();
  spec.voussoirs = read_count(g, "voussoirs", 1);
  if (const auto height = g.find("springing_height"))
    spec.springing_height = height->number_in(0.0, core::kMaxLength, "m");
  if (const auto abutments = g.find("abutments")) spec.abutments = abutments->flag();
  if (const auto width = g.find("abutment_width")) spec.abutment_width = width->length();
  if (const auto fixed = g.find("fixed_springings")) spec.fixed_springings = fixed->flag();
  return masonry::generate_arch(spec, dimension);
}

// A list of openings: {centre, sill, width, height}, sill 0 if not given (a door).
std::vector<masonry::Opening> read_openings(const Field& list) {
  std::vector<masonry::Opening> openings;
  for (const Field& o : list.elements("a list of openings {centre, sill, width, height}")) {
    o.check_keys({"centre", "sill", "width", "height"});
    masonry::Opening opening;
    opening.centre = o.get("centre").number_in(-core::kMaxLength, core::kMaxLength, "m");
    if (const auto sill = o.find("sill"))
      opening.sill = sill->number_in(0.0, core::kMaxLength, "m");
    opening.width = o.get("width").length();
    opening.height = o.get("height").length();
    openings.push_back(opening);
  }
  return openings;
}

void read_block(const Field& g, double& block_length, double& block_height) {
  const std::vector<Field> block = g.get("block").elements("a list [length, height] (m)", 2);
  block_length = block[0].length();
  block_height = block[1].length();
}

// `leaves` and `header_every`, where given (the specs' defaults otherwise).
void read_leaves(const Field& g, int& leaves, int& header_every) {
  if (g.find("leaves")) leaves = read_count(g, "leaves", 1);
  if (g.find("header_every")) header_every = read_count(g, "header_every", 0);
}

std::vector<masonry::Block> read_wall(const Field& g, const std::string& name, int dimension) {
  if (dimension == 3)
    g.check_keys({"type", "name", "material", "position", "supports", "length", "thickness",
                  "block", "courses", "leaves", "header_every", "openings", "lintel_bearing"});
  else
    g.check_keys({"type", "name", "material", "position", "supports", "length", "block", "courses",
                  "openings", "lintel_bearing"});
  masonry::WallSpec spec;
  spec.name = name;
  spec.length = g.get("length").length();
  if (dimension == 3) spec.thickness = g.get("thickness").length();
  read_block(g, spec.block_length, spec.block_height);
  spec.courses = read_count(g, "courses", 1);
  read_leaves(g, spec.leaves, spec.header_every);
  if (const auto openings = g.find("openings")) spec.openings = read_openings(*openings);
  if (const auto bearing = g.find("lintel_bearing")) spec.lintel_bearing = bearing->length();
  return masonry::generate_wall(spec, dimension);
}

std::vector<masonry::Block> read_building(const Field& g, const std::string& name, int dimension) {
  g.check_keys({"type", "name", "material", "position", "supports", "length", "width", "thickness",
                "block", "courses", "leaves", "header_every", "openings", "lintel_bearing",
                "floors"});
  masonry::BuildingSpec spec;
  spec.name = name;
  spec.length = g.get("length").length();
  spec.width = g.get("width").length();
  spec.thickness = g.get("thickness").length();
  read_block(g, spec.block_length, spec.block_height);
  spec.courses = read_count(g, "courses", 1);
  read_leaves(g, spec.leaves, spec.header_every);
  if (const auto openings = g.find("openings")) {
    openings->check_keys({"south", "north", "east", "west"});
    for (const auto& [facade, list] : {std::pair{"south", &spec.openings.south},
                                       {"north", &spec.openings.north},
                                       {"east", &spec.openings.east},
                                       {"west", &spec.openings.west}})
      if (const auto given = openings->find(facade)) *list = read_openings(*given);
  }
  if (const auto bearing = g.find("lintel_bearing")) spec.lintel_bearing = bearing->length();
  if (const auto floors = g.find("floors"))
    for (const Field& floor : floors->elements("a list of heights (m)"))
      spec.floors.push_back(floor.number_in(0.0, core::kMaxLength, "m"));
  return masonry::generate_building(spec, dimension);
}

std::vector<masonry::Block> read_column(const Field& g, const std::string& name, int dimension) {
  if (dimension == 3)
    g.check_keys({"type", "name", "material", "position", "supports", "radius", "drum_height",
                  "drums", "sides"});
  else
    g.check_keys(
        {"type", "name", "material", "position", "supports", "radius", "drum_height", "drums"});
  masonry::ColumnSpec spec;
  spec.name = name;
  spec.radius = g.get("radius").length();
  spec.drum_height = g.get("drum_height").length();
  spec.drums = read_count(g, "drums", 1);
  if (g.find("sides")) spec.sides = read_count(g, "sides", 3);
  return masonry::generate_column(spec, dimension);
}

// Planar towers take the block as [width, height]: there is no depth to give.
std::vector<masonry::Block> read_tower(const Field& g, const std::string& name, int dimension) {
  if (dimension == 3)
    g.check_keys({"type", "name", "material", "position", "supports", "block", "blocks", "twist"});
  else
    g.check_keys({"type", "name", "material", "position", "supports", "block", "blocks"});
  masonry::TowerSpec spec;
  spec.name = name;
  const Field block = g.get("block");
  if (dimension == 3) {
    const std::vector<Field> size = block.elements("a list [lx, ly, lz] (m)", 3);
    spec.block_size = Vec3(size[0].length(), size[1].length(), size[2].length());
  } else {
    const std::vector<Field> size = block.elements("a list [width, height] (m) in planar mode", 2);
    spec.block_size = Vec3(size[0].length(), 1.0, size[1].length());
  }
  spec.blocks = read_count(g, "blocks", 1);
  if (const auto twist = g.find("twist"))
    spec.twist = twist->number_in(-core::kMaxAngle, core::kMaxAngle, "deg");
  return masonry::generate_tower(spec, dimension);
}

// One block per object of an OBJ, STL or PLY file, named "<generator name>/<object name>".
// The blocks with their facing faces within `tolerance` (m, given at `snap`) made coplanar
// (mesh/block_snapping.hpp), and a note of what moved. A vertex moved by more than half the
// tolerance gets a warning too: faces that far apart are more likely drawn apart than rounded.
std::vector<mesh::AssemblyBlock> snap_blocks(const std::vector<mesh::AssemblyBlock>& blocks,
                                             double tolerance, const Field& snap, const Field& file,
                                             const std::string& name,
                                             std::vector<run::InputWarning>& warnings) {
  mesh::SnappedAssembly snapped =
      mesh::snap_coincident_faces(blocks, tolerance, file.location(), file.path());
  if (snapped.joints == 0) {
    warnings.push_back(
        {snap.location(), snap.path(),
         concat("no faces of two blocks face each other within ", tolerance, " m: nothing snapped"),
         run::InputWarning::Severity::Note});
    return std::move(snapped.blocks);
  }
  const auto largest = std::ranges::max_element(snapped.largest_moves);
  const std::size_t moved_most = static_cast<std::size_t>(largest - snapped.largest_moves.begin());
  const std::string block = concat(name, '/', snapped.blocks[moved_most].name);
  warnings.push_back(
      {snap.location(), snap.path(),
       concat(snapped.joints, " joints snapped (facing faces within ", tolerance,
              " m made coplanar); the largest vertex move is ", *largest, " m, of ", block),
       run::InputWarning::Severity::Note});
  const auto far = std::ranges::count_if(snapped.largest_moves,
                                         [&](double move) { return move > 0.5 * tolerance; });
  if (far > 0)
    warnings.push_back(
        {snap.location(), snap.path(),
         concat(block, " moved by ", *largest, " m, more than half the snap tolerance (", far,
                " blocks in all): are its faces meant to touch?")});
  return std::move(snapped.blocks);
}

std::vector<masonry::Block> read_blocks(const Field& g, const std::string& name,
                                        const std::filesystem::path& folder,
                                        std::vector<run::InputWarning>& warnings) {
  g.check_keys({"type", "name", "material", "position", "supports", "file", "snap"});
  const std::optional<Field> snap = g.find("snap");
  const double tolerance = snap ? snap->positive("m") : 0.0;
  const Field file = g.get("file");
  const std::filesystem::path path = folder / file.text();
  if (!std::filesystem::is_regular_file(path))
    file.fail("an OBJ, STL or PLY file (relative to the problem file's folder)",
              concat("no file ", path.string()));
  std::vector<mesh::AssemblyBlock> assembly = mesh::read_block_assembly(path, file.path());
  if (assembly.empty()) file.fail("a file of at least one block", "no face in it");
  if (snap) assembly = snap_blocks(assembly, tolerance, *snap, file, name, warnings);
  std::vector<masonry::Block> blocks;
  blocks.reserve(assembly.size());
  for (mesh::AssemblyBlock& block : assembly)
    blocks.push_back({concat(name, '/', block.name), std::move(block.shape),
                      geometry::Pose{block.origin, math::Quat::Identity()}});
  return blocks;
}

// The generators name their fields as their specs do; the file gives block_length,
// block_height and block_size[i] together as `block`.
std::string file_key(const std::string& spec_key) {
  return spec_key.starts_with("block_") ? "block" : spec_key;
}

// The field at `key` below `at`, a path such as "openings.south[1].width" or "floors[0]",
// as far down as the file gives it: a value left at its default is reported at the deepest
// field above it. N.B. recursive rather than a loop over one Field variable: assigning a
// yaml-cpp node rebinds the node it referred to, which would rewrite the document.
Field deepest_field(const Field& at, std::string_view key) {
  if (key.empty()) return at;
  const bool index = key.front() == '[';
  const std::size_t end = std::min(key.find_first_of(".[]", 1), key.size());
  const std::string part(key.substr(index ? 1 : 0, end - (index ? 1 : 0)));
  std::optional<Field> next;
  if (!index) {
    next = at.find(part);
  } else if (const std::vector<Field> elements = at.elements();
             std::stoul(part) < elements.size()) {
    next.emplace(elements[std::stoul(part)]);
  }
  if (!next) return at;
  std::string_view rest = key.substr(end);
  if (rest.starts_with(']')) rest.remove_prefix(1);
  if (rest.starts_with('.')) rest.remove_prefix(1);
  return deepest_field(*next, rest);
}

std::vector<masonry::Block> generate(const Field& g, const std::string& type,
                                     const std::string& name, const SceneContext& context,
                                     std::vector<run::InputWarning>& warnings) {
  const int dimension = context.dimension;
  try {
    if (type == "blocks") return read_blocks(g, name, context.folder, warnings);
    if (type == "arch") return read_arch(g, name, dimension);
    if (type == "wall") return read_wall(g, name, dimension);
    if (type == "building") return read_building(g, name, dimension);
    if (type == "column") return read_column(g, name, dimension);
    return read_tower(g, name, dimension);
  } catch (const core::Diagnostic& error) {
    if (!error.where().file.empty()) throw;  // already located in the file
    // A value the file left at its default is reported at the field above it, under its key.
    const std::string key = file_key(error.key());
    const Field at = deepest_field(g, key);
    if (at.path() == concat(g.path(), '.', key)) at.fail_with(error.message());
    throw core::Diagnostic(at.location(), concat(g.path(), '.', key), error.message());
  }
}

// How a support of a generated structure moves: fixed, or driven.
struct Support {
  bool fixed = false;
  std::optional<model::PrescribedVelocity> motion;
};

// The part of a block's name that `supports` names: "abutment1" for "arch/abutment1", and
// "course00" for "wall/course00_block03" (all the blocks of a course go together).
bool names_block(std::string_view part, std::string_view block_name, std::string_view prefix) {
  if (!block_name.starts_with(prefix) || block_name.size() <= prefix.size() + 1) return false;
  const std::string_view own = block_name.substr(prefix.size() + 1);
  return own == part || (own.starts_with(part) && own[part.size()] == '_');
}

// `supports`: blocks of the generator named by their part, each fixed or driven as a listed
// body's `fixed` and `driven` keys say. One motion for all the blocks of a part, read once.
std::vector<Support> read_supports(const Field& supports, const std::string& name,
                                   const std::vector<masonry::Block>& blocks,
                                   const SceneContext& context, SceneBuilder& builder) {
  std::vector<Support> result(blocks.size());
  for (const auto& [part, entry] : supports.entries()) {
    entry.check_keys({"fixed", "driven"});
    const bool fixed = entry.find("fixed") && entry.get("fixed").flag();
    const std::optional<Field> driven = entry.find("driven");
    if (fixed == driven.has_value())
      entry.fail("exactly one of fixed: true or driven",
                 driven ? "both" : (entry.find("fixed") ? "fixed: false" : "neither"));
    std::vector<std::size_t> matches;
    for (std::size_t i = 0; i < blocks.size(); ++i)
      if (names_block(part, blocks[i].name, name)) matches.push_back(i);
    if (matches.empty())
      entry.fail_with(concat("no block of ", name, " is named ", name, '/', part, " or ", name, '/',
                             part, "_...: the blocks are ", blocks.front().name, " to ",
                             blocks.back().name));
    // The blocks of a part move as one: a ground motion names the first of them, a body that
    // history.csv and the shaken support's measures can follow.
    Support support{fixed, std::nullopt};
    if (driven)
      support.motion = read_driven(*driven, context, blocks[matches.front()].name, builder);
    for (const std::size_t i : matches) {
      if (blocks[i].fixed && driven)
        entry.fail_with(concat(blocks[i].name, " is fixed already (fixed_springings)"));
      result[i] = support;
    }
  }
  return result;
}

// The generators' types, in the order their refusals list them; a type with no planar form
// says why (a building's four walls need y, blocks from a file are polyhedra).
struct GeneratorType {
  std::string_view name;
  std::string_view no_planar_form = {};
};
constexpr std::array kGeneratorTypes{
    GeneratorType{"arch"},
    GeneratorType{"wall"},
    GeneratorType{"building",
                  "a building's four walls need 3D; a façade in the x-z plane is a wall with "
                  "openings"},
    GeneratorType{"column"},
    GeneratorType{"tower"},
    GeneratorType{"blocks", "blocks from a file are polyhedra"}};

std::string read_type(const Field& type, int dimension) {
  std::vector<std::string> names, planar;
  for (const GeneratorType& generator : kGeneratorTypes) {
    names.emplace_back(generator.name);
    if (generator.no_planar_form.empty()) planar.emplace_back(generator.name);
  }
  std::string text = type.choice(names);
  const GeneratorType& chosen = *std::ranges::find(kGeneratorTypes, text, &GeneratorType::name);
  if (dimension == 2 && !chosen.no_planar_form.empty()) {
    const std::string last = planar.back();
    planar.pop_back();
    type.fail(
        concat(core::join(planar), " or ", last, " in planar mode (", chosen.no_planar_form, ")"));
  }
  return text;
}

}  // namespace

void read_generators(const Field& generators, const SceneContext& context, SceneBuilder& builder) {
  for (const Field& g : generators.elements("a list of generators")) {
    const std::string type = read_type(g.get("type"), context.dimension);
    const std::string name = g.find("name") ? g.get("name").text() : type;
    const std::vector<masonry::Block> blocks = generate(g, type, name, context, builder.warnings);
    // Each generator keeps within kMaxBlocks; so must all of them, for the same reason.
    if (builder.scene.bodies.size() + blocks.size() > masonry::kMaxBlocks)
      g.fail_with(concat("the generators make more than ", masonry::kMaxBlocks,
                         " blocks in all, the most a problem may generate (",
                         builder.scene.bodies.size(), " bodies before this one's ", blocks.size(),
                         ")"));
    const int material = read_material_reference(g.find("material"), context.materials);
    Vec3 offset = Vec3::Zero();
    if (const auto position = g.find("position"))
      offset = read_planar_vector(*position, context.dimension, core::kMaxLength, "m");
    const std::vector<Support> supports =
        g.find("supports") ? read_supports(g.get("supports"), name, blocks, context, builder)
                           : std::vector<Support>(blocks.size());
    std::vector<std::string> floors;
    for (std::size_t i = 0; i < blocks.size(); ++i) {
      const masonry::Block& block = blocks[i];
      geometry::Pose pose = block.pose;
      pose.position += offset;
      const bool support = block.fixed || supports[i].fixed || supports[i].motion;
      model::Body body = support ? model::make_fixed_body(block.name, block.shape, pose)
                                 : model::make_free_body(block.name, block.shape,
                                                         context.materials[material].density, pose,
                                                         context.dimension);
      if (supports[i].motion) drive(body, *supports[i].motion);
      if (block.floor && !support) floors.push_back(block.name);
      body.material = material;
      builder.scene.bodies.push_back(std::move(body));
      builder.origins.push_back(g);
    }
    if (!floors.empty()) builder.floors.push_back(std::move(floors));
  }
}

}  // namespace moreau::io
