// The runtime's table of synchronisation objects of one kind, keyed by the object's address.
//
// A sorted vector rather than a hash map: programs use a handful of mutexes and condition
// variables, so a binary search over a few contiguous entries beats hashing, clear() keeps the
// storage (restart allocates nothing), and copying the table (a checkpoint) is one block copy
// for trivially copyable objects. Iteration is in address order, which is deterministic.
// References to entries are invalidated by insertion and erasure (unlike a node-based map):
// callers hold one only until the next change of the same table.
#pragma once

#include "core/CopyVector.h"

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

namespace bpor::runtime {

template <typename Value> class SyncTable {
public:
  using Key = uint64_t;
  using Entry = std::pair<Key, Value>;
  using iterator = typename std::vector<Entry>::iterator;
  using const_iterator = typename std::vector<Entry>::const_iterator;

  iterator begin() { return entries_.begin(); }
  iterator end() { return entries_.end(); }
  const_iterator begin() const { return entries_.begin(); }
  const_iterator end() const { return entries_.end(); }
  bool empty() const { return entries_.empty(); }
  size_t size() const { return entries_.size(); }
  size_t capacity() const { return entries_.capacity(); }
  void clear() { entries_.clear(); }

  iterator find(Key key) {
    iterator it = lowerBound(key);
    return it != entries_.end() && it->first == key ? it : entries_.end();
  }
  const_iterator find(Key key) const {
    auto it = std::lower_bound(entries_.begin(), entries_.end(), key,
                               [](const Entry &e, Key k) { return e.first < k; });
    return it != entries_.end() && it->first == key ? it : entries_.end();
  }

  /// The entry for `key`, default-constructed if absent.
  Value &operator[](Key key) { return emplace(key, Value()).first->second; }

  /// Inserts (key, value) unless `key` is present; returns the entry and whether it inserted.
  std::pair<iterator, bool> emplace(Key key, Value value) {
    iterator it = lowerBound(key);
    if (it != entries_.end() && it->first == key)
      return {it, false};
    return {entries_.insert(it, Entry(key, std::move(value))), true};
  }

  void insert_or_assign(Key key, Value value) {
    auto [it, inserted] = emplace(key, value);
    if (!inserted)
      it->second = std::move(value);
  }

  void erase(iterator it) { entries_.erase(it); }
  void erase(Key key) {
    iterator it = find(key);
    if (it != entries_.end())
      entries_.erase(it);
  }

private:
  iterator lowerBound(Key key) {
    return std::lower_bound(entries_.begin(), entries_.end(), key,
                            [](const Entry &e, Key k) { return e.first < k; });
  }

  CopyVector<Entry> entries_;
};

} // namespace bpor::runtime
