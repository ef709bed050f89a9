#include "checker/SplitRounds.h"

#include <algorithm>

namespace bpor {

void SplitRounds::startNext(const std::set<Branch> &asked) {
  ++current_;
  currentStates_.clear();
  for (const Branch &branch : asked) {
    SplitPath state(branch.begin(), branch.end() - 2);
    auto &threads = added_[state];
    uint32_t thread = branch[branch.size() - 2];
    bool known = std::any_of(threads.begin(), threads.end(),
                             [&](const auto &added) { return added.first == thread; });
    if (known)
      continue;
    threads.emplace_back(thread, current_);
    currentStates_.insert(std::move(state));
  }
}

const std::vector<std::pair<uint32_t, unsigned>> *SplitRounds::at(const SplitPath &state) const {
  auto it = added_.find(state);
  return it == added_.end() ? nullptr : &it->second;
}

bool SplitRounds::leadsToCurrent(const SplitPath &state) const {
  auto it = currentStates_.lower_bound(state);
  return it != currentStates_.end() && it->size() >= state.size() &&
         std::equal(state.begin(), state.end(), it->begin());
}

std::vector<std::pair<SplitRounds::Branch, unsigned>> SplitRounds::all() const {
  std::vector<std::pair<Branch, unsigned>> branches;
  for (const auto &[state, threads] : added_)
    for (const auto &[thread, round] : threads) {
      Branch branch = state;
      branch.push_back(thread);
      branch.push_back(0);
      branches.emplace_back(std::move(branch), round);
    }
  std::stable_sort(branches.begin(), branches.end(),
                   [](const auto &a, const auto &b) { return a.second < b.second; });
  return branches;
}

SplitRounds SplitRounds::from(const std::vector<std::pair<Branch, unsigned>> &branches,
                              unsigned current) {
  SplitRounds rounds;
  for (unsigned round = 1; round <= current; ++round) {
    std::set<Branch> asked;
    for (const auto &[branch, added] : branches)
      if (added == round)
        asked.insert(branch);
    rounds.startNext(asked);
  }
  return rounds;
}

} // namespace bpor
