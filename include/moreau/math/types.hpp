// Eigen aliases used throughout moreau, so that signatures read as the mathematics does.
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <Eigen/SparseCore>

namespace moreau::math {

using Index = Eigen::Index;
using Vec2 = Eigen::Vector2d;
using Vec3 = Eigen::Vector3d;
using Mat2 = Eigen::Matrix2d;
using Mat3 = Eigen::Matrix3d;
using VecX = Eigen::VectorXd;
using MatX = Eigen::MatrixXd;
using Quat = Eigen::Quaterniond;
/// Compressed-column sparse matrix, Eigen's default and what SuiteSparse expects.
using SparseMat = Eigen::SparseMatrix<double>;
using Triplet = Eigen::Triplet<double>;

}  // namespace moreau::math
