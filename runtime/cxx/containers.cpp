// The node-based containers' out-of-line parts: std::list's node linking, the unordered
// containers' bucket-count policy, and the byte hashes behind std::hash of strings. Iteration
// order of unordered containers is unspecified; here it follows these hashes and prime bucket
// counts, not necessarily libstdc++'s.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <list>
#include <unordered_map>
#include <utility>

namespace std {

// ---- std::list ----
namespace __detail {

void _List_node_base::_M_hook(_List_node_base *const position) noexcept {
  _M_next = position;
  _M_prev = position->_M_prev;
  position->_M_prev->_M_next = this;
  position->_M_prev = this;
}

void _List_node_base::_M_unhook() noexcept {
  _M_prev->_M_next = _M_next;
  _M_next->_M_prev = _M_prev;
}

// Moves [first, last) before this node.
void _List_node_base::_M_transfer(_List_node_base *const first,
                                  _List_node_base *const last) noexcept {
  if (this == last)
    return;
  _List_node_base *beforeFirst = first->_M_prev;
  _List_node_base *lastMoved = last->_M_prev;
  beforeFirst->_M_next = last; // unlink the range
  last->_M_prev = beforeFirst;
  _List_node_base *before = _M_prev; // link it in before this
  before->_M_next = first;
  first->_M_prev = before;
  lastMoved->_M_next = this;
  _M_prev = lastMoved;
}

void _List_node_base::_M_reverse() noexcept {
  _List_node_base *node = this;
  do {
    std::swap(node->_M_next, node->_M_prev);
    node = node->_M_prev; // the old next
  } while (node != this);
}

// Swaps the contents of two lists given their sentinel nodes.
void _List_node_base::swap(_List_node_base &x, _List_node_base &y) noexcept {
  auto relink = [](_List_node_base &to, _List_node_base &from) {
    // `to` takes the nodes `from` had (from's links, read before the caller changed them).
    if (from._M_next == &from) {
      to._M_next = to._M_prev = &to;
    } else {
      to._M_next = from._M_next;
      to._M_prev = from._M_prev;
      to._M_next->_M_prev = to._M_prev->_M_next = &to;
    }
  };
  _List_node_base savedX = x;
  bool xEmpty = x._M_next == &x;
  relink(x, y);
  if (xEmpty) {
    y._M_next = y._M_prev = &y;
  } else {
    y._M_next = savedX._M_next;
    y._M_prev = savedX._M_prev;
    y._M_next->_M_prev = y._M_prev->_M_next = &y;
  }
}

// ---- unordered containers: prime bucket counts, grown by a factor of two ----
static bool isPrime(size_t n) {
  if (n < 2)
    return false;
  for (size_t d = 2; d * d <= n; ++d)
    if (n % d == 0)
      return false;
  return true;
}

size_t _Prime_rehash_policy::_M_next_bkt(size_t n) const {
  size_t buckets = n < 2 ? (n == 0 ? 1 : 2) : n;
  while (buckets > 2 && !isPrime(buckets))
    ++buckets;
  _M_next_resize = size_t(std::floor(double(buckets) * double(_M_max_load_factor)));
  return buckets;
}

pair<bool, size_t> _Prime_rehash_policy::_M_need_rehash(size_t buckets, size_t elements,
                                                        size_t inserted) const {
  if (elements + inserted <= _M_next_resize)
    return {false, 0};
  double needed = double(elements + inserted) / double(_M_max_load_factor);
  if (needed >= double(buckets))
    return {true, _M_next_bkt(std::max<size_t>(size_t(std::floor(needed)) + 1, buckets * 2))};
  _M_next_resize = size_t(std::floor(double(buckets) * double(_M_max_load_factor)));
  return {false, 0};
}

} // namespace __detail

// ---- std::hash of byte strings (FNV-1a over the bytes, then the seed mixed in) ----
size_t _Hash_bytes(const void *data, size_t length, size_t seed) {
  const unsigned char *bytes = static_cast<const unsigned char *>(data);
  uint64_t hash = 14695981039346656037ull ^ seed;
  for (size_t i = 0; i < length; ++i) {
    hash ^= bytes[i];
    hash *= 1099511628211ull;
  }
  return size_t(hash ^ (hash >> 29));
}

size_t _Fnv_hash_bytes(const void *data, size_t length, size_t seed) {
  const unsigned char *bytes = static_cast<const unsigned char *>(data);
  uint64_t hash = seed;
  for (size_t i = 0; i < length; ++i) {
    hash ^= bytes[i];
    hash *= 1099511628211ull;
  }
  return size_t(hash);
}

} // namespace std
