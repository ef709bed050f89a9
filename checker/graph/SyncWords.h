// Synchronisation objects in execution graphs (docs/weak-memory.md, "Synchronisation
// objects"): each mutex, semaphore, barrier, read-write lock and pthread_once control is a word
// of memory at its address, which its operations read and write as atomic accesses. The
// models' axioms then give each object its guarantees: atomicity makes the operations that
// change the word one total order (no two read the same write), and a release that an acquire
// reads orders what came before it with what comes after.
//
// The words and their operations (initialisation writes are plain: a use not ordered after it
// is a data race under RA and RC11, as POSIX leaves it undefined):
// - mutex (Mutexes.h): 0 free, 1 held. lock: acquire update 0 -> 1, waits on 1; trylock: the
//   same, fails on 1; unlock: release write of 0.
// - semaphore: its count. sem_init: write of the initial count; sem_post: release update
//   c -> c + 1; sem_wait: acquire update c -> c - 1, waits on 0; sem_trywait: the same, fails
//   on 0.
// - barrier: the arrivals since its initialisation. pthread_barrier_init: write of 0; an
//   arrival: acq_rel update c -> c + 1; the departure of a thread whose generation g (its
//   passes before) completes at (g + 1) * count arrivals: an acquire read of exactly the
//   arrival that wrote (g + 1) * count, waiting on less. A real barrier's waiters read a phase
//   word its last arrival writes once per phase; reading a later arrival instead would order
//   more, never less, so it adds graphs with no behaviour the exact read lacks.
// - read-write lock: the number of readers, or RwWriterHeld while a writer holds it.
//   pthread_rwlock_init: write of 0; rdlock: acquire update c -> c + 1, waits on
//   RwWriterHeld; wrlock: acquire update 0 -> RwWriterHeld, waits on anything else; the tries
//   the same, failing instead of waiting; unlock: release update RwWriterHeld -> 0 or
//   c -> c - 1 (readers leave concurrently, so it must read the word).
// - pthread_once control: 0 not run, 1 running, 2 done. The begin: acquire update 0 -> 1 (the
//   thread runs the routine), an acquire read of 2 (it has run), waits on 1; the routine's
//   end: release write of 2 (an abandoned routine: of 0, the next caller runs it).
//
// - condition variable (CondWords.h): its waiters and the wakeups owed to them. Its
//   initialisation: write of the empty state; a wait, a signal, a broadcast: acq_rel updates;
//   a wakeup: the same update, waiting on a state that owes its thread nothing.
//
// - runtime state (SyncWord::RuntimeState: rand's seed, the clock, the exit-handler and key
//   tables): the number of calls on it. Each call is a relaxed update c -> c + 1, so that the
//   calls of different threads are in one order, every order explored, which decides what
//   each call returns (the runtime performs them in that order); relaxed, because such a call
//   synchronises nothing.
//
// An operation that reads a value it cannot take waits (Event::blocked) as a mutex lock does
// (GraphEventBranches.cpp, addSyncWord): only on the latest write of its word, until a backward
// revisit gives it another.
#pragma once

#include "checker/graph/Axioms.h"

#include <optional>

namespace bpor::graph {

/// How an operation accesses its synchronisation word.
enum class WordAccess : uint8_t {
  None,        // not an operation on a word
  Write,       // writes without reading: an unlock, an initialisation, pthread_once's end
  Acquire,     // reads; takes a value it may take, else waits for another (a lock, sem_wait,
               // rdlock, wrlock, a barrier's departure, pthread_once's begin)
  Try,         // reads; takes a value it may take, else fails (trylocks, sem_trywait)
  Update,      // reads and writes whatever it reads (sem_post, a barrier's arrival, an
               // rwlock's unlock, a condition variable's wait, signal and broadcast)
  Unsupported, // on a modelled object, but not modelled: sem_timedwait, sem_getvalue, a
               // condition variable's timed wait
};

WordAccess wordAccessOf(const Operation &op);

/// What an operation that reads its word does on reading `value`.
struct WordRead {
  enum Outcome : uint8_t {
    Never,  // no graph has it read this value (a barrier's departure: another generation's)
    Waits,  // a value it cannot take: it waits there for a revisit (Event::blocked)
    Fails,  // a value a try cannot take: it fails, an acquire read
    Reads,  // it goes on without writing: an acquire read (pthread_once finds the routine
            // run, a barrier's departure its generation complete)
    Writes, // it takes the value: an update that writes `written`
    Unmodelled, // it would make a state its word cannot hold (CondWords.h): unsupported
  };
  Outcome outcome = Never;
  uint64_t written = 0;
};

/// `self`: the name of the operation's thread in the graph (ThreadNames), which a condition
/// variable's word records for its waiters.
WordRead readWord(const Operation &op, ThreadId self, uint64_t value);

/// Sets `event`'s kind, order and value for `op` of thread `self` reading `read` (if it reads
/// its word), as the rules above make them. An executed operation that returned an error and
/// changed nothing (EDEADLK, EPERM) is Other.
void setWordEvent(const Operation &op, ThreadId self, std::optional<uint64_t> read,
                  MemoryModel model, Event &event);

/// Whether the model, executing `op` with `read` as the value of its word, did what the rules
/// make an operation reading `read` do: not where a try failed on a value it could take, or
/// the reverse, or an operation ran that waits on `read` (a graph the program does not make).
bool modelAgrees(const Operation &op, ThreadId self, std::optional<uint64_t> read);

/// The word `op` operates on (added with value 0 if new); -1 if another location overlaps it.
int64_t wordLocation(Graph &g, const Operation &op);

} // namespace bpor::graph
