// Writes the seed corpus of each fuzz target into OUT/<target>/ (scripts/fuzz, and ctest
// before it replays them):
//   moreau_fuzz_seeds OUT
// The seeds are the repository's own files (example problems, the bad inputs of tests/io,
// the Siconos files of tests/data/contact), a small valid block and records beside the bad
// ones, and what cannot be checked in as text: FCLib files written from the Siconos files,
// binary STL and PLY block assemblies, and checkpoints of short runs of the checkpoint
// target's problem in both modes.
#include "checkpoint_problem.hpp"
#include "moreau/contact/fclib_io.hpp"
#include "moreau/contact/siconos_text_io.hpp"
#include "moreau/output/observers.hpp"
#include "moreau/run/checkpoint.hpp"
#include "moreau/run/run.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <type_traits>
#include <variant>

namespace {

namespace fs = std::filesystem;
using namespace moreau;

const fs::path kSource = MOREAU_SOURCE_DIR;

// Copies the files of `folder` whose names end in `extension`. Not its subfolders: those of
// problems/ are benchmarks of a thousand blocks, which take seconds to read under the
// sanitizers, and so would their every mutant.
void copy_files(const fs::path& folder, const std::string& extension, const fs::path& out) {
  for (const fs::directory_entry& entry : fs::directory_iterator(folder))
    if (entry.is_regular_file() && entry.path().extension() == extension)
      fs::copy_file(entry.path(), out / entry.path().filename(),
                    fs::copy_options::overwrite_existing);
}

void write_text(const fs::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

// Each valid Siconos file of tests/data/contact as an FCLib file with a zero solution, a global
// one also with a guess and its solver's state as a dump of `moreau run` writes them.
void write_fclib_files(const fs::path& out) {
  for (const char* name :
       {"local_dense", "local_sparse_block", "local_csparse_2d", "global_dense"}) {
    const contact::ProblemData data =
        contact::read_siconos_text(kSource / "tests/data/contact" / (std::string(name) + ".dat"));
    const fs::path path = out / (std::string(name) + ".hdf5");
    std::visit(
        [&](const auto& problem) {
          if constexpr (std::is_same_v<std::decay_t<decltype(problem)>, contact::LocalProblem>)
            contact::write_fclib_local(path, problem, math::VecX::Zero(problem.size()));
          else {
            const math::VecX zero = math::VecX::Zero(problem.H.cols());
            contact::write_fclib_global(path, problem, zero);
            contact::write_fclib_guess(path, problem, zero, 1e4);
          }
        },
        data);
  }
}

// Checkpoints of the checkpoint target's problem at its start and after 20 steps, in each
// mode: the bodies at rest, then with their contacts remembered, and with the states of the
// outputs (whose files go to a temporary folder, not among the seeds).
void write_checkpoints(const fs::path& out) {
  for (const run::Mode mode : {run::Mode::Nscd, run::Mode::Penalty}) {
    run::Run run(fuzz::checkpoint_problem(mode));
    const std::string prefix = mode == run::Mode::Nscd ? "nscd-" : "penalty-";
    const fs::path outputs = fs::temp_directory_path() / ("moreau-fuzz-seeds-" + prefix + "run");
    output::attach_outputs(run, outputs, {});
    run::write_checkpoint(out / (prefix + run::checkpoint_name(0)), run.checkpoint());
    for (int step = 0; step < 20; ++step) run.advance();
    run::write_checkpoint(out / (prefix + run::checkpoint_name(run.step())), run.checkpoint());
    fs::remove_all(outputs);
  }
}

// The bytes of `value`, least significant first (float32 through its bits), or reversed.
template <class Value>
std::string bytes_of(Value value, bool big_endian) {
  std::array<char, sizeof(Value)> bytes{};
  std::memcpy(bytes.data(), &value, sizeof(Value));  // the machine's order: little-endian
  if (big_endian) std::reverse(bytes.begin(), bytes.end());
  return {bytes.begin(), bytes.end()};
}

// Two unit tetrahedra touching at a vertex (x from 0 to 1, then from 1 to 2), as a binary
// STL file and as binary PLY files of both byte orders: the bytes a text seed cannot hold.
void write_binary_block_assemblies(const fs::path& out) {
  const std::array<std::array<float, 3>, 8> corners{
      {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 0, 0}, {2, 0, 0}, {1, 1, 0}, {1, 0, 1}}};
  const std::array<std::array<std::uint8_t, 3>, 8> triangles{
      {{0, 2, 1}, {0, 1, 3}, {0, 3, 2}, {1, 2, 3}, {4, 6, 5}, {4, 5, 7}, {4, 7, 6}, {5, 6, 7}}};
  std::string stl(80, ' ');
  stl += bytes_of(std::uint32_t{triangles.size()}, false);
  for (const auto& triangle : triangles) {
    stl += std::string(12, '\0');
    for (const std::uint8_t corner : triangle)
      for (const float c : corners[corner]) stl += bytes_of(c, false);
    stl += std::string(2, '\0');
  }
  write_text(out / "two-tetrahedra.stl", stl);
  for (const bool big_endian : {false, true}) {
    std::string ply = std::string("ply\nformat ") +
                      (big_endian ? "binary_big_endian" : "binary_little_endian") +
                      " 1.0\nelement vertex 8\nproperty float x\nproperty float y\n"
                      "property float z\nelement face 8\n"
                      "property list uchar int vertex_indices\nend_header\n";
    for (const auto& corner : corners)
      for (const float c : corner) ply += bytes_of(c, big_endian);
    for (const auto& triangle : triangles) {
      ply += '\x03';
      for (const std::uint8_t corner : triangle) ply += bytes_of(std::int32_t{corner}, big_endian);
    }
    write_text(out / (big_endian ? "two-tetrahedra-be.ply" : "two-tetrahedra-le.ply"), ply);
  }
}

void write_seeds(const fs::path& out) {
  for (const char* target : {"problem_file", "siconos_text", "fclib", "obj_block", "block_assembly",
                             "acceleration_record", "checkpoint"})
    fs::create_directories(out / target);
  copy_files(kSource / "problems", ".yaml", out / "problem_file");
  copy_files(kSource / "tests/io/bad_inputs", ".yaml", out / "problem_file");
  copy_files(kSource / "tests/data/contact", ".dat", out / "siconos_text");
  copy_files(kSource / "tests/io/bad_inputs", ".obj", out / "obj_block");
  write_text(out / "obj_block/cube.obj",
             "# a unit cube, faces counter-clockwise seen from outside\n"
             "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv 0 0 1\nv 1 0 1\nv 1 1 1\nv 0 1 1\n"
             "vn 0 0 -1\n"
             "f 1 4 3 2\nf 5 6 7 8\nf 1 2 6 5\nf 2/1/1 3/1/1 7/1/1 6/1/1\nf -5 -1 -2 -6\n"
             "f 4 1 5 8\n");
  copy_files(kSource / "tests/io/bad_inputs", ".obj", out / "block_assembly");
  copy_files(kSource / "tests/io/bad_inputs", ".ply", out / "block_assembly");
  write_text(out / "block_assembly/two-objects.obj",
             "o left\nv 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n"
             "o right\nv 2 0 0\nv 3 0 0\nv 2 1 0\nv 2 0 1\nf 5 7 6\nf 5 6 8\nf 5 8 7\nf 6 7 8\n");
  write_text(out / "block_assembly/tetrahedron.stl",
             "solid tetra\n"
             "facet normal 0 0 -1\nouter loop\nvertex 0 0 0\nvertex 0 1 0\nvertex 1 0 0\n"
             "endloop\nendfacet\n"
             "facet normal 0 -1 0\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 0 1\n"
             "endloop\nendfacet\n"
             "facet normal -1 0 0\nouter loop\nvertex 0 0 0\nvertex 0 0 1\nvertex 0 1 0\n"
             "endloop\nendfacet\n"
             "facet normal 1 1 1\nouter loop\nvertex 1 0 0\nvertex 0 1 0\nvertex 0 0 1\n"
             "endloop\nendfacet\nendsolid tetra\n");
  write_binary_block_assemblies(out / "block_assembly");
  copy_files(kSource / "tests/io/bad_inputs", ".csv", out / "acceleration_record");
  write_text(out / "acceleration_record/two-columns.csv",
             "# time (s), acceleration (g)\ntime,accel_g\n0.0,0.0\n0.01, 0.05\r\n0.02,-1e-1\n");
  write_text(out / "acceleration_record/four-columns.csv",
             "time,a_x,a_y,a_z\n\n0,0,0,0\n0.005,0.5,-0.25,1.5e-2\n0.01,0,0,0\n");
  write_text(out / "acceleration_record/single-column.txt", "# in g\naccel_g\n0.0\n.05\n-1e-1\n");
  write_text(out / "acceleration_record/west2.AT2",
             "PEER NGA STRONG MOTION DATABASE RECORD\nImperial Valley, 5/19/1940, El Centro, 180\n"
             "ACCELERATION TIME SERIES IN UNITS OF G\nNPTS=    7, DT=   .0100 SEC\n"
             "  .6300000E-02  .3640000E-02  .9900000E-03  .4280000E-02  .7580000E-02\n"
             "  .1087000E-01 -.1280000E-02\n");
  write_text(out / "acceleration_record/nga.AT2",
             "PEER STRONG MOTION DATABASE RECORD\nIMPERIAL VALLEY 5/19/40, EL CENTRO, 180\n"
             "ACCELERATION TIME HISTORY IN UNITS OF G\n    3    0.02000    NPTS, DT\n"
             "  .6300000E-02  .3640000E-02 -.9900000E-03\n");
  write_fclib_files(out / "fclib");
  write_checkpoints(out / "checkpoint");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: moreau_fuzz_seeds OUT\n";
    return 2;
  }
  try {
    write_seeds(argv[1]);
  } catch (const std::exception& error) {  // a Diagnostic, or a file that cannot be written
    std::cerr << error.what() << '\n';
    return 1;
  }
  return 0;
}
