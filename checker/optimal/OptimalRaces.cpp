#include "checker/optimal/OptimalSearch.h"

#include "checker/Dependence.h"

#include <cassert>

namespace bpor::optimal {

// Lines 1-6 of Algorithm 2: the races of the whole execution; for source-DPOR, lines 5-9 of
// Algorithm 1, once per new event. Then the threads the execution left behind: their next
// operations never ran, yet they race with it (docs/optimal-dpor.md, "Executions that end
// early").
void OptimalSearch::analyseRaces() {
  size_t length = log.size();
  if (perChoice()) {
    // Algorithm 2 reverses every race of E at the end of each maximal execution E, with
    // v = notdep(e, E).e' over the whole of E. A race in the prefix this execution replayed was
    // reversed before; its v is the same again (and inserting it again changes nothing) unless
    // an event not happening after e lies beyond the replayed prefix, in this execution or in
    // the one before (docs/optimal-dpor.md, "Which races are reversed again").
    log.beginReanalysis(firstNew);
    for (size_t j = 0; j < length; ++j) {
      bool jNew = j >= firstNew;
      for (uint32_t i : log[j].races)
        if (jNew || log.notdepMayDiffer(i))
          reverseRace(i, log[j].event, length);
      if (jNew || log.notdepMayDiffer(j))
        reverseAlternatives(j, length);
    }
    log.endReanalysis();
  } else {
    for (size_t j = firstNew; j < length; ++j) {
      for (uint32_t i : log[j].races)
        reverseRace(i, log[j].event, j);
      reverseAlternatives(j, j);
    }
  }
  bool cutShort = length > 0 && log[length - 1].event.endsExecution;
  const Frame &end = frames.back();
  if (end.exhausted)
    return; // cut at the maximum depth
  // An event that ended the execution inside an atomic block's section: the other threads
  // could have run before the section only.
  size_t start = cutShort ? sectionStart(length - 1) : length;
  end.alive.forEach([&](ThreadId u) {
    if (!cutShort && end.enabled.contains(u))
      return; // asleep at a sleep-set-blocked end: its operation was explored elsewhere
    Event pending{nextOf(frames.size() - 1, u), false};
    if (cutShort && frames[start].enabled.contains(u)) {
      if (perChoice())
        resolveFootprint(start, pending);
      // It could have run before the event that ended the execution (or its section). The
      // wakeup sequence keeps that event (or the section's start, which conflicts with
      // everything) after it: a branch in which the thread merely commutes with the sequence
      // is no cover, since an execution that ends early never runs it.
      Event ending = log[start].event;
      ending.endsExecution = ending.endsExecution && !dependent(pending.op, ending.op);
      // For optimal DPOR each data choice of a pending Nondet is its own event.
      uint32_t choices = perChoice() ? pending.op.numChoices : 1;
      for (uint32_t c = 0; c < choices; ++c) {
        pending.choice = c;
        sequence.clear();
        sequence.push_back(pending);
        sequence.push_back(ending);
        // After the pending operation, a compare-and-swap that ended the execution, or the
        // block whose section did, may do otherwise.
        if (!ending.endsExecution)
          resolveOutcome(start, sequence);
        insertWakeupSequence(start, sequence);
      }
      return;
    }
    // Blocked (at a deadlock, at a sleep-set-blocked end, or before the ending event): reverse
    // its races as if it ran after the execution, without the ending event.
    size_t limit = cutShort ? length - 1 : length;
    for (uint32_t i : log.racesOfPending(pending, limit))
      reverseRace(i, pending, limit);
  });
}

// An atomic block whose footprint the pass could not name is pending as `global`, while its
// event carries the ranges its body touched (docs/design.md, "Atomic blocks"). In a wakeup
// sequence the pending form conflicts with the sleepers and earlier branches that the event
// commutes with, so optimal DPOR would insert a reversal that one of them already covers (or
// not descend into the branch of the block itself), and that execution would end sleep-set
// blocked. The event is what the block does from state i: found by running it there (the
// model is left off the path; the next return to a state restores it).
//
// Likewise a pending compare-and-swap or trylock writes, and its event only reads if it fails
// (Operation::onlyRead; docs/design.md, "What an event did"): in a wakeup sequence, the pending
// form where the event reads would make the tree's branches disagree with the events they run
// (resolveOutcome, below, says what that lost). So it is resolved the same way.
void OptimalSearch::resolveFootprint(size_t i, Event &pending) {
  const Operation &op = pending.op;
  bool block = op.kind == OpKind::AtomicBlock && op.global;
  if ((!block && op.kind != OpKind::ReadModifyWrite && op.kind != OpKind::Trylock) ||
      op.numChoices != 1)
    return;
  std::optional<Operation> event = restorer.probe(
      i, ScheduleStep{names.threadOf(op.thread), 0}, events, ledger.result.stats.steps);
  if (!event || event->kind != op.kind)
    return;
  pending.op = *event;
  names.rename(pending.op);
}

// An atomic block whose step stopped inside it at a data choice keeps every other thread out
// until its thread leaves it: the block's event and the data choices after it, up to event i,
// run back to back (the data choices are `global` there, and the block's event conflicts with
// everything: runtime/AtomicBlockFootprint.h). Another thread's event can only be moved before
// the whole section, so a race with an event of it is reversed at its start.
size_t OptimalSearch::sectionStart(size_t i) const {
  while (i > 0 && isDataChoice(log[i].event.op.kind) && log[i].event.op.global) {
    assert(log[i - 1].event.thread() == log[i].event.thread());
    --i;
  }
  return i;
}

// A wakeup sequence v, to run from state i, holds events as they ran in E, and each does the
// same from i: the events of notdep(e_i, E) keep every event they depend on, and its last event
// keeps all but e_i. But e_i conflicts with the last one: if that is a compare-and-swap or a
// trylock whose footprint says its outcome (Operation::outcomeFootprint), e_i wrote what it
// read, and before e_i it may do otherwise: succeed and write where it failed and only read, or
// fail where it succeeded. The wakeup tree must hold what it does there: its branches are
// compared with the sleepers and the events they run, and a branch labelled otherwise than its
// event (a write that runs as a read) left a sleeping load asleep below a branch the tree had
// put beside it, and traces were lost. Its event there is found by running v from state i (the
// model is left off the path; the next return to a state restores it); if that cannot be
// done, its pending footprint, a write, stands in (docs/design.md, "What an event did").
//
// So with an atomic block whose event conflicts with everything because its step stopped
// inside it (at a data choice): moved before an event it depends on, it may read other values
// and run whole, touching its footprint only. What it does there is found the same way; if that
// cannot be done, the event as it ran (conflicting with everything) stands in.
void OptimalSearch::resolveOutcome(size_t i, std::vector<Event> &v) {
  Event &last = v.back();
  bool block = last.op.kind == OpKind::AtomicBlock && last.op.global;
  if ((!last.op.outcomeFootprint && !block) || aboveSplit(i))
    return;
  std::optional<Operation> op = probeLast(i, v);
  if (op && (block || op->numAccesses == last.op.numAccesses))
    last.op = *op;
  else if (!block)
    last.op = asPending(last.op);
}

// v's last event as it runs when v is run from state i (the model is left off the path; the
// next return to a state restores it), renamed; none if v cannot be run, or its last step is
// another thread's or another kind of operation.
std::optional<Operation> OptimalSearch::probeLast(size_t i, const std::vector<Event> &v) {
  probeSteps.clear();
  for (const Event &e : v)
    probeSteps.push_back(ScheduleStep{names.threadOf(e.thread()), e.choice});
  if (!restorer.probe(i, probeSteps, events, ledger.result.stats.steps, probed) ||
      probed.size() != v.size())
    return std::nullopt;
  Operation op = probed.back();
  names.rename(op);
  if (op.thread != v.back().op.thread || op.kind != v.back().op.kind)
    return std::nullopt;
  return op;
}

// The reversal of the race e_i ⋖ later: v = notdep(e_i, E).later goes into wut(pre(E, e_i))
// unless a sleeping thread is a weak initial of v (Algorithm 2, lines 3-6); for source-DPOR
// some initial of v joins backtrack(pre(E, e_i)) unless one is there (Algorithm 1, lines 6-9).
void OptimalSearch::reverseRace(size_t i, const Event &later, size_t limit) {
  i = sectionStart(i);
  Event reversed = later;
  // Moved before an event it depends on through its footprint, an event that ended the
  // execution may read other values and not end it: do not assume it does
  // (docs/optimal-dpor.md, "Executions that end early").
  if (reversed.endsExecution && dependent(log[i].event.op, reversed.op))
    reversed.endsExecution = false;
  log.wakeupSequence(i, reversed, limit, sequence);
  resolveOutcome(i, sequence);
  insertWakeupSequence(i, sequence);
}

// The events that could have run in event j's place and did not: the other data choices of a
// Nondet (optimal DPOR makes each choice its own event) and the pending operations of the
// threads e_j disabled. Each is reversed like a race with e_j: v = notdep(e_j, E).p at
// pre(E, e_j), with notdep over the first `limit` events (docs/optimal-dpor.md, "Data
// choices", "Enabling and disabling").
void OptimalSearch::reverseAlternatives(size_t j, size_t limit) {
  const Event &e = log[j].event;
  if (perChoice() && isDataChoice(e.op.kind)) {
    for (uint32_t c = 0; c < e.op.numChoices; ++c) {
      if (c == e.choice)
        continue;
      Event other{nextOf(j, e.thread()), false};
      other.choice = c;
      reverseAt(j, other, limit);
    }
  }
  reverseDisablings(j, limit);
}

// The races of event j with the pending operations it disabled (docs/optimal-dpor.md,
// "Enabling and disabling"). A thread enabled before e_j and disabled after it runs its
// operation p, if ever, only once something re-enables it, which then happens before p and
// hides the race e_j ⋖ p from the executed events: a signal's wakeup taken by one waiter, after
// which the other waiter runs only once a broadcast reaches it. p was enabled in pre(E, e_j).
void OptimalSearch::reverseDisablings(size_t j, size_t limit) {
  // Not after an event that ended the execution ("Executions that end early" handles the
  // others), nor after one that disabled no other thread (stepAndEnter noted which).
  if (!log[j].disabledOthers)
    return;
  const Frame &before = frames[j], &after = frames[j + 1];
  const Event &e = log[j].event;
  before.enabled.forEachAlsoInNotIn(after.alive, after.enabled, [&](ThreadId u) {
    if (u == e.thread())
      return;
    Event pending{nextOf(j, u), false};
    if (conflicts(e, pending))
      reverseAt(j, pending, limit);
  });
}

// v = notdep(e_j, E).p over the first `limit` events, into wut(pre(E, e_j)); for source-DPOR
// (limit j) that is the one-event sequence p.
void OptimalSearch::reverseAt(size_t j, const Event &p, size_t limit) {
  log.wakeupSequence(j, p, limit, sequence);
  insertWakeupSequence(j, sequence);
}

void OptimalSearch::insertWakeupSequence(size_t i, const Event &event) {
  sequence.clear();
  sequence.push_back(event);
  insertWakeupSequence(i, sequence);
}

void OptimalSearch::insertWakeupSequence(size_t i, const Event &first, const Event &second) {
  sequence.clear();
  sequence.push_back(first);
  sequence.push_back(second);
  insertWakeupSequence(i, sequence);
}

void OptimalSearch::insertWakeupSequence(size_t i, std::vector<Event> &v) {
  if (aboveSplit(i)) {
    // Every enabled thread not asleep is a branch there already, unless the state took one
    // alone.
    if (frames[i].singleBranch)
      askForBranch(i, v);
    return;
  }
  Frame &f = frames[i];
  // Races are between events that can be reordered, so v's threads exist where it starts.
  assert(threadsExistFor(v, f.alive));
  if (isShared(i)) {
    // Its place in the depth-first order: the branches this execution took at the shared
    // states from here down (the stack's shared states come first).
    SharedPath key;
    for (size_t k = i; k < frames.size() && frames[k].shared; ++k)
      key.emplace_back(frames[k].shared, frames[k].sharedIndex);
    sharedStates->insert(std::move(key), v); // a copy: v's storage is reused
    return;
  }
  if (variant == OptimalVariant::Optimal) {
    for (const Event &q : f.sleep)
      if (inWeakInitials(q, v))
        return;
    if (f.branchActive && inWeakInitials(f.branchEvent, v))
      return;
    f.wakeup.insert(v);
    return;
  }
  std::vector<ThreadId> first = initials(v);
  for (ThreadId t : first)
    if (f.backtrack.contains(t) || f.asleep(t, choiceIn(v, t)))
      return;
  for (ThreadId t : first)
    if (f.enabled.contains(t)) {
      f.backtrack.insert(t);
      return;
    }
}

// A single-branch state above the split (SplitRounds.h): source-DPOR's rule (Algorithm 1,
// lines 6-9), with the branches this round takes there (the one taken alone and those earlier
// rounds added) as backtrack(E). A branch the rule would add is asked for, for the next round.
void OptimalSearch::askForBranch(size_t i, const std::vector<Event> &v) {
  const Frame &f = frames[i];
  std::vector<ThreadId> first = initials(v);
  for (ThreadId t : first)
    if (f.backtrack.contains(t) || laterBranch(f, t) || f.asleep(t, choiceIn(v, t)))
      return;
  for (ThreadId t : first)
    if (f.enabled.contains(t)) {
      SplitPath branch = pathTo(i);
      branch.push_back(t);
      branch.push_back(0);
      auto [at, added] = ledger.result.askedBranches.insert(std::move(branch));
      if (added && options.split->asked)
        options.split->asked(*at);
      return;
    }
}

} // namespace bpor::optimal
