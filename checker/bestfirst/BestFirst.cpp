// Best-first search (dissertation chapter 3, Algorithm 4): take the open leaf of least priority,
// run its execution (the default schedule changed at the leaf's divergences), analyse its
// races as the depth-first search does, and queue every backtrack point not yet taken or
// queued from its state as a new leaf. The default schedule is the search's own Initialize
// choice (BPOR's cheapest thread: for the preemption bound, the thread that ran last while it
// can), so a leaf's cost is its prefix's and the suffix adds none.
//
// Coverage: with the cost priority and BPOR's race analysis (which for the preemption, context
// and delta bounds does not depend on the bound's value), when the least priority in the fringe
// first exceeds c every leaf of cost <= c that an execution of cost <= c queued has run: the
// schedules BPOR with bound c explores (without sleep sets and the bound optimization, which
// depend on the depth-first order), so every state reachable within c has been reached. Each
// such level is reported as a round (SearchResult::rounds, SearchOptions::onRound).
#include "checker/Search.h"
#include "checker/bestfirst/ExecutionTree.h"

#include <fmt/format.h>

namespace bpor {

namespace {
uint64_t nextRandom(uint64_t &state) { // splitmix64
  uint64_t z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

Statistics difference(const Statistics &now, const Statistics &before) {
  Statistics d = now;
  d.executions -= before.executions;
  d.finished -= before.finished;
  d.infeasible -= before.infeasible;
  d.sleepSetBlocked -= before.sleepSetBlocked;
  d.boundBlocked -= before.boundBlocked;
  d.deadlocks -= before.deadlocks;
  d.errors -= before.errors;
  d.steps -= before.steps;
  d.prunedByBound -= before.prunedByBound;
  d.depthLimited -= before.depthLimited;
  return d;
}
} // namespace

// Every schedule of cost below `below` has run: one round per level completed. The last level
// of an unlimited search that ran out of schedules covers them all (nothing pruned).
void SearchEngine::completeLevels(uint64_t below, bool everything) {
  if (options.bestFirstPriority != BestFirstPriority::Cost)
    return;
  while (completedLevel < below) {
    Statistics now = result.stats;
    now.elapsedSeconds = ledger.elapsedSeconds();
    bool last = completedLevel + 1 == below;
    BoundRound round{completedLevel, difference(now, levelStart), true, !(everything && last),
                     uint64_t(result.errors.size())};
    result.rounds.push_back(round);
    if (options.onRound)
      options.onRound(round);
    levelStart = now;
    ++completedLevel;
  }
}

SearchResult SearchEngine::runBestFirst() {
  ledger.start();
  randomState = options.seed;
  BoundKind kind = options.bound == BoundKind::None ? BoundKind::Preemption : options.bound;
  uint64_t limit = options.bestFirstLimit.value_or(UINT64_MAX);
  bounded = options.bestFirstLimit.has_value();
  ExecutionTree tree;
  while (!ledger.stopped()) {
    uint64_t least = tree.leastPriority();
    if (least == UINT64_MAX)
      break;
    completeLevels(least, false);
    TreeNode *node = tree.next();
    bound = makeBoundFunction(kind, limit, options.combinedFairBound);
    runTreeExecution(tree, *node);
    tree.close(*node);
    ledger.checkLimits();
    if (!ledger.stopped() && tree.bytes() > options.maxTreeBytes)
      ledger.stop = StopReason::Limit;
  }
  bool exhausted = tree.openNodes() == 0;
  if (exhausted && ledger.stop != StopReason::Nondeterminism)
    completeLevels(bounded ? limit + 1 : completedLevel + 1, !bounded);
  // An error stops the search with leaves still open, or after the last one.
  return ledger.finish([&] { return !exhausted; });
}

// Runs one leaf's execution from the initial state.
void SearchEngine::runTreeExecution(ExecutionTree &tree, TreeNode &node) {
  std::vector<std::pair<uint32_t, ScheduleStep>> divergences = ExecutionTree::path(node);
  size_t nextDivergence = 0;
  restorer.restart();
  stack = SearchStack{};
  hb.clear();
  ExecStatus status = model.status();
  captureState(status == ExecStatus::Running);
  node.executed = true;
  if (status != ExecStatus::Running) {
    if (status == ExecStatus::Error)
      reportError(model.error());
    endExecution(endOf(status));
    return;
  }
  initialize();
  while (true) {
    uint32_t k = uint32_t(stack.length());
    SearchFrame &f = stack.top();
    ScheduleStep choice;
    if (nextDivergence < divergences.size() && divergences[nextDivergence].first == k) {
      choice = divergences[nextDivergence++].second;
      if (!f.enabled.contains(choice.thread) ||
          choice.choice >= f.next[choice.thread].numChoices) {
        ErrorInfo error;
        error.kind = ErrorKind::Unsupported;
        error.thread = choice.thread;
        error.message = fmt::format("the program is not deterministic: step {} of a schedule "
                                    "the search ran before cannot be taken again",
                                    k + 1);
        reportError(error);
        ledger.stop = StopReason::Nondeterminism;
        return;
      }
    } else {
      // The default: Initialize's choice, within the limits (a bound's Initialize may offer a
      // thread beyond it, which the depth-first search also refuses).
      bool enforce = bounded || options.combinedFairBound;
      ThreadId u = NoThread;
      f.backtrack.forEach([&](ThreadId t) {
        if (u == NoThread && f.enabled.contains(t) && (!enforce || bound->allows(stack, t)))
          u = t;
      });
      if (u == NoThread) {
        f.backtrack.forEach([&](ThreadId t) {
          if (f.enabled.contains(t))
            transitionExceedsBound();
        });
        endExecution(classifyBlockedEnd());
        break;
      }
      choice = ScheduleStep{u, 0};
    }
    if (k >= options.maxDepth) {
      endAtDepthLimit(choice.thread);
      break;
    }
    if (k >= node.firstOwnStep()) {
      tree.account(node, -1);
      node.taken.push_back(choice);
      tree.account(node, +1);
    }
    f.done.insert(choice.thread);
    step(choice);
    if (enterNewState())
      break;
  }
  queueBacktrackPoints(tree, node);
}

// Walks the finished execution back from its last state, as depth-first backtracking does
// (the bound's per-state values are popped with it), and queues each backtrack point of each
// state, with the cost of reaching it, in the tree node that owns that state.
void SearchEngine::queueBacktrackPoints(ExecutionTree &tree, TreeNode &node) {
  while (true) {
    uint32_t k = uint32_t(stack.length());
    const SearchFrame &f = stack.top();
    ThreadSet reduced = f.backtrack;
    reduced.insertAll(f.conservative);
    bool guided = options.bestFirstPriority == BestFirstPriority::DporGuided;
    ThreadSet candidates = guided ? f.enabled : reduced;
    TreeNode &owner = ExecutionTree::owner(node, k);
    candidates.forEach([&](ThreadId v) {
      if (!f.enabled.contains(v))
        return;
      uint64_t cost = bound->valueAfter(stack, v);
      for (uint32_t c = 0; c < std::max<uint32_t>(1, f.next[v].numChoices); ++c) {
        ScheduleStep transition{v, c};
        if (owner.has(k, transition))
          continue;
        // A combined fair bound (6.6) is always enforced: it keeps spin loops finite.
        if ((bounded || options.combinedFairBound) && !bound->allows(stack, v)) {
          ++result.stats.prunedByBound;
          result.boundPruned = true;
          tree.account(owner, -1);
          owner.queued.emplace_back(k, transition);
          tree.account(owner, +1);
          continue;
        }
        uint64_t priority = cost;
        if (options.bestFirstPriority == BestFirstPriority::Random)
          priority = nextRandom(randomState);
        else if (guided) // outside the DPOR backtrack set: after every one inside it
          priority = (uint64_t(reduced.contains(v) ? 0 : 1) << 40) | std::min<uint64_t>(cost, (uint64_t(1) << 40) - 1);
        tree.addChild(owner, k, transition, priority, 0);
      }
    });
    if (stack.events.empty())
      break;
    bound->pop(stack);
    if (options.por != PorMode::None)
      hb.pop();
    stack.events.pop_back();
    restorer.pop();
    stack.frames.pop_back();
  }
}

} // namespace bpor
