// A square matrix known only by its product with a vector, for Eigen's iterative solvers
// (Eigen's recipe for matrix-free solvers: an EigenBase whose product with a dense vector is
// the given function). Newton's method uses it for a Jacobian whose assembly would cost more
// than the few products an iterative solve takes. Private to src/solvers.
#pragma once

#include "moreau/math/types.hpp"

#include <Eigen/Core>

#include <functional>
#include <utility>

namespace moreau::solvers::detail {
class LinearOperator;
}  // namespace moreau::solvers::detail

namespace Eigen::internal {
template <>
struct traits<moreau::solvers::detail::LinearOperator> : traits<SparseMatrix<double>> {};
}  // namespace Eigen::internal

namespace moreau::solvers::detail {

class LinearOperator : public Eigen::EigenBase<LinearOperator> {
 public:
  using Scalar = double;
  using RealScalar = double;
  using StorageIndex = int;
  enum {
    ColsAtCompileTime = Eigen::Dynamic,
    MaxColsAtCompileTime = Eigen::Dynamic,
    IsRowMajor = false
  };
  /// y = A x, y of the size of x.
  using Product = std::function<void(const math::VecX& x, math::VecX& y)>;

  LinearOperator(math::Index size, Product product) : size_(size), product_(std::move(product)) {}

  Eigen::Index rows() const { return size_; }
  Eigen::Index cols() const { return size_; }
  math::VecX operator()(const math::VecX& x) const {
    math::VecX y(size_);
    product_(x, y);
    return y;
  }
  template <class Rhs>
  Eigen::Product<LinearOperator, Rhs, Eigen::AliasFreeProduct> operator*(
      const Eigen::MatrixBase<Rhs>& x) const {
    return Eigen::Product<LinearOperator, Rhs, Eigen::AliasFreeProduct>(*this, x.derived());
  }

 private:
  math::Index size_;
  Product product_;
};

}  // namespace moreau::solvers::detail

namespace Eigen::internal {
template <class Rhs>
struct generic_product_impl<moreau::solvers::detail::LinearOperator, Rhs, SparseShape, DenseShape,
                            GemvProduct>
    : generic_product_impl_base<
          moreau::solvers::detail::LinearOperator, Rhs,
          generic_product_impl<moreau::solvers::detail::LinearOperator, Rhs>> {
  template <class Dest>
  static void scaleAndAddTo(Dest& y, const moreau::solvers::detail::LinearOperator& A, const Rhs& x,
                            const double& alpha) {
    y += alpha * A(x);
  }
};
}  // namespace Eigen::internal
