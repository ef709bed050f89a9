// A tiny concurrent program language for testing the explorers without LLVM.
//
// A Program is a list of thread bodies; body 0 is main, and `fork k` starts a new thread that
// runs body k. Every instruction is one visible operation (one transition), except `spin`,
// whose every iteration is two: a read of the variable and, if it does not hold the awaited
// value yet, a yield.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace bpor::testing {

enum class InstrKind : uint8_t {
  Read,     // r = x
  Write,    // x = value (+ r if addRegister)
  Lock,     // lock m; blocks while another thread holds m
  Unlock,   // unlock m; an error if this thread does not hold m
  Fork,     // start a thread running body `target`
  Join,     // wait for the `target`-th thread this thread forked (0-based) to end
  Yield,    // sched_yield
  Nondet,   // r = a choice in [0, value)
  Spin,     // while (x != value) yield; (a read, then a yield if the value is not there yet)
  AssertEq, // read x; an assertion failure if x != value
  AssertNe, // read x; an assertion failure if x == value
  AssumeEq, // read x; the execution is infeasible if x != value
};

struct Instr {
  InstrKind kind = InstrKind::Yield;
  uint32_t var = 0;    // the variable or mutex
  uint64_t value = 0;  // the value written, awaited, asserted; the number of choices
  uint32_t target = 0; // Fork: the body; Join: which child
  bool addRegister = false;
};

struct Program {
  std::vector<std::vector<Instr>> bodies;

  /// One line per body: "T0: fork 1; write x0=1; ...".
  std::string toString() const;
};

// Builders that keep hand-written programs readable.
inline Instr readOf(uint32_t var) { return {InstrKind::Read, var}; }
inline Instr writeOf(uint32_t var, uint64_t value, bool addRegister = false) {
  return {InstrKind::Write, var, value, 0, addRegister};
}
inline Instr lockOf(uint32_t mutex) { return {InstrKind::Lock, mutex}; }
inline Instr unlockOf(uint32_t mutex) { return {InstrKind::Unlock, mutex}; }
inline Instr forkOf(uint32_t body) { return {InstrKind::Fork, 0, 0, body}; }
inline Instr joinOf(uint32_t child) { return {InstrKind::Join, 0, 0, child}; }
inline Instr yieldOp() { return {InstrKind::Yield}; }
inline Instr nondetOf(uint32_t choices) { return {InstrKind::Nondet, 0, choices}; }
inline Instr spinUntil(uint32_t var, uint64_t value) { return {InstrKind::Spin, var, value}; }
inline Instr assertEq(uint32_t var, uint64_t value) { return {InstrKind::AssertEq, var, value}; }
inline Instr assertNe(uint32_t var, uint64_t value) { return {InstrKind::AssertNe, var, value}; }
inline Instr assumeEq(uint32_t var, uint64_t value) { return {InstrKind::AssumeEq, var, value}; }

} // namespace bpor::testing
