// The edges of a trace's picture (TracePicture.h): which earlier step each step waited for or
// read from, derived from the trace alone, by the rules the runtime applies when it runs it.
#pragma once

#include "core/Operation.h"

#include <cstddef>
#include <vector>

namespace bpor::tool {

enum class EdgeKind {
  Fork,      // pthread_create -> the child's first step
  Join,      // the joined thread's last step -> pthread_join
  Lock,      // a release of a mutex or read-write lock -> the next acquisition, by another thread
  Post,      // sem_post -> the next sem_wait (or successful sem_trywait) of that semaphore
  Signal,    // pthread_cond_signal or _broadcast -> the wake of a waiter it woke
  Barrier,   // a thread's arrival at a barrier -> each other thread's leaving of that generation
  ReadsFrom, // a store -> a load (or update) of another thread that read it
};
const char *edgeKindName(EdgeKind kind); // "fork", "join", "lock", ..., "reads-from"

struct PictureEdge {
  EdgeKind kind;
  size_t from = 0, to = 0; // step numbers (0-based from traceEdges, 1-based in a picture)
};

/// The edges between the steps of `trace` (0-based), each from an earlier step to a later one
/// of another thread, in the order of their later step.
///
/// Reads-from: a weak-memory trace names the store each load read (Operation::readFromStep);
/// in any other trace the execution is sequentially consistent, so a load reads the latest
/// store before it that wrote its bytes. Only stores of other threads make an edge: a
/// thread's reads of its own stores are its program order.
///
/// Condition variables: a signal leaves a wakeup that any thread waiting at that moment may
/// take, and a waiter takes the oldest it may; a broadcast wakes every waiter
/// (runtime/sync/CondVar.h). A waiter that woke with neither (a timeout, a spurious wakeup)
/// has no edge.
std::vector<PictureEdge> traceEdges(const std::vector<Operation> &trace);

} // namespace bpor::tool
