// The explorer's stack: the transition sequence S and, for each state pre(S, i) on it, what the
// algorithms need to know about that state (dissertation, chapter 5 notation).
//
// frames[i] describes state s_i = pre(S, i+1) (frames[0] is s0, frames.back() is final(S));
// events[i] is the transition executed from frames[i], so events.size() + 1 == frames.size().
#pragma once

#include "checker/Explorer.h"
#include "checker/ThreadSet.h"

#include <vector>

namespace bpor {

struct SearchFrame {
  /// next(s, u) for every thread created so far; meaningless for threads not in `alive`.
  std::vector<Operation> next;
  ThreadSet alive;
  ThreadSet enabled;
  /// backtrack(s): threads the search must explore from s.
  ThreadSet backtrack;
  /// visited(s) of Algorithm 8: threads already taken from backtrack(s), whether explored or
  /// pruned by the bound.
  ThreadSet done;
  /// The threads of `done` whose transitions were actually explored (the sleep-set rule puts
  /// only those to sleep in later siblings).
  ThreadSet explored;
  /// Sleep(s): threads whose next transition leads only to already-explored states.
  ThreadSet sleep;
  /// pending(s) of Algorithm 18: the bound's conservative backtrack points, explored only if
  /// the bound was exceeded somewhere below s (bound optimization, 6.4).
  ThreadSet conservative;
  /// boundExceeded of Algorithm 18: a transition was excluded by the bound below s.
  bool boundExceeded = false;
  /// Explored threads below whose transition the bound excluded something (they may not
  /// sleep in later siblings).
  ThreadSet exceededBelow;
  /// Above a divided search's split (SearchOptions::split): the enabled threads the bound
  /// excludes from s. Every enabled thread is a branch there, so only one that BPOR's
  /// Initialize or Backtrack asks for counts as pruned by the bound.
  ThreadSet beyondBound;
  /// The transition being explored from s (the step to events[i]); thread NoThread if none.
  ScheduleStep taken;

  ThreadId numThreads() const { return ThreadId(next.size()); }
  /// Enabled and not asleep: the addendum treats a sleeping thread like a disabled one, and
  /// so do the Initialize procedures when sleep sets are on.
  bool awake(ThreadId u) const { return enabled.contains(u) && !sleep.contains(u); }
};

struct SearchStack {
  std::vector<SearchFrame> frames;
  std::vector<Operation> events;

  SearchFrame &top() { return frames.back(); }
  const SearchFrame &top() const { return frames.back(); }
  /// len(S).
  size_t length() const { return events.size(); }
  /// The thread of last(S), or NoThread for the empty sequence.
  ThreadId lastThread() const { return events.empty() ? NoThread : events.back().thread; }
};

} // namespace bpor
