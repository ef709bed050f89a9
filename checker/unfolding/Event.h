// An event of the unfolding (seeds/004, section 3): a transition of one thread together with
// its history, the configuration that must have happened before it.
//
// An event is named canonically by <t, H>. Here t is determined by the event's thread and its
// predecessor in that thread (a thread's next visible operation is a function of its local
// state) plus the data choice, and H by its maximal events; so the name is (thread, position,
// choice, predecessor, causes), where `causes` are the maximal events of H other than the
// predecessor. Events are created once per name (EventStore) and shared by every
// configuration that contains them.
#pragma once

#include "core/Model.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace bpor::unfolding {

/// A thread as the unfolding names it: main is 0, and a thread created by a fork event is the
/// number that event drew when it was created, whatever number the model gives it in one
/// execution (the model numbers threads in creation order, which depends on the schedule).
using CanonicalThread = uint32_t;

struct Event {
  /// Creation number, never reused. Causes are always created before their effects, so sorting
  /// events by id gives an order that respects causality (a linearization).
  uint64_t id = 0;
  CanonicalThread thread = 0;
  /// Position in the thread (0: its first event).
  uint32_t index = 0;
  /// The data choice of a Nondet or Decision (each choice is a transition of its own).
  uint32_t choice = 0;
  /// The previous event of the thread; for a thread's first event the fork that created it
  /// (none for main's first event).
  Event *pred = nullptr;
  /// The maximal events of the history other than `pred`, sorted by id: each is dependent with
  /// the transition (the definition of candidate histories).
  std::vector<Event *> causes;
  /// The local configuration [e] (the history and e), sorted by id.
  std::vector<Event *> local;
  /// The transition: the thread's pending operation, with thread numbers canonical (thread,
  /// a fork's child, a join's target).
  Operation label;
  /// A 64-bit summary of what the transition may be dependent through (its thread, a fork's
  /// child, a join's target, the 8-byte blocks it accesses; every bit for one that excludes the
  /// others): two dependent transitions share a bit (dependenceSignature).
  uint64_t signature = 0;

  /// Length of the longest causal chain below the event (0 for an event with no causes): its
  /// level in the Foata normal form of any configuration that holds it.
  uint32_t level = 0;
  /// The transition's number (AdequateOrder.h), set once the event has been replayed.
  static constexpr uint32_t NoTransition = ~uint32_t(0);
  uint32_t transition = NoTransition;

  // Known once the event has been executed (Explore adds it to a configuration, or its
  // history was replayed to check it).
  bool executed = false;
  /// The execution stopped at this event: an error, an infeasible path, or exit(). Such an
  /// event ends its thread and disables every transition dependent with it, and nothing
  /// depends on it causally (docs/unfolding.md, "Events that end the execution").
  bool ending = false;
  /// For an ending event: the model's status after it (Error, Infeasible or Finished).
  ExecStatus endStatus = ExecStatus::Running;

  // The event store's bookkeeping.
  bool inU = false;
  size_t uSlot = 0;
  /// Events of U in immediate conflict with this one (kept while this event is in U).
  std::vector<Event *> immediateConflicts;
  /// Live references: events that have this one as predecessor or cause, plus one while in U.
  uint32_t references = 0;
  std::string key;

  // The explorer's marks.
  bool inC = false;
  bool inD = false;
  uint64_t mark = 0;

  size_t size() const { return local.size(); }
  bool isFork() const { return label.kind == OpKind::Fork; }
  CanonicalThread child() const { return label.otherThread; }
};

/// Orders events by id (the order their lists are kept sorted in).
inline bool byId(const Event *a, const Event *b) { return a->id < b->id; }
/// Whether `list` (in any order) holds `e`.
inline bool contains(const std::vector<Event *> &list, const Event *e) {
  return std::find(list.begin(), list.end(), e) != list.end();
}

/// Whether x is in [e] (x = e included).
bool inLocal(const Event &e, const Event *x);

/// Whether x < e (x is a strict cause of e).
inline bool causes(const Event *x, const Event &e) { return x != &e && inLocal(e, x); }

/// A transition that may keep every other thread from running: an atomic block (when it stops
/// inside for a data choice, the runtime runs no other thread until the block ends, whatever
/// their footprints), and a global one (a data choice inside an atomic block, an atomic block
/// of unknown footprint, exit()).
bool excludesOthers(const Operation &op);

/// Dependence of two transitions, canonically numbered: checker/Dependence.h's relation, plus
/// a join depends on every transition of the thread it joins (which of them ends the thread is
/// known only once it runs), and a transition that excludes the others depends on every
/// transition of another thread, footprint or not (else it would disable transitions it is
/// independent of, and the unfolding's independence must be unconditional).
bool transitionsDependent(const Operation &a, const Operation &b);

inline bool dependent(const Event &a, const Event &b) {
  return transitionsDependent(a.label, b.label);
}

uint64_t dependenceSignature(const Operation &label);

/// False only if a and b are certainly independent (a quick test before dependent()).
inline bool mayDepend(const Event &a, const Event &b) { return a.signature & b.signature; }

/// Whether the union of two causally closed sets (given sorted by id, minus `skipA` and
/// `skipB` when not null) is conflict-free: no dependent pair with one event only in each.
/// In a causally closed set two events conflict iff they or their causes are dependent and
/// unordered, so this is the whole test.
bool compatible(const std::vector<Event *> &a, const std::vector<Event *> &b,
                const Event *skipA = nullptr, const Event *skipB = nullptr);

/// e and f are in immediate conflict (#i): dependent, neither causes the other, and
/// ceil(e) u [f] and [e] u ceil(f) are configurations.
bool immediateConflict(const Event &e, const Event &f);

/// The canonical name of <t, H>.
std::string eventKey(CanonicalThread thread, uint32_t index, uint32_t choice, const Event *pred,
                     const std::vector<Event *> &causes);

} // namespace bpor::unfolding
