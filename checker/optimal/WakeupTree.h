// Wakeup trees (Abdulla, Aronis, Jonsson, Sagonas, "Optimal dynamic partial order reduction",
// POPL 2014, section 6; JACM 2017 "Source sets", section 6): the ordered tree of event
// sequences still to explore from one state, each leading to an execution that reverses a race.
#pragma once

#include "checker/ThreadSet.h"
#include "checker/optimal/Event.h"

#include <vector>

namespace bpor::optimal {

/// Sequence helpers over the independence relation `conflicts` (Event.h), relative to the
/// state the sequence starts from.

/// p ∈ I(v): `thread` has an event in v and its first one conflicts with no earlier event of v.
bool inInitials(ThreadId thread, const std::vector<Event> &v);

/// p ∈ WI(v): p ∈ I(v), or p has no event in v and its next event `next` conflicts with none
/// of v's events. A different data choice of p's Nondet in v is a different event: p is then
/// not a weak initial.
bool inWeakInitials(const Event &next, const std::vector<Event> &v);

/// The threads of I(v), in order of their first events in v.
std::vector<ThreadId> initials(const std::vector<Event> &v);

/// The data choice of `thread`'s first event in v (0 if it has none).
uint32_t choiceIn(const std::vector<Event> &v, ThreadId thread);

/// Whether every thread with an event in v is alive where v starts or created by an earlier
/// event of v (v can run from there, threads named as ThreadNames names them).
bool threadsExistFor(const std::vector<Event> &v, const ThreadSet &alive);

struct WakeupNode {
  Event event;
  std::vector<WakeupNode> children; // ordered: earlier children are explored first
};

class WakeupTree {
public:
  WakeupTree() = default;
  /// A tree of these branches (a tree sent between processes).
  explicit WakeupTree(std::vector<WakeupNode> branches) : roots(std::move(branches)) {}

  bool empty() const { return roots.empty(); }
  const std::vector<WakeupNode> &branches() const { return roots; }

  /// insert[E](v, wut) (POPL 2014, section 6): descends along the first child whose thread is
  /// a weak initial of what remains of v; v is already covered if that reaches a leaf,
  /// otherwise the rest of v becomes a new last branch there. Consumes v: its contents are
  /// unspecified afterwards (the caller reuses its storage).
  void insert(std::vector<Event> &v);

  /// Removes the first branch; `subtree` becomes the subtree below its first event (read that
  /// event from branches() before).
  void takeFirst(WakeupTree &subtree);

  /// Drops the first branch (its thread cannot run).
  void dropFirst() { roots.erase(roots.begin()); }

  /// Empties the tree, keeping its storage.
  void clear() { roots.clear(); }
  void swap(WakeupTree &other) { roots.swap(other.roots); }

  size_t numNodes() const;

private:
  std::vector<WakeupNode> roots;
};

} // namespace bpor::optimal
