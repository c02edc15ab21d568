#pragma once
/// \file dist.hpp
/// td::dist: tensors split over the ranks of an MPI program (not part of tandem.hpp:
/// a program that includes this links tandem::dist, which brings MPI).
///
/// \code
/// #include <tandem/dist.hpp>
/// int main(int argc, char** argv) {
///   td::dist::environment env(argc, argv);
///   auto w = td::dist::world();
///   auto u = td::dist::arange<double>(w, 0.0, 1e6);
///   double s = td::sum(td::sqrt(u));          // the same on every rank
/// }
/// \endcode

#include "tandem.hpp"
#include "dist/communicator.hpp"
#include "dist/tensor.hpp"
#include "dist/expr.hpp"
#include "dist/reduce.hpp"
#include "dist/halo.hpp"
#include "dist/scan.hpp"
#include "dist/sort.hpp"
#include "dist/matmul.hpp"
#include "dist/io.hpp"
