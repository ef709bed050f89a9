#include "checker/unfolding/Alternatives.h"

#include <algorithm>

namespace bpor::unfolding {

namespace {

// Whether [x] u C is a configuration: no event of [x] outside C is dependent with an event of
// C outside [x].
bool compatibleWithConfiguration(const Event &x, const std::vector<Event *> &C) {
  for (const Event *y : x.local) {
    if (y->inC)
      continue;
    for (const Event *c : C)
      if (mayDepend(*y, *c) && !inLocal(x, c) && dependent(*y, *c))
        return false;
  }
  return true;
}

struct Comb {
  std::vector<std::vector<Event *>> spikes;
  std::vector<Event *> chosen;

  bool search(size_t i) {
    if (i == spikes.size())
      return true;
    for (Event *candidate : spikes[i]) {
      bool fits = true;
      for (const Event *other : chosen)
        if (!compatible(candidate->local, other->local)) {
          fits = false;
          break;
        }
      if (!fits)
        continue;
      chosen.push_back(candidate);
      if (search(i + 1))
        return true;
      chosen.pop_back();
    }
    return false;
  }
};

} // namespace

bool conflictsWithConfiguration(const Event &event, const std::vector<Event *> &C) {
  for (const Event *c : C)
    if (c != &event && !inLocal(event, c) && dependent(event, *c))
      return true;
  return false;
}

std::optional<std::vector<Event *>> findAlternative(const std::vector<Event *> &C,
                                                    const std::vector<Event *> &D,
                                                    unsigned partial) {
  // J must not contain an event of D, whatever it conflicts with (with all of D that is
  // automatic; a partial alternative could otherwise lead back into D).
  for (Event *d : D)
    d->inD = true;
  struct Unmark {
    const std::vector<Event *> &D;
    ~Unmark() {
      for (Event *d : D)
        d->inD = false;
    }
  } unmark{D};
  auto avoidsD = [](const Event &x) {
    for (const Event *y : x.local)
      if (y->inD)
        return false;
    return true;
  };
  // The events of D to exclude: the newest first; with partial = k only k of them.
  Comb comb;
  size_t wanted = partial ? partial : D.size();
  for (size_t i = D.size(); i-- > 0 && comb.spikes.size() < wanted;) {
    const Event &d = *D[i];
    if (conflictsWithConfiguration(d, C)) {
      // C already excludes d; it counts towards k as a conflict found.
      comb.spikes.emplace_back();
      comb.spikes.back().push_back(nullptr);
      continue;
    }
    std::vector<Event *> spikes;
    for (Event *x : d.immediateConflicts)
      if (!x->inC && avoidsD(*x) && compatibleWithConfiguration(*x, C))
        spikes.push_back(x);
    if (spikes.empty())
      return std::nullopt;
    comb.spikes.push_back(std::move(spikes));
  }
  // Drop the placeholders of events C excludes.
  std::erase_if(comb.spikes, [](const std::vector<Event *> &s) { return s.size() == 1 && !s[0]; });
  // Fewest choices first: fails sooner.
  std::sort(comb.spikes.begin(), comb.spikes.end(),
            [](const auto &a, const auto &b) { return a.size() < b.size(); });
  if (!comb.search(0))
    return std::nullopt;
  std::vector<Event *> J;
  for (const Event *spike : comb.chosen)
    for (Event *y : spike->local)
      if (!y->inC)
        J.push_back(y);
  std::sort(J.begin(), J.end(), [](const Event *a, const Event *b) { return a->id < b->id; });
  J.erase(std::unique(J.begin(), J.end()), J.end());
  return J;
}

} // namespace bpor::unfolding
