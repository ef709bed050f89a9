// The symbolic part of an Execution (ExecutionOptions::symbolicNondet; docs/design.md,
// "Symbolic data"): nondet calls return fresh symbols, the step of a decision extends the path
// condition (and refreshes every concrete value if the path's model changed), and loads and
// stores carry expressions with the bytes.
//
// It owns the expressions and path conditions (an ExprStore shared by every execution of the
// search) and this execution's path (SymbolicState, a value: a checkpoint copies it when the
// mode is on; off, nothing a run reads is in it). It reads the Program (a switch's cases) and
// the Interpreter (the call a thread is paused at), and keeps the expressions of the run's
// Memory's bytes (its shadows). It answers with values and decisions; the Execution makes those
// pending operations, errors and ends of the execution.
//
// Without Z3 (BPOR_WITH_Z3 off) the mode is never on: the path stays empty, and what only
// symbolic mode calls does nothing.
#pragma once

#include "core/Model.h"
#include "core/Operation.h"
#include "core/RmwSemantics.h"
#include "interp/Interpreter.h"
#include "interp/Program.h"
#include "interp/SymbolicMemory.h"
#include "memory/Memory.h"
#include "runtime/CoverageGaps.h"
#include "runtime/ProgramThread.h"
#include "runtime/ThreadTable.h"
#include "runtime/symbolic/SymbolicState.h"

#include <array>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace bpor {

namespace symbolic {
class ExprStore;
}

namespace runtime {

class SymbolicRun;

/// Concretisations by kind, counted over the whole search (CoverageGaps::concretised).
using ConcretisationCounts = std::array<uint64_t, size_t(Concretisation::NumKinds)>;

class SymbolicData {
public:
  SymbolicData(const Program &program, Memory &memory) : program_(program), memory_(memory) {}
  // The interpreter holds the SymbolicRun, which refers to this part's state: it never moves.
  SymbolicData(const SymbolicData &) = delete;
  SymbolicData &operator=(const SymbolicData &) = delete;

  /// Whether this build has Z3.
  static bool supported();
  /// Turns the mode on: creates the store and puts `interp` in symbolic mode. `concretised`
  /// counts the values made concrete (it must outlive this part).
  void enable(Interpreter &interp, ConcretisationCounts &concretised);
  bool on() const { return run_ != nullptr; }

  // ---- The execution's path (a value a checkpoint copies) ----
  /// restart(): the empty path condition (or the anchored model's), no nondet input drawn.
  void reset();
  /// A step begins (an input's place in the trace counts the steps before it).
  void countStep() { ++state_.steps; }
  const SymbolicState &state() const { return state_; }
  void restore(const SymbolicState &saved) { state_ = saved; }
  /// Later executions start from the current path's model (symbolic::ExprStore::
  /// rootWithModelOf), until releaseModel().
  void anchorModel();
  void releaseModel() { root_ = 0; } // the empty path condition (symbolic::RootPath)
  /// Satisfiability checks Z3 could not decide, in this part's store.
  uint64_t solverUnknowns() const;
  /// The nondet inputs of the current execution, with their values in the path's model.
  std::vector<NondetValue> nondetValues() const;

  // ---- Calls (prepared when the thread reaches them) ----
  /// A nondet call: a fresh symbol, its value in `result` and its expression in the call's
  /// result shadow. `location`: the call's location id.
  void nondet(ProgramThread &thread, const ExternalCall &call, uint32_t location, Slot *result);
  /// __VERIFIER_assume on a symbolic condition: true and `decision` set if the thread must
  /// pause at it (the step adds it to the path condition); false if it is a constant after all.
  bool assumeDecision(const ExternalCall &call, PendingDecision &decision);
  /// A load or store (`__bpor_load`/`__bpor_store`...) of `size` bytes at argument 0, which
  /// depends on nondet inputs: true and `decision` set if the thread must first pause at the
  /// decision whether the access lies within its object (unless that is certain or decided).
  bool addressDecision(const ExternalCall &call, uint64_t size, PendingDecision &decision);
  /// The footprint of that access: at a symbolic address, its whole object.
  void addAccess(const ExternalCall &call, uint64_t size, bool write, Operation &op);

  // ---- Decisions (performed by the step the checker chose) ----
  /// Adds the outcome `choice` of the decision `state` stands at to the path condition; false
  /// (the path unchanged) if no input takes it. Refreshes every concrete value of the
  /// `numThreads` threads and of memory if the path's model changed.
  bool decide(const ThreadState &state, uint32_t choice, ThreadTable &threads,
              ThreadId numThreads);

  // ---- Memory (SymbolicShadows.cpp) ----
  /// Makes the symbolic bytes of the objects an operation's footprint touches concrete (before
  /// the runtime reads them as plain bytes). An operation that does not read them (`reads`
  /// false: free) drops their expressions without pinning any input to its value.
  void concretise(const Operation &op, bool reads, Concretisation reason);
  /// Before a load (`__bpor_load`): each byte it may read that was never written becomes a
  /// fresh 8-bit symbol (an input like a nondet value, read again by every later load).
  void drawUnwrittenBytes(ProgramThread &thread, Address address, uint64_t size);
  /// The same for every byte of [first, first + size) (already checked).
  void drawUnwrittenRange(ProgramThread &thread, Address first, uint64_t size);
  /// Before performMemory: a store (`__bpor_store`) at a symbolic address computes its
  /// object's shadow after it; an update (`__bpor_rmw`) computes the expressions of what it
  /// reads and writes (SymbolicUpdates.cpp), after drawing the bytes never written it reads
  /// if `drawUnwritten`.
  void beforeMemoryOperation(ProgramThread &thread, bool drawUnwritten);
  /// After a load, store, update or copy of performMemory completed: the expressions travel
  /// with the bytes, and a load's or update's result carries the bytes' it read
  /// (takeResultShadow).
  void afterMemoryOperation(const ProgramThread &thread);
  /// The expression of the result the operation just performed completes with (none: 0).
  ExprId takeResultShadow() { return std::exchange(resultShadow_, ConcreteValue); }
  /// After afterMemoryOperation: whether the value the load read or the store wrote has an
  /// expression (Operation::symbolicValue).
  bool valueWasSymbolic(const ProgramThread &thread) const;
  /// The `size` bytes at `address` (already written) stand for `value` (0: they are concrete).
  void setValueShadow(Address address, uint64_t size, ExprId value);

private:
  /// The object a load or store at a symbolic address is confined to (interp/SymbolicMemory.h).
  bool symbolicTarget(const ExternalCall &call, uint64_t size, symbolic_memory::Target &target,
                      bool fixIfNone = false);
  /// beforeMemoryOperation for an update: sets pendingUpdate_.
  void beforeUpdate(ProgramThread &thread, bool drawUnwritten);
  /// The expression an update `op` of `bits` bits writes over `old` with `operand`; 0 for an
  /// operation kept concrete (floating point, the wrapping increments).
  ExprId updatedExpression(RmwOp op, unsigned bits, ExprId old, ExprId operand);
  /// After a decision that fixed values (DecisionKind::Value): every slot and byte whose
  /// expression has one value where the path holds becomes a plain value, so the rest of the
  /// execution runs on it as if that value had been drawn (no further decision, no query).
  void dropFixedShadows(ThreadTable &threads, ThreadId numThreads);
  /// After the path's model changed: every symbolic slot and byte takes its new value.
  void refreshConcreteValues(ThreadTable &threads, ThreadId numThreads);

  const Program &program_;
  Memory &memory_;
  Interpreter *interp_ = nullptr; // set by enable()
  // (shared_ptr: the deleters are bound where the types are complete, in SymbolicData.cpp.)
  std::shared_ptr<symbolic::ExprStore> store_;
  std::shared_ptr<SymbolicRun> run_; // the interpreter's SymbolicValues over store_ and state_
  SymbolicState state_;
  uint32_t root_ = 0; // the path every execution starts from (anchorModel)
  /// The expression of the result a visible operation completes with (a symbolic load).
  ExprId resultShadow_ = ConcreteValue;
  /// A store at a symbolic address: its object's shadow after it (beforeMemoryOperation).
  std::vector<uint32_t> storedObjectShadow_;
  /// An update about to be performed on symbolic bytes or with a symbolic operand: the
  /// expressions of the value it reads and of the value it writes (0: concrete).
  struct PendingUpdate {
    bool symbolic = false;
    ExprId read = ConcreteValue;
    ExprId written = ConcreteValue;
  } pendingUpdate_;
};

} // namespace runtime
} // namespace bpor
