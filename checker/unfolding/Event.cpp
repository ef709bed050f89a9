#include "checker/unfolding/Event.h"

#include "checker/Dependence.h"

#include <algorithm>

namespace bpor::unfolding {

namespace {
bool byId(const Event *a, const Event *b) { return a->id < b->id; }
} // namespace

bool inLocal(const Event &e, const Event *x) {
  return std::binary_search(e.local.begin(), e.local.end(), x, byId);
}

bool transitionsDependent(const Operation &a, const Operation &b) {
  if (a.kind == OpKind::Join && a.otherThread == b.thread)
    return true;
  if (b.kind == OpKind::Join && b.otherThread == a.thread)
    return true;
  return bpor::dependent(a, b);
}

bool compatible(const std::vector<Event *> &a, const std::vector<Event *> &b, const Event *skipA,
                const Event *skipB) {
  // The events only in a and only in b (a sorted merge).
  static thread_local std::vector<Event *> onlyA, onlyB;
  onlyA.clear();
  onlyB.clear();
  size_t i = 0, j = 0;
  while (i < a.size() || j < b.size()) {
    if (j == b.size() || (i < a.size() && a[i]->id < b[j]->id)) {
      if (a[i] != skipA)
        onlyA.push_back(a[i]);
      ++i;
    } else if (i == a.size() || b[j]->id < a[i]->id) {
      if (b[j] != skipB)
        onlyB.push_back(b[j]);
      ++j;
    } else {
      // In both, unless one side skips it: then it is only in the other.
      if (a[i] == skipA && b[j] != skipB)
        onlyB.push_back(b[j]);
      else if (b[j] == skipB && a[i] != skipA)
        onlyA.push_back(a[i]);
      ++i;
      ++j;
    }
  }
  for (const Event *x : onlyA)
    for (const Event *y : onlyB)
      if (dependent(*x, *y))
        return false;
  return true;
}

bool immediateConflict(const Event &e, const Event &f) {
  if (&e == &f || !dependent(e, f) || inLocal(e, &f) || inLocal(f, &e))
    return false;
  return compatible(e.local, f.local, &e, nullptr) && compatible(e.local, f.local, nullptr, &f);
}

std::string eventKey(CanonicalThread thread, uint32_t index, uint32_t choice, const Event *pred,
                     const std::vector<Event *> &causes) {
  std::string key;
  auto put = [&](uint64_t v) { key.append(reinterpret_cast<const char *>(&v), sizeof v); };
  put(thread);
  put(index);
  put(choice);
  put(pred ? pred->id : ~uint64_t(0));
  for (const Event *c : causes)
    put(c->id);
  return key;
}

} // namespace bpor::unfolding
