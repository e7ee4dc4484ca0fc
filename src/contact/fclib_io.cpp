#include "moreau/contact/fclib_io.hpp"

#include "moreau/core/assert.hpp"
#include "moreau/core/concat.hpp"

// fclib.h declares C functions without an extern "C" guard of its own.
extern "C" {
#include <fclib.h>
}
#include <hdf5.h>

#include <array>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <system_error>
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
    const hid_t dataset = H5Dopen2(id_, path.c_str(), H5P_DEFAULT);
    const herr_t status = H5Dread(dataset, H5T_NATIVE_INT, H5S_ALL, H5S_ALL, H5P_DEFAULT, &value);
    H5Dclose(dataset);
    if (status < 0) throw error(path, "an integer", "a dataset that cannot be read as one");
    return value;
  }

  /// A vector of doubles of the given size, every value finite.
  VecX vector(const std::string& path, Index size, const std::string& what) const {
    require_size(path, size, what);
    VecX values(size);
    const hid_t dataset = H5Dopen2(id_, path.c_str(), H5P_DEFAULT);
    const herr_t status =
        H5Dread(dataset, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, values.data());
    H5Dclose(dataset);
    if (status < 0) throw error(path, "numbers", "a dataset that cannot be read as such");
    for (Index i = 0; i < size; ++i)
      if (!std::isfinite(values[i]))
        throw error(concat(path, '[', i, ']'), "a finite number", concat(values[i]));
    return values;
  }

  Diagnostic error(const std::string& key, std::string_view expected,
                   std::string_view found) const {
    return Diagnostic({file_name_}, key, expected, found);
  }

 private:
  std::string file_name_;
  hid_t id_ = -1;
};

// Sizes of a stored matrix, checked against what libfclib's read_matrix allocates: p has
// n+1 (CSC), m+1 (CSR) or nz (triplets) entries, i and x at most nzmax (triplets: i has nz).
struct MatrixShape {
  int m = 0, n = 0, nz = 0;
  Index stored = 0;  // entries of i and x that hold data
};

MatrixShape check_matrix(const Hdf5Reader& file, const std::string& group) {
  MatrixShape shape;
  shape.m = file.integer(group + "/m");
  shape.n = file.integer(group + "/n");
  shape.nz = file.integer(group + "/nz");
  const int nzmax = file.integer(group + "/nzmax");
  if (shape.m < 0 || shape.n < 0 || nzmax < 0)
    throw file.error(group, "nonnegative m, n and nzmax",
                     concat(shape.m, ", ", shape.n, ", ", nzmax));
  if (shape.nz < -2 || shape.nz > nzmax)
    throw file.error(group + "/nz", "-2 (CSR), -1 (CSC) or a triplet count <= nzmax",
                     concat(shape.nz));
  const Index pointers = shape.nz >= 0 ? shape.nz : (shape.nz == -1 ? shape.n : shape.m) + Index{1};
  file.require_size(group + "/p", pointers, shape.nz >= 0 ? "nz row indices" : "the pointers");
  shape.stored = file.size(group + "/i");
  if (shape.stored > (shape.nz >= 0 ? shape.nz : nzmax))
    throw file.error(group + "/i", concat("at most ", shape.nz >= 0 ? shape.nz : nzmax, " values"),
                     concat(shape.stored));
  file.require_size(group + "/x", shape.stored, "as many as i");
  return shape;
}

// One stored entry (row, col, x) after the bounds checks the sizes above allow.
void add_entry(std::vector<math::Triplet>& entries, const fclib_matrix& A, int row, int col,
               double x, const std::string& file, const std::string& group) {
  if (row < 0 || row >= A.m || col < 0 || col >= A.n)
    throw Diagnostic({file}, group, concat("indices within ", A.m, 'x', A.n),
                     concat('(', row, ", ", col, ')'));
  if (!std::isfinite(x))
    throw Diagnostic({file}, concat(group, '(', row, ", ", col, ')'), "a finite number", concat(x));
  entries.emplace_back(row, col, x);
}

// CSR (nz = -2), CSC (nz = -1) or triplets (nz >= 0) to Eigen's compressed columns.
SparseMat to_sparse(const fclib_matrix& A, const MatrixShape& shape, const std::string& file,
                    const std::string& group) {
  std::vector<math::Triplet> entries;
  if (A.nz >= 0) {
    // CSparse's triplet convention (i rows, p columns), not the one fclib.h's comment states:
    // the other reading puts row indices of H beyond its rows in every FCLib global file.
    for (int k = 0; k < A.nz; ++k) add_entry(entries, A, A.i[k], A.p[k], A.x[k], file, group);
  } else {
    const int outer = A.nz == -1 ? A.n : A.m;
    if (A.p[0] != 0 || A.p[outer] > shape.stored)
      throw Diagnostic({file}, group + "/p", concat("pointers from 0 to at most ", shape.stored),
                       concat(A.p[0], " ... ", A.p[outer]));
    for (int j = 0; j < outer; ++j) {
      if (A.p[j + 1] < A.p[j])
        throw Diagnostic({file}, concat(group, "/p[", j + 1, ']'), "nondecreasing pointers",
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

VecX to_vector(const double* values, Index size) {
  return size == 0 ? VecX() : VecX(Eigen::Map<const VecX>(values, size));
}

int check_dimension(const Hdf5Reader& file, const std::string& root) {
  const int d = file.integer(root + "/spacedim");
  if (d != 2 && d != 3) throw file.error(root + "/spacedim", "2 or 3", concat(d));
  return d;
}

// Sizes a local problem's reader trusts; returns n = W.m.
Index check_local(const Hdf5Reader& file, MatrixShape& W) {
  const int d = check_dimension(file, "/fclib_local");
  W = check_matrix(file, "/fclib_local/W");
  if (W.m != W.n || W.m % d != 0)
    throw file.error("/fclib_local/W", concat("a square matrix of size d n_c, d = ", d),
                     concat(W.m, 'x', W.n));
  for (const char* absent : {"/fclib_local/V", "/fclib_local/R"})
    if (file.exists(absent))
      throw file.error(absent, "no such matrix (mixed problems are not supported)", "one");
  file.require_size("/fclib_local/vectors/q", W.m, "one per row of W");
  file.require_size("/fclib_local/vectors/mu", W.m / d, "one per contact");
  return W.m;
}

// Sizes a global problem's reader trusts; returns n = H.n.
Index check_global(const Hdf5Reader& file, MatrixShape& M, MatrixShape& H) {
  const int d = check_dimension(file, "/fclib_global");
  M = check_matrix(file, "/fclib_global/M");
  H = check_matrix(file, "/fclib_global/H");
  if (M.m != M.n) throw file.error("/fclib_global/M", "a square matrix", concat(M.m, 'x', M.n));
  if (H.m != M.m || H.n % d != 0)
    throw file.error("/fclib_global/H", concat(M.m, " rows and d n_c columns, d = ", d),
                     concat(H.m, 'x', H.n));
  if (file.exists("/fclib_global/G"))
    throw file.error("/fclib_global/G", "no such matrix (equality constraints are not supported)",
                     "one");
  file.require_size("/fclib_global/vectors/f", M.m, "one per dof");
  file.require_size("/fclib_global/vectors/w", H.n, "one per column of H");
  file.require_size("/fclib_global/vectors/mu", H.n / d, "one per contact");
  return H.n;
}

// A solution group (/solution or /guesses/k) as libfclib's read_solution reads it: v (global
// problems only), u and r, all present with their sizes.
bool check_solution(const Hdf5Reader& file, const std::string& root, Index n, Index dofs) {
  if (!file.exists(root)) return false;
  if (dofs > 0) file.require_size(root + "/v", dofs, "one per dof");
  file.require_size(root + "/u", n, "one per local velocity");
  file.require_size(root + "/r", n, "one per impulse");
  return true;
}

// fclib_delete_solutions frees each solution's arrays and the array of solutions itself.
struct SolutionsDeleter {
  int count;
  void operator()(fclib_solution* solutions) const { fclib_delete_solutions(solutions, count); }
};

std::optional<VecX> read_first_r(fclib_solution* solutions, int count, Index n,
                                 const std::string& file, const std::string& key) {
  const std::unique_ptr<fclib_solution, SolutionsDeleter> owner(solutions, SolutionsDeleter{count});
  if (!solutions) throw Diagnostic({file}, key, "libfclib could not read it");
  VecX r = to_vector(solutions[0].r, n);
  for (Index i = 0; i < n; ++i)
    if (!std::isfinite(r[i]))
      throw Diagnostic({file}, concat(key, "/r[", i, ']'), "a finite number", concat(r[i]));
  return r;
}

// fclib_delete_local and fclib_delete_global free what the problem points to, not the
// problem struct itself (LeakSanitizer shows it): that is freed here.
void delete_local(fclib_local* problem) {
  fclib_delete_local(problem);
  std::free(problem);
}

void delete_global(fclib_global* problem) {
  fclib_delete_global(problem);
  std::free(problem);
}

LocalProblem read_local(const std::string& file, const MatrixShape& shape) {
  const std::unique_ptr<fclib_local, void (*)(fclib_local*)> data(fclib_read_local(file.c_str()),
                                                                  delete_local);
  if (!data) throw Diagnostic({file}, "/fclib_local", "libfclib could not read it");
  LocalProblem problem;
  problem.dimension = data->spacedim;
  const SparseMat W = to_sparse(*data->W, shape, file, "/fclib_local/W");
  problem.W = BlockSparseMatrix::from_sparse(W, problem.dimension);
  problem.q = to_vector(data->q, shape.m);
  problem.mu = to_vector(data->mu, shape.m / problem.dimension);
  validate(problem, {file});
  return problem;
}

GlobalProblem read_global(const std::string& file, const MatrixShape& M, const MatrixShape& H) {
  const std::unique_ptr<fclib_global, void (*)(fclib_global*)> data(fclib_read_global(file.c_str()),
                                                                    delete_global);
  if (!data) throw Diagnostic({file}, "/fclib_global", "libfclib could not read it");
  GlobalProblem problem;
  problem.dimension = data->spacedim;
  problem.M = to_sparse(*data->M, M, file, "/fclib_global/M");
  problem.H = to_sparse(*data->H, H, file, "/fclib_global/H");
  problem.f = to_vector(data->f, M.m);
  problem.w = to_vector(data->w, H.n);
  problem.mu = to_vector(data->mu, H.n / problem.dimension);
  validate(problem, {file});
  return problem;
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

}  // namespace

bool has_hdf5_signature(const std::filesystem::path& path) {
  constexpr std::array<char, 8> kSignature = {'\x89', 'H', 'D', 'F', '\r', '\n', '\x1a', '\n'};
  std::array<char, 8> start{};
  std::ifstream stream(path, std::ios::binary);
  return stream.read(start.data(), start.size()) && start == kSignature;
}

FclibContents read_fclib(const std::filesystem::path& path) {
  const std::string file = path.string();
  if (!has_hdf5_signature(path)) throw Diagnostic({file}, "", "an HDF5 file", "other content");
  const SilenceHdf5Errors silence;
  const Hdf5Reader reader(path);
  MatrixShape first, second;
  FclibContents contents;
  Index n = 0, dofs = 0;
  if (reader.exists("/fclib_local")) {
    n = check_local(reader, first);
    contents.problem = read_local(file, first);
  } else if (reader.exists("/fclib_global")) {
    n = check_global(reader, first, second);
    dofs = first.m;
    contents.problem = read_global(file, first, second);
  } else {
    throw reader.error("", "a group /fclib_local or /fclib_global", "neither");
  }
  if (check_solution(reader, "/solution", n, dofs))
    contents.solution = read_first_r(fclib_read_solution(file.c_str()), 1, n, file, "/solution");
  // Not fclib_read_guesses: it opens the file read-write, so it fails (and prints) on the
  // read-only files of a shared collection.
  if (reader.exists("/guesses/1"))
    contents.guess = reader.vector("/guesses/1/r", n, "one per impulse");
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
  VecX v_out = v ? *v : Condensation(problem, {file}).global_velocity(*r);
  VecX u_out = problem.H.transpose() * v_out + problem.w;
  write_solution(file, {v_out.data(), u_out.data(), r_out.data(), nullptr});
}

}  // namespace moreau::contact
