// The dependence relation of Definition 2.4 (dissertation) over Operation footprints.
#pragma once

#include "core/Model.h"

namespace bpor {

// Defined here, inline: the explorers ask these for most pairs of events they look at.

/// Two updates of one kind on exactly the same range: they commute (core/Operation.h, Update).
/// Ranges that only overlap do not (a 4-byte and an 8-byte addition carry differently).
inline bool commutingUpdates(const Access &x, const Access &y) {
  return x.update != 0 && x.update == y.update && x.address == y.address && x.size == y.size;
}

/// True iff the byte ranges of `a` and `b` overlap, at least one of the two writes, and they
/// are not commuting updates.
inline bool accessesConflict(const Operation &a, const Operation &b) {
  for (unsigned i = 0; i < a.numAccesses; ++i)
    for (unsigned j = 0; j < b.numAccesses; ++j) {
      const Access &x = a.accesses[i], &y = b.accesses[j];
      // Zero-sized accesses touch nothing; ranges are half-open [address, address + size).
      if ((x.write || y.write) && x.size && y.size && x.address < y.address + y.size &&
          y.address < x.address + x.size && !commutingUpdates(x, y))
        return true;
    }
  return false;
}

namespace detail {
// The asymmetric cases of `dependent`: `a` is a fork, join or global operation.
inline bool dependsAsCreatorOrGlobal(const Operation &a, const Operation &b) {
  if (a.kind == OpKind::Fork && a.otherThread == b.thread)
    return true;
  // A join is enabled by the event that ends its target: they must be dependent, or the
  // relation would not be valid (Definition 2.3, property 1).
  if (a.kind == OpKind::Join && a.otherThread == b.thread && b.endsThread)
    return true;
  if (a.global && (b.global || b.numAccesses > 0))
    return true;
  return false;
}
} // namespace detail

/// t <-/-> t' (Definition 2.4): the same thread; or overlapping accesses with at least one
/// write (reads commute, and so do updates of one kind on one range); or one is `global` and
/// the other, of another thread, has accesses or is global; or a fork and any operation of its
/// child; or a join and the event that ended the joined thread. Symmetric. Either argument may
/// be a pending operation or an event.
inline bool dependent(const Operation &a, const Operation &b) {
  if (a.thread == b.thread)
    return true;
  return detail::dependsAsCreatorOrGlobal(a, b) || detail::dependsAsCreatorOrGlobal(b, a) ||
         accessesConflict(a, b);
}

/// The footprint of `event`'s operation as it was pending. An event that only read where its
/// operation may write (Operation::onlyRead: a compare-and-swap that failed, a trylock that
/// found the lock held) keeps doing so wherever it is moved past independent events, but moved
/// before an event it depends on (the reversal of a race with a write), it may succeed and
/// write. The optimal explorers run it there to know (OptimalSearch::resolveOutcome); this is
/// what stands in when they cannot (docs/design.md, "What an event did").
inline Operation asPending(const Operation &event) {
  Operation op = event;
  if (op.onlyRead) {
    op.onlyRead = false;
    for (unsigned k = 0; k < op.numAccesses; ++k)
      op.accesses[k].write = true;
  }
  return op;
}

/// A release operation (dissertation 4.2): one that may enable another thread, and so raise
/// the cost of other transitions under bounds that read enabledness (preemption, delta,
/// fair). Judged by kind, plus endsThread (it enables joins). A pending operation that will end
/// its thread is recognisable only with the model's hint; without it the search engine
/// discovers the release when it runs (BoundFunction::releaseDiscovered; see
/// docs/algorithms-notes.md, item 5).
bool isRelease(const Operation &op);

/// An operation that may be disabled when it is pending (an acquire, a join, a wait): running
/// it or another thread first can change which threads are enabled (6.6, dissertation).
bool mayBlock(const Operation &op);

} // namespace bpor
