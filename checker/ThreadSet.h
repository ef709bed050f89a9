// A set of thread ids as a bitset: the enabled, backtrack, done and sleep sets of a state.
#pragma once

#include "checker/Model.h"

#include <bit>
#include <cstdint>
#include <vector>

namespace bpor {

class ThreadSet {
public:
  bool contains(ThreadId t) const {
    size_t w = t / 64;
    return w < words.size() && (words[w] >> (t % 64)) & 1;
  }
  /// Returns true if `t` was not in the set.
  bool insert(ThreadId t) {
    size_t w = t / 64;
    if (w >= words.size())
      words.resize(w + 1, 0);
    uint64_t bit = uint64_t(1) << (t % 64);
    bool added = !(words[w] & bit);
    words[w] |= bit;
    return added;
  }
  void erase(ThreadId t) {
    size_t w = t / 64;
    if (w < words.size())
      words[w] &= ~(uint64_t(1) << (t % 64));
  }
  void clear() { words.clear(); }
  bool empty() const {
    for (uint64_t w : words)
      if (w)
        return false;
    return true;
  }
  size_t size() const {
    size_t n = 0;
    for (uint64_t w : words)
      n += std::popcount(w);
    return n;
  }
  /// Calls f(t) for each member in increasing order.
  template <typename F> void forEach(F &&f) const {
    for (size_t w = 0; w < words.size(); ++w)
      for (uint64_t bits = words[w]; bits; bits &= bits - 1)
        f(ThreadId(w * 64 + std::countr_zero(bits)));
  }
  /// Smallest member not in `excluded`, or NoThread.
  ThreadId firstNotIn(const ThreadSet &excluded) const {
    for (size_t w = 0; w < words.size(); ++w) {
      uint64_t other = w < excluded.words.size() ? excluded.words[w] : 0;
      if (uint64_t bits = words[w] & ~other)
        return ThreadId(w * 64 + std::countr_zero(bits));
    }
    return NoThread;
  }
  void insertAll(const ThreadSet &other) {
    if (other.words.size() > words.size())
      words.resize(other.words.size(), 0);
    for (size_t w = 0; w < other.words.size(); ++w)
      words[w] |= other.words[w];
  }
  bool operator==(const ThreadSet &other) const {
    size_t n = std::max(words.size(), other.words.size());
    for (size_t w = 0; w < n; ++w) {
      uint64_t a = w < words.size() ? words[w] : 0;
      uint64_t b = w < other.words.size() ? other.words[w] : 0;
      if (a != b)
        return false;
    }
    return true;
  }

private:
  std::vector<uint64_t> words;
};

} // namespace bpor
