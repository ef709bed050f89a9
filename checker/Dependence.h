// The dependence relation of Definition 2.4 (dissertation) over Operation footprints.
#pragma once

#include "checker/Model.h"

namespace bpor {

/// True iff the byte ranges of `a` and `b` overlap and at least one of the two writes.
bool accessesConflict(const Operation &a, const Operation &b);

/// t <-/-> t' (Definition 2.4): the same thread; or overlapping accesses with at least one
/// write (reads commute); or one is `global` and the other, of another thread, has accesses
/// or is global; or a fork and any operation of its child; or a join and the event that ended
/// the joined thread. Symmetric. Either argument may be a pending operation or an event.
bool dependent(const Operation &a, const Operation &b);

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
