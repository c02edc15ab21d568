#pragma once
/// \file core/nth_element.hpp
/// Selection and a heap sort over a plain array, written once as TANDEM_HD code so that
/// one thread (a CPU task or a GPU thread) can order one lane: median, quantile,
/// partition, argpartition and topk are built on them. Both take a strict weak order
/// `less` (operator< by default).

#include "../config.hpp"

namespace tandem::detail {

/// operator<, the default order.
struct plain_less {
  template <class T>
  TANDEM_HD bool operator()(const T& a, const T& b) const {
    return a < b;
  }
};

template <class T>
TANDEM_HD void swap_values(T& a, T& b) {
  const T t = a;
  a = b;
  b = t;
}

/// Sorts p[0, n) by sifting a heap: select_kth's fallback, O(n log n) in the worst case.
template <class T, class Less = plain_less>
TANDEM_HD void heap_sort(T* p, index_t n, Less less = {}) {
  auto sift = [p, less](index_t root, index_t end) {
    for (;;) {
      index_t child = 2 * root + 1;
      if (child >= end) return;
      if (child + 1 < end && less(p[child], p[child + 1])) ++child;
      if (!less(p[root], p[child])) return;
      swap_values(p[root], p[child]);
      root = child;
    }
  };
  for (index_t i = n / 2; i-- > 0;) sift(i, n);
  for (index_t end = n; end-- > 1;) {
    swap_values(p[0], p[end]);
    sift(0, end);
  }
}

/// Reorders p[0, n) so that p[k] is the element a sort by `less` would put there, with
/// nothing after it before it and nothing before it after: quickselect with a
/// median-of-three pivot, which after 2 log2(n) + 8 rounds (only adversarial inputs get
/// there) finishes the remaining range with heap_sort. Expected O(n). `less` must be a
/// strict weak order over the elements present (operator< is not one when NaNs are).
template <class T, class Less = plain_less>
TANDEM_HD void select_kth(T* p, index_t n, index_t k, Less less = {}) {
  index_t lo = 0, hi = n - 1;
  int rounds = 8;
  for (index_t m = n; m > 1; m >>= 1) rounds += 2;
  while (hi > lo + 1) {
    if (rounds-- == 0) {
      heap_sort(p + lo, hi - lo + 1, less);
      return;
    }
    const index_t mid = lo + (hi - lo) / 2;
    swap_values(p[mid], p[lo + 1]);
    if (less(p[hi], p[lo])) swap_values(p[lo], p[hi]);
    if (less(p[hi], p[lo + 1])) swap_values(p[lo + 1], p[hi]);
    if (less(p[lo + 1], p[lo])) swap_values(p[lo], p[lo + 1]);
    // p[lo] <= pivot = p[lo + 1] <= p[hi]: both ends stop the scans below.
    const T pivot = p[lo + 1];
    index_t i = lo + 1, j = hi;
    for (;;) {
      do ++i;
      while (less(p[i], pivot));
      do --j;
      while (less(pivot, p[j]));
      if (j < i) break;
      swap_values(p[i], p[j]);
    }
    p[lo + 1] = p[j];
    p[j] = pivot;
    if (j >= k) hi = j - 1;
    if (j <= k) lo = i;
  }
  if (hi == lo + 1 && less(p[hi], p[lo])) swap_values(p[lo], p[hi]);
}

}  // namespace tandem::detail
