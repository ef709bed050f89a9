// Hand-written test programs whose number of Mazurkiewicz traces is known, shared by the
// optimal-DPOR and unfolding tests. In each, main forks the worker threads and does nothing
// else; a fork commutes with everything but its child's events, so it does not add traces.
#pragma once

#include "tests/support/Program.h"

#include <vector>

namespace bpor::testing {

/// n!: the traces of n threads whose events all conflict (each order of them is one).
inline uint64_t factorial(unsigned n) { return n <= 1 ? 1 : n * factorial(n - 1); }

inline Program withWorkers(const std::vector<std::vector<Instr>> &workers) {
  Program p;
  p.bodies.resize(1);
  for (size_t k = 0; k < workers.size(); ++k) {
    p.bodies[0].push_back(forkOf(uint32_t(k + 1)));
    p.bodies.push_back(workers[k]);
  }
  return p;
}

// Each thread writes x0 and then reads it. The writes are ordered in N! ways; the k-th writer's
// read may come before any of the N-k later writes or after all of them (N-k+1 places), which
// multiplies by N! again: (N!)^2.
inline Program writeThenRead(unsigned n) {
  std::vector<std::vector<Instr>> workers(n, {writeOf(0, 1), readOf(0)});
  for (unsigned k = 0; k < n; ++k)
    workers[k][0].value = k + 1;
  return withWorkers(workers);
}

// Thread i writes x_i and reads x_(i+1 mod N): each read is before or after the write it
// conflicts with (2^N), except the cyclic choice where every read precedes its write.
inline Program ringOfReads(unsigned n) {
  std::vector<std::vector<Instr>> workers;
  for (unsigned i = 0; i < n; ++i)
    workers.push_back({writeOf(i, 1), readOf((i + 1) % n)});
  return withWorkers(workers);
}

// N threads increment x0 once under mutex 0: the critical sections are ordered in N! ways.
inline Program lockedIncrements(unsigned threads, unsigned sectionsPerThread) {
  std::vector<Instr> body;
  for (unsigned s = 0; s < sectionsPerThread; ++s)
    body.insert(body.end(), {lockOf(0), readOf(0), writeOf(0, 1, true), unlockOf(0)});
  return withWorkers(std::vector<std::vector<Instr>>(threads, body));
}

// Thread i writes its own variable: everything commutes.
inline Program ownVariables(unsigned n) {
  std::vector<std::vector<Instr>> workers;
  for (unsigned i = 0; i < n; ++i)
    workers.push_back({writeOf(i, 1), writeOf(i, 2)});
  return withWorkers(workers);
}

} // namespace bpor::testing
