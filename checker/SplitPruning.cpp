#include "checker/SplitPruning.h"

namespace bpor {

void SplitPruning::merge(const SplitPruning &other) {
  asked.insert(other.asked.begin(), other.asked.end());
  pruned.insert(other.pruned.begin(), other.pruned.end());
}

namespace {

/// Whether every step of `path` is a needed branch: the thread taken at each state, after the
/// path to that state.
bool allNeeded(const SplitPath &path, const std::set<std::vector<uint32_t>> &needed) {
  std::vector<uint32_t> key;
  for (size_t step = 0; step + 1 < path.size(); step += 2) {
    key.assign(path.begin(), path.begin() + step);
    key.push_back(path[step]);
    if (!needed.count(key))
      return false;
  }
  return true;
}

} // namespace

bool SplitPruning::cutNeeded() const {
  // The least fixpoint: an ask counts once what it comes from is needed.
  std::set<std::vector<uint32_t>> needed;
  for (bool grew = true; grew;) {
    grew = false;
    for (const auto &[from, branch] : asked)
      if (!needed.count(branch) && allNeeded(from, needed)) {
        needed.insert(branch);
        grew = true;
      }
  }
  for (const SplitPath &path : pruned)
    if (allNeeded(path, needed))
      return true;
  return false;
}

} // namespace bpor
