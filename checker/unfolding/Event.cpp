#include "checker/unfolding/Event.h"

#include "checker/Dependence.h"

#include <algorithm>

namespace bpor::unfolding {

bool inLocal(const Event &e, const Event *x) {
  return std::binary_search(e.local.begin(), e.local.end(), x, byId);
}

bool excludesOthers(const Operation &op) { return op.global || op.kind == OpKind::AtomicBlock; }

bool transitionsDependent(const Operation &a, const Operation &b) {
  if (a.kind == OpKind::Join && a.otherThread == b.thread)
    return true;
  if (b.kind == OpKind::Join && b.otherThread == a.thread)
    return true;
  if (a.thread != b.thread && (excludesOthers(a) || excludesOthers(b)))
    return true;
  return bpor::dependent(a, b);
}

uint64_t dependenceSignature(const Operation &label) {
  if (excludesOthers(label))
    return ~uint64_t(0);
  auto bit = [](uint64_t key) { return uint64_t(1) << ((key * 0x9E3779B97F4A7C15ull) >> 58); };
  constexpr uint64_t ThreadKey = uint64_t(1) << 63;
  uint64_t signature = bit(ThreadKey | label.thread);
  if ((label.kind == OpKind::Fork || label.kind == OpKind::Join) &&
      label.otherThread != NoThread)
    signature |= bit(ThreadKey | label.otherThread);
  for (unsigned i = 0; i < label.numAccesses; ++i) {
    const Access &a = label.accesses[i];
    if (!a.size)
      continue;
    uint64_t first = a.address >> 3, last = (a.address + a.size - 1) >> 3;
    if (last - first >= 16)
      return ~uint64_t(0); // a wide range: may meet anything
    for (uint64_t block = first; block <= last; ++block)
      signature |= bit(block & ~ThreadKey);
  }
  return signature;
}

namespace {

// The events only in a and only in b (a sorted merge), minus the skipped ones.
void splitUnion(const std::vector<Event *> &a, const std::vector<Event *> &b, const Event *skipA,
                const Event *skipB, std::vector<Event *> &onlyA, std::vector<Event *> &onlyB) {
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
}

} // namespace

bool compatible(const std::vector<Event *> &a, const std::vector<Event *> &b, const Event *skipA,
                const Event *skipB) {
  static thread_local std::vector<Event *> onlyA, onlyB;
  splitUnion(a, b, skipA, skipB, onlyA, onlyB);
  for (const Event *x : onlyA)
    for (const Event *y : onlyB)
      if (mayDepend(*x, *y) && dependent(*x, *y))
        return false;
  return true;
}

// e #i f iff the only dependent pair across [e] \ [f] and [f] \ [e] is (e, f) itself: any
// other pair (x, f) with x != e makes ceil(e) u [f] conflict, and (e, y) with y != f makes
// [e] u ceil(f) conflict.
bool immediateConflict(const Event &e, const Event &f) {
  if (&e == &f || !mayDepend(e, f) || !dependent(e, f) || inLocal(e, &f) || inLocal(f, &e))
    return false;
  static thread_local std::vector<Event *> onlyE, onlyF;
  splitUnion(e.local, f.local, nullptr, nullptr, onlyE, onlyF);
  for (const Event *x : onlyE)
    for (const Event *y : onlyF)
      if ((x != &e || y != &f) && mayDepend(*x, *y) && dependent(*x, *y))
        return false;
  return true;
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
