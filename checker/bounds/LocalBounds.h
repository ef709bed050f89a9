// The partial-order bounds of chapter 7 (dissertation): stable and extensible, so BPOR needs no
// conservative backtrack points with them (Algorithm 20).
#pragma once

#include "checker/VectorClock.h"
#include "checker/bounds/BoundFunction.h"

#include <map>
#include <vector>

namespace bpor {

/// Algorithm 20's Initialize and Backtrack, shared by the partial-order bounds.
class PartialOrderBound : public BoundFunction {
public:
  uint64_t value(const SearchStack &) const override { return values.back(); }
  /// Any enabled thread whose next transition is within the bound (Algorithm 20).
  void initialize(const SearchStack &stack, BacktrackSink &sink) const override;
  /// DPOR's Backtrack (Algorithm 20): no conservative backtrack points.
  void backtrack(const SearchStack &stack, size_t i, ThreadId u,
                 BacktrackSink &sink) const override {
    addBacktrackPoint(stack, i, u, sink, false, this); // with 6.2's alternative thread
  }

protected:
  std::vector<uint64_t> values{0};
};

/// Definition 7.7, local depth: the largest happens-before past (the event included) of any
/// event, i.e. max sum(C) over the events' vector clocks. Our happens-before is the one of
/// Definition 2.4 over every operation kind, of which 7.7's reads and writes are a special case.
class LocalDepthBound final : public PartialOrderBound {
public:
  uint64_t valueAfter(const SearchStack &stack, ThreadId u) const override;
  void push(const SearchStack &stack) override;
  void pop(const SearchStack &stack) override;

private:
  HappensBefore hb;
};

/// Definition 7.9, local context: context switches visible through inter-thread dependences,
/// tracked with per-thread clocks C_u and per-variable clocks W_x, R_x and owners O_x.
/// Variables are access addresses; a fork writes a variable that the child's first transition
/// reads, the transition that ends a thread writes one that a join of it reads, and a global
/// operation writes a variable that every operation with a footprint reads, so that the
/// variables' conflicts are exactly Definition 2.4's.
///
/// O_x is split in two (docs/algorithms-notes.md, item 12): a read tests only that u wrote x
/// last, a write also that no other thread has read x since. Definition 7.9 as printed lets
/// another thread's read reset O_x for the owner's later read too, which makes the value depend
/// on the order of two reads that commute: the bound would not be stable, and BPOR, which
/// explores one of the two orders, would miss states.
class LocalContextBound final : public PartialOrderBound {
public:
  uint64_t valueAfter(const SearchStack &stack, ThreadId u) const override;
  void push(const SearchStack &stack) override;
  void pop(const SearchStack &stack) override;

private:
  struct Variable {
    VectorClock written, read;
    ThreadId lastWriter = NoThread;
    bool readByOthers = false; // another thread read x since lastWriter wrote it
  };
  struct Access {
    uint64_t variable;
    bool write;
  };
  struct Undo {
    ThreadId thread;
    VectorClock clock;
    std::vector<std::pair<uint64_t, Variable>> variables; // previous states
    std::vector<uint64_t> created;                        // variables that did not exist
  };

  std::vector<Access> accessesOf(const Operation &op) const;
  /// Returns C_u after `op` by Definition 7.9's updates; with an undo log, also updates the
  /// variables (recording their old states in it), without one, leaves them alone.
  VectorClock apply(const Operation &op, Undo *undo);

  std::vector<VectorClock> clocks; // C_u
  std::vector<uint32_t> eventCounts;
  std::map<uint64_t, Variable> variables;
  std::vector<Undo> undoLog;
};

} // namespace bpor
