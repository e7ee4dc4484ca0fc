#include "moreau/contact/fclib_io.hpp"

#include "moreau/core/assert.hpp"
#include "moreau/core/child_process.hpp"
#include "moreau/core/concat.hpp"

// fclib.h declares C functions without an extern "C" guard of its own.
extern "C" {
#include <fclib.h>
}
#include <hdf5.h>

#include <array>
#include <cmath>
#include <fstream>
#include <string_view>
#include <system_error>
#include <variant>
#include <vector>

namespace moreau::contact {
namespace {

using core::concat;
using core::Diagnostic;

// HDF5 prints its error stack on every failed call unless told not to; library code never
// prints, and a missing dataset is an expected outcome here. Restores the previous handler.
class SilenceHdf5Errors {
 public:
  SilenceHdf5Errors() {
    H5Eget_auto2(H5E_DEFAULT, &function_, &data_);
    H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
  }
  ~SilenceHdf5Errors() { H5Eset_auto2(H5E_DEFAULT, function_, data_); }
  SilenceHdf5Errors(const SilenceHdf5Errors&) = delete;
  SilenceHdf5Errors& operator=(const SilenceHdf5Errors&) = delete;

 private:
  H5E_auto2_t function_ = nullptr;
  void* data_ = nullptr;
};

// Read-only view of the file used to check, before libfclib sees it, every size it trusts.
class Hdf5Reader {
 public:
  explicit Hdf5Reader(const std::filesystem::path& path) : file_name_(path.string()) {
    id_ = H5Fopen(file_name_.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
    if (id_ < 0) throw Diagnostic({file_name_}, "", "cannot open the file as HDF5");
  }
  ~Hdf5Reader() { H5Fclose(id_); }
  Hdf5Reader(const Hdf5Reader&) = delete;
  Hdf5Reader& operator=(const Hdf5Reader&) = delete;

  // Checks each component: H5Lexists fails on a path whose parent is missing.
  bool exists(const std::string& path) const {
    for (std::size_t end = path.find('/', 1);; end = path.find('/', end + 1)) {
      if (H5Lexists(id_, path.substr(0, end).c_str(), H5P_DEFAULT) <= 0) return false;
      if (end == std::string::npos) return true;
    }
  }

  /// Number of elements of a dataset; Diagnostic if it is missing.
  Index size(const std::string& path) const {
    if (!exists(path)) throw error(path, "a dataset", "none");
    const hid_t dataset = H5Dopen2(id_, path.c_str(), H5P_DEFAULT);
    const hid_t space = dataset < 0 ? -1 : H5Dget_space(dataset);
    const hssize_t count = space < 0 ? -1 : H5Sget_simple_extent_npoints(space);
    if (space >= 0) H5Sclose(space);
    if (dataset >= 0) H5Dclose(dataset);
    if (count < 0) throw error(path, "a dataset", "an object that is not one");
    return static_cast<Index>(count);
  }

  void require_size(const std::string& path, Index expected, const std::string& what) const {
    if (const Index found = size(path); found != expected)
      throw error(path, concat(expected, " values (", what, ')'), concat(found));
  }

  /// A scalar integer dataset.
  int integer(const std::string& path) const {
    require_size(path, 1, "a scalar");
    int value = 0;
    read(path, H5T_NATIVE_INT, &value, "an integer");
    return value;
  }

  /// A dataset of `size` integers.
  std::vector<int> integers(const std::string& path, Index size, const std::string& what) const {
    require_size(path, size, what);
    std::vector<int> values(static_cast<std::size_t>(size));
    read(path, H5T_NATIVE_INT, values.data(), "integers");
    return values;
  }

  /// A vector of doubles of the given size, every value finite.
  VecX vector(const std::string& path, Index size, const std::string& what) const {
    require_size(path, size, what);
    VecX values(size);
    read(path, H5T_NATIVE_DOUBLE, values.data(), "numbers");
    for (Index i = 0; i < size; ++i)
      if (!std::isfinite(values[i]))
        throw error(concat(path, '[', i, ']'), "a finite number", concat(values[i]));
    return values;
  }

  const std::string& name() const { return file_name_; }

  Diagnostic error(const std::string& key, std::string_view expected,
                   std::string_view found) const {
    return Diagnostic({file_name_}, key, expected, found);
  }

 private:
  // Reads the whole dataset, converted to `type`, into `buffer`, which holds as many values
  // as the dataset (require_size). A failed read (damaged data, a type HDF5 cannot convert)
  // is an error at the dataset, never the process exit of libfclib's readers.
  void read(const std::string& path, hid_t type, void* buffer, std::string_view expected) const {
    const hid_t dataset = H5Dopen2(id_, path.c_str(), H5P_DEFAULT);
    const char* failure = dataset < 0               ? "a dataset that cannot be opened"
                          : !holds_numbers(dataset) ? "values of another type, or a damaged type"
                          : H5Dread(dataset, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, buffer) < 0
                              ? "a dataset that cannot be read (damaged data)"
                              : nullptr;
    if (dataset >= 0) H5Dclose(dataset);
    if (failure != nullptr) throw error(path, expected, failure);
  }

  // Whether the stored values are integers or floating-point numbers of at most 8 bytes, as
  // FCLib writes them. N.B. checked before H5Dread: a damaged type (a float of 2^20 bytes)
  // makes HDF5 convert value by value through buffers of that size, taking seconds and
  // gigabytes before it fails.
  static bool holds_numbers(hid_t dataset) {
    const hid_t stored = H5Dget_type(dataset);
    if (stored < 0) return false;
    const H5T_class_t type_class = H5Tget_class(stored);
    const std::size_t bytes = H5Tget_size(stored);
    H5Tclose(stored);
    return (type_class == H5T_INTEGER || type_class == H5T_FLOAT) && bytes > 0 && bytes <= 8;
  }

  std::string file_name_;
  hid_t id_ = -1;
};

// A matrix as FCLib stores it: p has n+1 (CSC), m+1 (CSR) or nz (triplets) entries, i and x
// at most nzmax (triplets: nz).
struct StoredMatrix {
  int m = 0, n = 0, nz = 0;
  std::vector<int> p, i;
  VecX x;
};

StoredMatrix read_matrix(const Hdf5Reader& file, const std::string& group) {
  StoredMatrix A;
  A.m = file.integer(group + "/m");
  A.n = file.integer(group + "/n");
  A.nz = file.integer(group + "/nz");
  const int nzmax = file.integer(group + "/nzmax");
  if (A.m < 0 || A.n < 0 || nzmax < 0)
    throw file.error(group, "nonnegative m, n and nzmax", concat(A.m, ", ", A.n, ", ", nzmax));
  if (A.nz < -2 || A.nz > nzmax)
    throw file.error(group + "/nz", "-2 (CSR), -1 (CSC) or a triplet count <= nzmax", concat(A.nz));
  const bool triplets = A.nz >= 0;
  const Index pointers = triplets ? A.nz : (A.nz == -1 ? A.n : A.m) + Index{1};
  A.p = file.integers(group + "/p", pointers, triplets ? "nz column indices" : "the pointers");
  const Index stored = triplets ? A.nz : file.size(group + "/i");
  if (stored > nzmax)
    throw file.error(group + "/i", concat("at most ", nzmax, " values"), concat(stored));
  A.i = file.integers(group + "/i", stored, triplets ? "nz row indices" : "at most nzmax");
  A.x = file.vector(group + "/x", stored, "as many as i");
  return A;
}

// One stored entry (row, col, x) after the bounds checks the sizes above allow.
void add_entry(std::vector<math::Triplet>& entries, const StoredMatrix& A, int row, int col,
               double x, const std::string& file, const std::string& group) {
  if (row < 0 || row >= A.m || col < 0 || col >= A.n)
    throw Diagnostic({file}, group, concat("indices within ", A.m, 'x', A.n),
                     concat('(', row, ", ", col, ')'));
  entries.emplace_back(row, col, x);
}

// CSR (nz = -2), CSC (nz = -1) or triplets (nz >= 0) to Eigen's compressed columns.
SparseMat to_sparse(const StoredMatrix& A, const std::string& file, const std::string& group) {
  std::vector<math::Triplet> entries;
  if (A.nz >= 0) {
    // CSparse's triplet convention (i rows, p columns), not the one fclib.h's comment states:
    // the other reading puts row indices of H beyond its rows in every FCLib global file.
    for (int k = 0; k < A.nz; ++k) add_entry(entries, A, A.i[k], A.p[k], A.x[k], file, group);
  } else {
    const int outer = A.nz == -1 ? A.n : A.m;
    const auto stored = static_cast<int>(A.i.size());
    if (A.p[0] != 0) throw Diagnostic({file}, group + "/p[0]", "0", concat(A.p[0]));
    for (int j = 0; j < outer; ++j) {
      // N.B. each pointer is checked before its entries are read: checking only the last one
      // against i's size let p = {0, 100, 2} read i[2..99] before the decrease was seen.
      if (A.p[j + 1] < A.p[j] || A.p[j + 1] > stored)
        throw Diagnostic(
            {file}, concat(group, "/p[", j + 1, ']'),
            concat("a pointer from ", A.p[j], " to ", stored, " (nondecreasing, within i)"),
            concat(A.p[j + 1]));
      for (int k = A.p[j]; k < A.p[j + 1]; ++k) {
        if (A.nz == -1)
          add_entry(entries, A, A.i[k], j, A.x[k], file, group);
        else
          add_entry(entries, A, j, A.i[k], A.x[k], file, group);
      }
    }
  }
  SparseMat matrix(A.m, A.n);
  matrix.setFromTriplets(entries.begin(), entries.end());
  return matrix;
}

int read_dimension(const Hdf5Reader& file, const std::string& root) {
  const int d = file.integer(root + "/spacedim");
  if (d != 2 && d != 3) throw file.error(root + "/spacedim", "2 or 3", concat(d));
  return d;
}

LocalProblem read_local(const Hdf5Reader& file) {
  LocalProblem problem;
  problem.dimension = read_dimension(file, "/fclib_local");
  const StoredMatrix W = read_matrix(file, "/fclib_local/W");
  if (W.m != W.n || W.m % problem.dimension != 0)
    throw file.error("/fclib_local/W",
                     concat("a square matrix of size d n_c, d = ", problem.dimension),
                     concat(W.m, 'x', W.n));
  for (const char* absent : {"/fclib_local/V", "/fclib_local/R"})
    if (file.exists(absent))
      throw file.error(absent, "no such matrix (mixed problems are not supported)", "one");
  problem.W = BlockSparseMatrix::from_sparse(to_sparse(W, file.name(), "/fclib_local/W"),
                                             problem.dimension);
  problem.q = file.vector("/fclib_local/vectors/q", W.m, "one per row of W");
  problem.mu = file.vector("/fclib_local/vectors/mu", W.m / problem.dimension, "one per contact");
  validate(problem, {file.name()});
  return problem;
}

GlobalProblem read_global(const Hdf5Reader& file) {
  GlobalProblem problem;
  problem.dimension = read_dimension(file, "/fclib_global");
  const StoredMatrix M = read_matrix(file, "/fclib_global/M");
  const StoredMatrix H = read_matrix(file, "/fclib_global/H");
  if (M.m != M.n) throw file.error("/fclib_global/M", "a square matrix", concat(M.m, 'x', M.n));
  if (H.m != M.m || H.n % problem.dimension != 0)
    throw file.error("/fclib_global/H",
                     concat(M.m, " rows and d n_c columns, d = ", problem.dimension),
                     concat(H.m, 'x', H.n));
  if (file.exists("/fclib_global/G"))
    throw file.error("/fclib_global/G", "no such matrix (equality constraints are not supported)",
                     "one");
  problem.M = to_sparse(M, file.name(), "/fclib_global/M");
  problem.H = to_sparse(H, file.name(), "/fclib_global/H");
  problem.f = file.vector("/fclib_global/vectors/f", M.m, "one per dof");
  problem.w = file.vector("/fclib_global/vectors/w", H.n, "one per column of H");
  problem.mu = file.vector("/fclib_global/vectors/mu", H.n / problem.dimension, "one per contact");
  validate(problem, {file.name()});
  return problem;
}

// moreau's own dataset beside FCLib's guess (fclib_io.hpp): FCLib's readers ignore it.
constexpr const char* kGuessPenalty = "/guesses/1/moreau_penalty";

// r of a solution group (/solution or /guesses/1), one value per impulse.
std::optional<VecX> read_impulses(const Hdf5Reader& file, const std::string& group, Index n) {
  if (!file.exists(group)) return std::nullopt;
  return file.vector(group + "/r", n, "one per impulse");
}

// The state a dump's global solver started its guess's solve from, if stored.
std::optional<double> read_guess_penalty(const Hdf5Reader& file) {
  if (!file.exists(kGuessPenalty)) return std::nullopt;
  const double penalty = file.vector(kGuessPenalty, 1, "a scalar")[0];
  if (penalty < 0.0) throw file.error(kGuessPenalty, "a penalty >= 0", concat(penalty));
  return penalty;
}

// A matrix in libfclib's compressed columns (nz = -1), kept alive while libfclib writes it:
// fclib_matrix points into the arrays owned here.
class FclibCompressedColumns {
 public:
  explicit FclibCompressedColumns(SparseMat A) {
    A.makeCompressed();
    pointers_.assign(A.outerIndexPtr(), A.outerIndexPtr() + A.cols() + 1);
    rows_.assign(A.innerIndexPtr(), A.innerIndexPtr() + A.nonZeros());
    values_.assign(A.valuePtr(), A.valuePtr() + A.nonZeros());
    matrix_ = {static_cast<int>(A.nonZeros()),
               static_cast<int>(A.rows()),
               static_cast<int>(A.cols()),
               pointers_.data(),
               rows_.data(),
               values_.data(),
               -1,
               nullptr};
  }
  FclibCompressedColumns(const FclibCompressedColumns&) = delete;
  FclibCompressedColumns& operator=(const FclibCompressedColumns&) = delete;

  fclib_matrix* get() { return &matrix_; }

 private:
  std::vector<int> pointers_, rows_;
  std::vector<double> values_;
  fclib_matrix matrix_{};
};

// libfclib adds its groups to an existing file: a file written again would keep the groups
// of the other form (/fclib_local beside /fclib_global) and a stale /solution.
void remove_existing(const std::filesystem::path& path) {
  std::error_code ignored;
  std::filesystem::remove(path, ignored);
}

// /solution of a file libfclib has just written; v is read only for global problems.
void write_solution(const std::string& file, fclib_solution solution) {
  if (!fclib_write_solution(&solution, file.c_str()))
    throw Diagnostic({file}, "/solution", "libfclib could not write the solution");
}

// v = M^-1 (f + H r), the global velocities of r.
VecX global_velocity(const GlobalProblem& problem, const VecX& r, const std::string& file) {
  return MassFactor(problem.M, {file}).solve(problem.f + problem.H * r);
}

void write_guess(const std::string& file, fclib_solution guess) {
  if (!fclib_write_guesses(1, &guess, file.c_str()))
    throw Diagnostic({file}, "/guesses", "libfclib could not write the guess");
}

// A dataset of one double at `path` (its group exists) in an existing file.
void write_scalar(const std::string& file, const char* path, double value) {
  const hid_t id = H5Fopen(file.c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
  const hsize_t one = 1;
  const hid_t space = id < 0 ? -1 : H5Screate_simple(1, &one, nullptr);
  const hid_t dataset = space < 0 ? -1
                                  : H5Dcreate2(id, path, H5T_IEEE_F64LE, space, H5P_DEFAULT,
                                               H5P_DEFAULT, H5P_DEFAULT);
  const bool written = dataset >= 0 && H5Dwrite(dataset, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL,
                                                H5P_DEFAULT, &value) >= 0;
  if (dataset >= 0) H5Dclose(dataset);
  if (space >= 0) H5Sclose(space);
  const bool closed = id >= 0 && H5Fclose(id) >= 0;
  if (!written || !closed) throw Diagnostic({file}, path, "libhdf5 could not write the value");
}

}  // namespace

bool has_hdf5_signature(const std::filesystem::path& path) {
  constexpr std::array<char, 8> kSignature = {'\x89', 'H', 'D', 'F', '\r', '\n', '\x1a', '\n'};
  std::array<char, 8> start{};
  std::ifstream stream(path, std::ios::binary);
  return stream.read(start.data(), start.size()) && start == kSignature;
}

FclibContents read_fclib(const std::filesystem::path& path) {
  // Debian 12's libhdf5 (1.10.8) itself dies of a segmentation fault on some damaged files (a
  // NULL read in H5F__accum_read under H5Lexists, found by fuzzing), which no check before the
  // call can foresee and no handler can recover from. The file is therefore read in a child
  // process first: if that crashes, the file is refused here and this process never runs the
  // read that would kill it. A read is deterministic (the child starts from this process's
  // state), so one that completed in the child completes here. The cost: a second read of
  // the file, milliseconds for FCLib's problems.
  if (has_hdf5_signature(path))
    if (const auto crash = core::crash_in_child_process([&path] { read_fclib_in_process(path); }))
      throw Diagnostic(
          {path.string()}, "", "an HDF5 file that libhdf5 can read",
          concat("a damaged file, on which libhdf5 crashed in a child process: ", *crash));
  return read_fclib_in_process(path);
}

FclibContents read_fclib_in_process(const std::filesystem::path& path) {
  const std::string file = path.string();
  if (!has_hdf5_signature(path)) throw Diagnostic({file}, "", "an HDF5 file", "other content");
  const SilenceHdf5Errors silence;
  const Hdf5Reader reader(path);
  FclibContents contents;
  if (reader.exists("/fclib_local"))
    contents.problem = read_local(reader);
  else if (reader.exists("/fclib_global"))
    contents.problem = read_global(reader);
  else
    throw reader.error("", "a group /fclib_local or /fclib_global", "neither");
  const Index n = std::visit(
      [](const auto& problem) { return problem.dimension * problem.mu.size(); }, contents.problem);
  contents.solution = read_impulses(reader, "/solution", n);
  contents.guess = read_impulses(reader, "/guesses/1", n);
  contents.guess_penalty = read_guess_penalty(reader);
  return contents;
}

void write_fclib_local(const std::filesystem::path& path, const LocalProblem& problem,
                       const std::optional<VecX>& r, const std::optional<VecX>& u) {
  MOREAU_ASSERT(!u || r);
  MOREAU_ASSERT(!r || r->size() == problem.size());
  MOREAU_ASSERT(!u || u->size() == problem.size());
  const std::string file = path.string();
  const SilenceHdf5Errors silence;
  FclibCompressedColumns W(problem.W.to_sparse());
  VecX q = problem.q, mu = problem.mu;
  fclib_local local{W.get(),  nullptr, nullptr,           mu.data(),
                    q.data(), nullptr, problem.dimension, nullptr};
  remove_existing(path);
  if (!fclib_write_local(&local, file.c_str()))
    throw Diagnostic({file}, "", "libfclib could not write the problem");
  if (!r) return;
  VecX r_out = *r, u_out = u ? *u : problem.velocity(*r);
  write_solution(file, {nullptr, u_out.data(), r_out.data(), nullptr});
}

void write_fclib_global(const std::filesystem::path& path, const GlobalProblem& problem,
                        const std::optional<VecX>& r, const std::optional<VecX>& v) {
  MOREAU_ASSERT(!v || r);
  MOREAU_ASSERT(!r || r->size() == problem.H.cols());
  MOREAU_ASSERT(!v || v->size() == problem.dofs());
  MOREAU_ASSERT(!problem.compliant());
  const std::string file = path.string();
  validate(problem, {file});
  const SilenceHdf5Errors silence;
  FclibCompressedColumns M(problem.M), H(problem.H);
  VecX f = problem.f, w = problem.w, mu = problem.mu;
  fclib_global global{M.get(), H.get(),  nullptr,           mu.data(), f.data(),
                      nullptr, w.data(), problem.dimension, nullptr};
  remove_existing(path);
  if (!fclib_write_global(&global, file.c_str()))
    throw Diagnostic({file}, "", "libfclib could not write the problem");
  if (!r) return;
  VecX r_out = *r;
  VecX v_out = v ? *v : global_velocity(problem, *r, file);
  VecX u_out = problem.local_velocity(v_out);
  write_solution(file, {v_out.data(), u_out.data(), r_out.data(), nullptr});
}

void write_fclib_guess(const std::filesystem::path& path, const LocalProblem& problem,
                       const VecX& r) {
  MOREAU_ASSERT(r.size() == problem.size());
  const SilenceHdf5Errors silence;
  VecX r_out = r, u_out = problem.velocity(r);
  write_guess(path.string(), {nullptr, u_out.data(), r_out.data(), nullptr});
}

void write_fclib_guess(const std::filesystem::path& path, const GlobalProblem& problem,
                       const VecX& r, std::optional<double> penalty) {
  MOREAU_ASSERT(r.size() == problem.H.cols());
  MOREAU_ASSERT(!problem.compliant());
  MOREAU_ASSERT(!penalty || *penalty >= 0.0);
  const std::string file = path.string();
  const SilenceHdf5Errors silence;
  VecX v_out = global_velocity(problem, r, file);
  VecX u_out = problem.local_velocity(v_out);
  VecX r_out = r;
  write_guess(file, {v_out.data(), u_out.data(), r_out.data(), nullptr});
  if (penalty) write_scalar(file, kGuessPenalty, *penalty);
}

}  // namespace moreau::contact
