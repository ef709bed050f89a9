// A std::vector whose copy assignment from an empty vector is a compare and a clear. The
// checkpoints of a model copy whole thread states (runtime/Checkpoint.cpp), most of whose
// vectors are empty in most programs (exceptions in flight, jump targets, thread-specific
// data...); std::vector's own assignment calls memmove even for zero elements.
#pragma once

#include <vector>

namespace bpor {

template <typename T>
class CopyVector : public std::vector<T> {
public:
  using std::vector<T>::vector;
  CopyVector() = default;
  CopyVector(const CopyVector &) = default;
  CopyVector(CopyVector &&) noexcept = default;
  CopyVector &operator=(CopyVector &&) noexcept = default;
  CopyVector &operator=(const CopyVector &other) {
    if (other.empty())
      this->clear();
    else
      std::vector<T>::operator=(other);
    return *this;
  }
};

} // namespace bpor
