// Mutexes in execution graphs (docs/weak-memory.md, "Mutexes"), as GenMC models them: a mutex
// is a lock word, 0 free and 1 held, at the mutex's address. pthread_mutex_lock is an acquire
// read-modify-write from 0 to 1 that waits while it reads 1; a trylock that succeeds is the same
// update, one that fails an acquire read of 1; pthread_mutex_unlock a release write of 0. Under
// TSO and PSO the unlock is also a full barrier, as glibc unlocks with a locked instruction.
// The models' axioms then give mutual exclusion (atomicity: no two locks read the same unlock)
// and the synchronisation of an unlock with the next lock (release-acquire).
#pragma once

#include "checker/graph/Axioms.h"

namespace bpor::graph {

/// The event of an executed mutex operation (Operation::mutex): its kind, order and value. A
/// lock, trylock or unlock that returned an error (EDEADLK, EPERM) changed nothing: Other.
void setMutexEvent(const Operation &op, MemoryModel model, Event &event);

/// The lock word of the mutex `op` operates on (added, free, if new); -1 if another location
/// overlaps it.
int64_t mutexLocation(Graph &g, const Operation &op);

/// Whether event `e` is a lock (or trylock) that read the mutex held, so that its thread waits
/// for a revisit to read an unlock instead (Event::blocked).
inline bool waitsForLock(const Graph &g, EventId e) { return g.at(e).blocked; }

} // namespace bpor::graph
