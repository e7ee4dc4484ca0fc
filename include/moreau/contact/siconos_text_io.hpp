// Reader of the Siconos numerics text files (.dat) of ../shared/fclib: local problems (FC3D,
// FC2D) and global ones (GFC3D). Layout (Siconos' frictionContact_printInFile and
// globalFrictionContact_printInFile, whitespace-separated):
//   local:   d  n_c  <W: n x n>  q[n]  mu[n_c]                        (n = d n_c)
//   global:  d  n_c  <M: n_dof x n_dof>  <H: n_dof x n>  f[n_dof]  w[n]  mu[n_c]
// and anything after mu is ignored (Siconos appends a flag). A matrix is
// `storage rows cols` followed by its storage:
//   0  dense: `rows cols` again, then rows*cols values in column-major order;
//   1  sparse block (SBM): nbblocks, block rows, block columns, the cumulative row and
//      column block ends, filled1 (<= block rows + 1), filled2 (= nbblocks), the block-row
//      pointers (CSR style), the block column of each block, then every block as its number
//      followed by its values in column-major order;
//   2  CSparse: an origin flag, then CSparse's cs_print of a compressed-column matrix
//      ("col j : locations p to q" then "i : x" lines; values with 6 digits, lossy).
// Local or global: the header does not say when sizes coincide. Rule: the file is global iff
// the three tokens after the first matrix read as a matrix header, i.e. integers `s rows
// cols` with s in {0, 1, 2} and rows equal to the first matrix's rows. In a local file these
// tokens are q[0..2], printed as %.24e floats (never integer text), so a local file passes
// only if q starts with an integer 0, 1 or 2 followed by the integer n: not in any Siconos
// file. Committing on this header (rather than "try global, fall back to local") keeps the
// errors of a broken global file about the global layout, and a truncated global file is
// never read as a local one.
#pragma once

#include "moreau/contact/global_problem.hpp"
#include "moreau/contact/local_problem.hpp"

#include <filesystem>
#include <string>
#include <string_view>
#include <variant>

namespace moreau::contact {

/// What a problem file holds before condensation.
using ProblemData = std::variant<LocalProblem, GlobalProblem>;

/// Parses the text of a Siconos file; `file` names it in diagnostics. The result is
/// validated (validate() of its type).
/// @throws core::Diagnostic with file, line and key for any malformed, truncated,
///         non-finite or inconsistent input (nothing is read out of bounds)
ProblemData parse_siconos_text(std::string_view text, const std::string& file);

/// Reads and parses a Siconos text file.
/// @throws core::Diagnostic if the file cannot be read, or as parse_siconos_text
ProblemData read_siconos_text(const std::filesystem::path& path);

}  // namespace moreau::contact
