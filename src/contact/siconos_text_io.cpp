#include "moreau/contact/siconos_text_io.hpp"

#include "moreau/core/concat.hpp"

#include <charconv>
#include <cmath>
#include <fstream>
#include <optional>
#include <sstream>
#include <vector>

namespace moreau::contact {
namespace {

using core::concat;
using core::Diagnostic;

// Whitespace-separated tokens with the line each one starts on, so that every error names
// its line. Never reads past the end: a missing token is a Diagnostic ("the end of the file").
class Scanner {
 public:
  Scanner(std::string_view text, std::string file) : text_(text), file_(std::move(file)) {}

  struct Mark {
    std::size_t position;
    int line;
  };
  Mark mark() const { return {position_, line_}; }
  void reset(Mark m) { position_ = m.position, line_ = m.line; }

  std::optional<std::string_view> next() {
    skip_space();
    if (position_ == text_.size()) return std::nullopt;
    token_line_ = line_;
    const std::size_t begin = position_;
    while (position_ < text_.size() && !is_space(text_[position_])) ++position_;
    return text_.substr(begin, position_ - begin);
  }

  std::string_view expect(const std::string& key, std::string_view expected) {
    const auto token = next();
    if (!token) throw Diagnostic(end_location(), key, expected, "the end of the file");
    return *token;
  }

  void skip_line() {
    while (position_ < text_.size() && text_[position_] != '\n') ++position_;
  }

  /// Bytes left: count tokens need at least 2 count - 1 of them. Checked before any
  /// allocation sized by the file, so a huge size in a short file cannot exhaust memory.
  void require_room(Index count, const std::string& key) {
    if (count > 0 && static_cast<std::size_t>(count) > (text_.size() - position_ + 1) / 2)
      throw Diagnostic(end_location(), key, concat(count, " more values"),
                       "a file too short to hold them");
  }

  core::SourceLocation location() const { return {file_, token_line_}; }
  /// Where the file ended early: the line of the last token read.
  core::SourceLocation end_location() const { return {file_, token_line_}; }

 private:
  static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
  void skip_space() {
    while (position_ < text_.size() && is_space(text_[position_])) {
      if (text_[position_] == '\n') ++line_;
      ++position_;
    }
  }

  std::string_view text_;
  std::string file_;
  std::size_t position_ = 0;
  int line_ = 1;
  int token_line_ = 1;
};

std::optional<long long> to_integer(std::string_view token) {
  long long value = 0;
  const auto [end, error] = std::from_chars(token.data(), token.data() + token.size(), value);
  if (error != std::errc() || end != token.data() + token.size()) return std::nullopt;
  return value;
}

// An integer in [low, high]; the key and the range are in the message.
Index read_integer(Scanner& in, const std::string& key, long long low, long long high) {
  const std::string expected = concat("an integer in [", low, ", ", high, ']');
  const std::string_view token = in.expect(key, expected);
  const auto value = to_integer(token);
  if (!value || *value < low || *value > high)
    throw Diagnostic(in.location(), key, expected, token);
  return static_cast<Index>(*value);
}

// A finite double; '+' signs are accepted although Siconos never writes them.
double read_number(Scanner& in, const std::string& key) {
  std::string_view token = in.expect(key, "a finite number");
  const std::string_view text = token.starts_with('+') ? token.substr(1) : token;
  double value = 0.0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
    throw Diagnostic(in.location(), key, "a finite number", token);
  return value;
}

VecX read_vector(Scanner& in, Index size, const std::string& key) {
  in.require_room(size, key);
  VecX values(size);
  for (Index i = 0; i < size; ++i) values[i] = read_number(in, concat(key, '[', i, ']'));
  return values;
}

VecX read_friction(Scanner& in, Index contacts) {
  in.require_room(contacts, "mu");
  VecX mu(contacts);
  for (Index a = 0; a < contacts; ++a) {
    const std::string key = concat("mu[", a, ']');
    mu[a] = read_number(in, key);
    if (mu[a] < 0.0)
      throw Diagnostic(in.location(), key, "a friction coefficient >= 0", concat(mu[a]));
  }
  return mu;
}

// Largest matrix dimension accepted: Eigen's default StorageIndex is int.
constexpr long long kMaxDimension = 1 << 30;

struct MatrixHeader {
  Index storage, rows, cols;
  core::SourceLocation where;  // of the storage code, for errors about the whole matrix
};

MatrixHeader read_matrix_header(Scanner& in, const std::string& key) {
  MatrixHeader header{};
  header.storage = read_integer(in, key + ".storage", 0, 2);
  header.where = in.location();
  header.rows = read_integer(in, key + ".rows", 0, kMaxDimension);
  header.cols = read_integer(in, key + ".columns", 0, kMaxDimension);
  // Each row and column of a problem's matrices has its value in a vector further on (q; f
  // or w): a size the rest of the file cannot hold is refused before the matrix is made (an
  // empty 0 x 1e9 matrix takes 4 GB of column pointers).
  in.require_room(std::max(header.rows, header.cols), key + ".size");
  return header;
}

void require_equal(Scanner& in, Index found, Index expected, const std::string& key,
                   const std::string& what) {
  if (found != expected)
    throw Diagnostic(in.location(), key, concat(expected, " (", what, ')'), concat(found));
}

// Dense storage: the sizes again, then the values column by column.
std::vector<math::Triplet> read_dense(Scanner& in, const MatrixHeader& h, const std::string& key) {
  require_equal(in, read_integer(in, key + ".rows", 0, kMaxDimension), h.rows, key + ".rows",
                "the rows of the header");
  require_equal(in, read_integer(in, key + ".columns", 0, kMaxDimension), h.cols, key + ".columns",
                "the columns of the header");
  in.require_room(h.rows, key + ".values");
  if (h.rows > 0) in.require_room(h.cols * h.rows, key + ".values");
  std::vector<math::Triplet> entries;
  for (Index j = 0; j < h.cols; ++j)
    for (Index i = 0; i < h.rows; ++i)
      if (const double x = read_number(in, concat(key, '(', i, ", ", j, ')')); x != 0.0)
        entries.emplace_back(i, j, x);
  return entries;
}

// Cumulative block ends (e.g. 3 6 9): strictly increasing, the last one equal to `total`.
std::vector<Index> read_block_ends(Scanner& in, Index count, Index total, const std::string& key) {
  in.require_room(count, key);
  std::vector<Index> ends(static_cast<std::size_t>(count) + 1, 0);
  for (Index k = 1; k <= count; ++k)
    ends[k] = read_integer(in, concat(key, '[', k - 1, ']'), ends[k - 1] + 1, total);
  require_equal(in, ends.back(), total, concat(key, '[', count - 1, ']'), "the matrix size");
  return ends;
}

struct BlockLayout {
  std::vector<Index> row_ends, col_ends;  // with a leading 0
  std::vector<Index> row_start;           // block-row pointers (CSR)
  std::vector<Index> column;              // block column of each block
};

BlockLayout read_block_layout(Scanner& in, const MatrixHeader& h, const std::string& key) {
  const Index blocks = read_integer(in, key + ".blocks", 0, kMaxDimension);
  const Index block_rows = read_integer(in, key + ".block_rows", h.rows > 0 ? 1 : 0, h.rows);
  const Index block_cols = read_integer(in, key + ".block_columns", h.cols > 0 ? 1 : 0, h.cols);
  BlockLayout layout;
  layout.row_ends = read_block_ends(in, block_rows, h.rows, key + ".row_block_ends");
  layout.col_ends = read_block_ends(in, block_cols, h.cols, key + ".column_block_ends");
  const Index filled1 = read_integer(in, key + ".filled1", 1, block_rows + 1);
  require_equal(in, read_integer(in, key + ".filled2", 0, kMaxDimension), blocks, key + ".filled2",
                "the number of blocks");
  in.require_room(filled1 + blocks, key + ".block_row_pointers");
  layout.row_start.assign(1, read_integer(in, key + ".block_row_pointers[0]", 0, 0));
  for (Index a = 1; a < filled1; ++a)
    layout.row_start.push_back(read_integer(in, concat(key, ".block_row_pointers[", a, ']'),
                                            layout.row_start.back(), blocks));
  require_equal(in, layout.row_start.back(), blocks,
                concat(key, ".block_row_pointers[", filled1 - 1, ']'), "the number of blocks");
  for (Index k = 0; k < blocks; ++k)
    layout.column.push_back(
        read_integer(in, concat(key, ".block_columns_index[", k, ']'), 0, block_cols - 1));
  return layout;
}

// Sparse block storage: the layout, then each block's number and its values (column-major).
std::vector<math::Triplet> read_sparse_block(Scanner& in, const MatrixHeader& h,
                                             const std::string& key) {
  const BlockLayout layout = read_block_layout(in, h, key);
  std::vector<math::Triplet> entries;
  for (std::size_t a = 0; a + 1 < layout.row_start.size(); ++a) {
    const Index row0 = layout.row_ends[a], rows = layout.row_ends[a + 1] - row0;
    for (Index k = layout.row_start[a]; k < layout.row_start[a + 1]; ++k) {
      const std::string block_key = concat(key, ".block[", k, ']');
      read_integer(in, block_key + ".number", k, k);
      const Index col0 = layout.col_ends[layout.column[k]];
      const Index cols = layout.col_ends[layout.column[k] + 1] - col0;
      in.require_room(rows * cols, block_key);
      for (Index j = 0; j < cols; ++j)
        for (Index i = 0; i < rows; ++i)
          if (const double x = read_number(in, concat(block_key, '(', i, ", ", j, ')')); x != 0.0)
            entries.emplace_back(row0 + i, col0 + j, x);
    }
  }
  return entries;
}

void expect_word(Scanner& in, std::string_view word, const std::string& key) {
  const std::string_view token = in.expect(key, concat('"', word, '"'));
  if (token != word) throw Diagnostic(in.location(), key, concat('"', word, '"'), token);
}

// "m-by-n," of CSparse's header line.
void read_csparse_size(Scanner& in, const MatrixHeader& h, const std::string& key) {
  const std::string expected = concat(h.rows, "-by-", h.cols, ',');
  const std::string_view token = in.expect(key + ".size", expected);
  if (token != expected) throw Diagnostic(in.location(), key + ".size", expected, token);
  in.skip_line();  // nzmax, nnz and the 1-norm: the column pointers below say it all
}

// CSparse's cs_print of a compressed-column matrix, after Siconos' origin flag. The triplet
// form of cs_print is refused: no Siconos data file uses it.
std::vector<math::Triplet> read_csparse(Scanner& in, const MatrixHeader& h,
                                        const std::string& key) {
  read_integer(in, key + ".origin", 0, 4);
  expect_word(in, "CSparse", key + ".banner");
  in.skip_line();
  read_csparse_size(in, h, key);
  std::vector<math::Triplet> entries;
  Index stored = 0;
  for (Index j = 0; j < h.cols; ++j) {
    const std::string col_key = concat(key, ".col[", j, ']');
    expect_word(in, "col", col_key);
    read_integer(in, col_key, j, j);
    expect_word(in, ":", col_key);
    expect_word(in, "locations", col_key);
    read_integer(in, col_key + ".first", stored, stored);
    expect_word(in, "to", col_key);
    const Index last = read_integer(in, col_key + ".last", stored - 1, kMaxDimension);
    in.require_room(last + 1 - stored, col_key);
    for (; stored <= last; ++stored) {
      const Index i = read_integer(in, concat(col_key, ".row"), 0, h.rows - 1);
      expect_word(in, ":", col_key);
      if (const double x = read_number(in, concat(key, '(', i, ", ", j, ')')); x != 0.0)
        entries.emplace_back(i, j, x);
    }
  }
  return entries;
}

SparseMat read_matrix(Scanner& in, const MatrixHeader& h, const std::string& key) {
  std::vector<math::Triplet> entries;
  if (h.storage == 0) entries = read_dense(in, h, key);
  if (h.storage == 1) entries = read_sparse_block(in, h, key);
  if (h.storage == 2) entries = read_csparse(in, h, key);
  SparseMat matrix(h.rows, h.cols);
  matrix.setFromTriplets(entries.begin(), entries.end());
  return matrix;
}

// The tokens after the first matrix, read as the header of H (see the rule in the header).
bool global_header_follows(Scanner& in, Index first_rows) {
  const Scanner::Mark start = in.mark();
  std::optional<long long> values[3];
  for (auto& value : values)
    if (const auto token = in.next()) value = to_integer(*token);
  in.reset(start);
  return values[0] && *values[0] >= 0 && *values[0] <= 2 && values[1] && *values[1] == first_rows;
}

LocalProblem read_local_rest(Scanner& in, int d, Index contacts, const SparseMat& W,
                             const MatrixHeader& header) {
  const Index n = d * contacts;
  if (W.rows() != n || W.cols() != n)
    throw Diagnostic(header.where, "W",
                     concat("a ", n, 'x', n, " matrix (d n_c = ", d, " x ", contacts,
                            ") for a local problem, or a matrix H after it for a global one"),
                     concat(W.rows(), 'x', W.cols()));
  LocalProblem problem;
  problem.dimension = d;
  problem.W = BlockSparseMatrix::from_sparse(W, d);
  problem.q = read_vector(in, n, "q");
  problem.mu = read_friction(in, contacts);
  return problem;
}

GlobalProblem read_global_rest(Scanner& in, int d, Index contacts, const SparseMat& M,
                               const MatrixHeader& first) {
  const Index n = d * contacts;
  if (M.rows() != M.cols())
    throw Diagnostic(first.where, "M", "a square matrix", concat(M.rows(), 'x', M.cols()));
  const MatrixHeader header = read_matrix_header(in, "H");
  require_equal(in, header.cols, n, "H.columns", concat("d n_c = ", d, " x ", contacts));
  GlobalProblem problem;
  problem.dimension = d;
  problem.H = read_matrix(in, header, "H");
  problem.M = M;
  problem.f = read_vector(in, problem.dofs(), "f");
  problem.w = read_vector(in, n, "w");
  problem.mu = read_friction(in, contacts);
  return problem;
}

}  // namespace

ProblemData parse_siconos_text(std::string_view text, const std::string& file) {
  Scanner in(text, file);
  const int d = static_cast<int>(read_integer(in, "dimension", 2, 3));
  const Index contacts = read_integer(in, "contacts", 1, kMaxDimension / 3);
  in.require_room(contacts, "contacts");
  // Until the matrix after it is seen, the first matrix is named W if it has W's size, and M
  // otherwise (the only thing it can then be).
  const MatrixHeader first = read_matrix_header(in, "W");
  const bool could_be_W = first.rows == d * contacts && first.cols == d * contacts;
  SparseMat matrix = read_matrix(in, first, could_be_W ? "W" : "M");
  if (!global_header_follows(in, first.rows)) {
    LocalProblem local = read_local_rest(in, d, contacts, matrix, first);
    validate(local, {file});
    return local;
  }
  GlobalProblem global_problem = read_global_rest(in, d, contacts, matrix, first);
  validate(global_problem, {file});
  return global_problem;
}

ProblemData read_siconos_text(const std::filesystem::path& path) {
  std::ifstream stream(path, std::ios::binary);
  if (!stream) throw Diagnostic({path.string()}, "", "cannot open the file for reading");
  std::ostringstream text;
  text << stream.rdbuf();
  if (stream.bad()) throw Diagnostic({path.string()}, "", "cannot read the file");
  return parse_siconos_text(text.str(), path.string());
}

}  // namespace moreau::contact
