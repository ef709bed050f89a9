#include "checker/unfolding/AdequateOrder.h"

#include <algorithm>

namespace bpor::unfolding {

OrderKey orderKeyOf(const Event &e) {
  OrderKey key;
  key.size = uint32_t(e.local.size());
  key.parikh.reserve(e.local.size());
  key.levels.resize(e.level + 1);
  for (const Event *x : e.local) {
    key.parikh.push_back(x->transition);
    key.levels[x->level].push_back(x->transition);
  }
  std::sort(key.parikh.begin(), key.parikh.end());
  for (auto &level : key.levels)
    std::sort(level.begin(), level.end());
  return key;
}

namespace {

// Parikh vectors as sorted lists of equal length: a is smaller iff at the smallest transition
// where the counts differ a has fewer, which is where the sorted lists first differ, a holding
// the larger number there.
int compareParikh(const std::vector<uint32_t> &a, const std::vector<uint32_t> &b) {
  size_t n = std::min(a.size(), b.size());
  for (size_t i = 0; i < n; ++i)
    if (a[i] != b[i])
      return a[i] > b[i] ? -1 : 1;
  // One is a prefix of the other (levels of different sizes): the shorter has fewer.
  return a.size() < b.size() ? -1 : a.size() > b.size() ? 1 : 0;
}

} // namespace

bool precedes(const OrderKey &a, const OrderKey &b) {
  if (a.size != b.size)
    return a.size < b.size;
  if (int c = compareParikh(a.parikh, b.parikh))
    return c < 0;
  size_t levels = std::min(a.levels.size(), b.levels.size());
  for (size_t i = 0; i < levels; ++i)
    if (int c = compareParikh(a.levels[i], b.levels[i]))
      return c < 0;
  return a.levels.size() < b.levels.size();
}

} // namespace bpor::unfolding
