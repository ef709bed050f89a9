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

} // namespace bpor
