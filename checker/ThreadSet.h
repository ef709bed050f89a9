// A set of thread ids as a bitset: the enabled, backtrack, done and sleep sets of a state.
// Every state on the search stack has several, so the first 64 threads live inline and only
// programs with more threads pay for a heap allocation.
#pragma once

#include "core/Model.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

namespace bpor {

class ThreadSet {
public:
  bool contains(ThreadId t) const { return (word(t / 64) >> (t % 64)) & 1; }
  /// Returns true if `t` was not in the set.
  bool insert(ThreadId t) {
    uint64_t &w = wordForWrite(t / 64);
    uint64_t bit = uint64_t(1) << (t % 64);
    bool added = !(w & bit);
    w |= bit;
    return added;
  }
  void erase(ThreadId t) {
    size_t w = t / 64;
    if (w < numWords())
      wordForWrite(w) &= ~(uint64_t(1) << (t % 64));
  }
  void clear() {
    first = 0;
    rest.clear();
  }
  bool empty() const {
    if (first)
      return false;
    for (uint64_t w : rest)
      if (w)
        return false;
    return true;
  }
  size_t size() const {
    size_t n = std::popcount(first);
    for (uint64_t w : rest)
      n += std::popcount(w);
    return n;
  }
  /// Calls f(t) for each member in increasing order.
  template <typename F> void forEach(F &&f) const {
    for (size_t w = 0; w < numWords(); ++w)
      for (uint64_t bits = word(w); bits; bits &= bits - 1)
        f(ThreadId(w * 64 + std::countr_zero(bits)));
  }
  /// Calls f(t) for each member that is also in `also` and not in `without`, in increasing
  /// order (word by word: no test per thread).
  template <typename F>
  void forEachAlsoInNotIn(const ThreadSet &also, const ThreadSet &without, F &&f) const {
    for (size_t w = 0; w < numWords(); ++w)
      for (uint64_t bits = word(w) & also.word(w) & ~without.word(w); bits; bits &= bits - 1)
        f(ThreadId(w * 64 + std::countr_zero(bits)));
  }
  /// Smallest member not in `excluded`, or NoThread.
  ThreadId firstNotIn(const ThreadSet &excluded) const {
    for (size_t w = 0; w < numWords(); ++w)
      if (uint64_t bits = word(w) & ~excluded.word(w))
        return ThreadId(w * 64 + std::countr_zero(bits));
    return NoThread;
  }
  void insertAll(const ThreadSet &other) {
    for (size_t w = 0; w < other.numWords(); ++w)
      if (uint64_t bits = other.word(w))
        wordForWrite(w) |= bits;
  }
  bool operator==(const ThreadSet &other) const {
    size_t n = std::max(numWords(), other.numWords());
    for (size_t w = 0; w < n; ++w)
      if (word(w) != other.word(w))
        return false;
    return true;
  }

private:
  size_t numWords() const { return 1 + rest.size(); }
  uint64_t word(size_t w) const {
    if (w == 0)
      return first;
    return w - 1 < rest.size() ? rest[w - 1] : 0;
  }
  uint64_t &wordForWrite(size_t w) {
    if (w == 0)
      return first;
    if (w - 1 >= rest.size())
      rest.resize(w, 0);
    return rest[w - 1];
  }

  uint64_t first = 0;          // threads 0..63
  std::vector<uint64_t> rest;  // threads 64 and up, 64 per word
};

} // namespace bpor
