// The distributed search's protocol (docs/design.md, "Distributed search (MPI)") as a
// discrete-event simulation over a recorded tree: every rank walks the part of the tree above
// the split depth, asks rank 0 for each unit it reaches in depth-first order, and explores the
// units rank 0 gives it (the first to ask gets it). Rank 0's server answers one request at a
// time.
#pragma once

#include <cstdint>
#include <vector>

namespace bpor::bench {

/// A search tree divided at one depth, in seconds of one process's CPU time.
struct TreeProfile {
  /// The search alone, undivided.
  double sequential = 0;
  /// walk[k]: walking the top from unit k-1 (or the start) to unit k, giving every unit away.
  std::vector<double> walk;
  /// From the last unit to the end of the walk.
  double walkTail = 0;
  /// unit[k]: exploring unit k (a subtree at the split depth, or an execution above it).
  std::vector<double> unit;
};

struct Network {
  /// One request's round trip between a rank and rank 0, the server's time excluded.
  double latency = 50e-6;
  /// Rank 0's server's time to answer one request.
  double service = 2e-6;
  /// What rank 0 answers to a claim of a unit another rank has: "no" (the rank asks for the
  /// next unit it reaches: the protocol before distributed/UnitRecord.h's Grant), or a Grant:
  /// the first later unit free, now the rank's (it walks past the others to it), or none left.
  enum class Protocol { AskEach, Grant } protocol = Protocol::Grant;
};

struct Prediction {
  double makespan = 0; // the last rank's end
  double speedup = 0;  // sequential / makespan
  double efficiency = 0;
  /// Shares of ranks × makespan: walking the top, waiting for replies (latency and the
  /// server's queue), exploring units, and idle after the rank's own end.
  double walking = 0, asking = 0, exploring = 0, idle = 0;
  uint64_t requests = 0; // claims rank 0 answered
};

Prediction simulateRanks(const TreeProfile &tree, unsigned ranks, const Network &network);

} // namespace bpor::bench
