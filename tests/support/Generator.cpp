#include "tests/support/Generator.h"

#include <algorithm>
#include <vector>

namespace bpor::testing {

namespace {

// SplitMix64: tiny, fast and identical on every platform (unlike std distributions).
class Random {
public:
  explicit Random(uint64_t seed) : state(seed) {}
  uint64_t next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  /// Uniform in [0, n).
  unsigned below(unsigned n) { return n ? unsigned(next() % n) : 0; }
  bool chance(unsigned percent) { return below(100) < percent; }

private:
  uint64_t state;
};

class ProgramGenerator {
public:
  ProgramGenerator(uint64_t seed, const GeneratorOptions &options) : rng(seed), options(options) {}

  Program run() {
    unsigned children = 1 + rng.below(options.maxChildren);
    program.bodies.resize(1);
    std::vector<Instr> mainOps = randomOps();
    // Forks at random positions among main's operations, in order.
    std::vector<Instr> body;
    std::vector<unsigned> forkAt;
    for (unsigned c = 0; c < children; ++c)
      forkAt.push_back(rng.below(unsigned(mainOps.size()) + 1));
    std::sort(forkAt.begin(), forkAt.end());
    unsigned forked = 0;
    for (unsigned k = 0; k <= mainOps.size(); ++k) {
      while (forked < children && forkAt[forked] == k) {
        body.push_back(forkOf(newChildBody(true)));
        ++forked;
      }
      if (k < mainOps.size())
        body.push_back(mainOps[k]);
    }
    if (options.joins)
      for (unsigned c = 0; c < children; ++c)
        if (rng.chance(60))
          body.push_back(joinOf(c));
    if (options.asserts && rng.chance(30))
      body.push_back(assertEq(rng.below(options.numVariables), rng.below(3)));
    program.bodies[0] = std::move(body);
    return std::move(program);
  }

private:
  unsigned newChildBody(bool mayFork) {
    unsigned index = unsigned(program.bodies.size());
    program.bodies.emplace_back();
    std::vector<Instr> ops = randomOps();
    if (ops.empty())
      ops.push_back(writeOf(rng.below(options.numVariables), 1 + rng.below(2)));
    if (mayFork && options.grandchildren && rng.chance(15)) {
      unsigned at = rng.below(unsigned(ops.size()) + 1);
      ops.insert(ops.begin() + at, forkOf(newChildBody(false)));
    }
    program.bodies[index] = std::move(ops);
    return index;
  }

  std::vector<Instr> randomOps() {
    std::vector<Instr> ops;
    unsigned n = rng.below(options.maxOpsPerThread + 1);
    while (ops.size() < n) {
      unsigned var = rng.below(options.numVariables);
      switch (rng.below(10)) {
      case 0:
      case 1:
        ops.push_back(readOf(var));
        break;
      case 2:
      case 3:
        ops.push_back(writeOf(var, 1 + rng.below(2), rng.chance(30)));
        break;
      case 4:
        if (options.yields)
          ops.push_back(yieldOp());
        break;
      case 5:
        if (options.nondet)
          ops.push_back(nondetOf(2));
        break;
      case 6:
      case 7:
        if (options.locks && options.numMutexes) {
          unsigned m = rng.below(options.numMutexes);
          ops.push_back(lockOf(m));
          // A nested lock of another mutex now and then: lock-order deadlocks.
          int inner = -1;
          if (options.numMutexes > 1 && rng.chance(40)) {
            inner = int((m + 1 + rng.below(options.numMutexes - 1)) % options.numMutexes);
            ops.push_back(lockOf(unsigned(inner)));
          }
          ops.push_back(rng.chance(50) ? readOf(var) : writeOf(var, 1 + rng.below(2), true));
          if (inner >= 0)
            ops.push_back(unlockOf(unsigned(inner)));
          ops.push_back(unlockOf(m));
        }
        break;
      case 8:
        if (options.spins && rng.chance(50))
          ops.push_back(spinUntil(var, 1 + rng.below(2)));
        else if (options.assumes && rng.chance(30))
          ops.push_back(assumeEq(var, rng.below(2)));
        else
          ops.push_back(readOf(var));
        break;
      case 9:
        if (options.asserts && rng.chance(30))
          ops.push_back(assertEq(var, rng.below(3)));
        else
          ops.push_back(writeOf(var, 1 + rng.below(2)));
        break;
      }
    }
    return ops;
  }

  Random rng;
  GeneratorOptions options;
  Program program;
};

} // namespace

Program generateProgram(uint64_t seed, const GeneratorOptions &options) {
  return ProgramGenerator(seed, options).run();
}

uint64_t soakRoundBits(uint64_t round) { return Random(round).next(); }

GeneratorOptions soakGeneratorOptions(uint64_t bits) {
  GeneratorOptions g;
  g.maxChildren = 1 + bits % 3;
  g.maxOpsPerThread = 2 + (bits >> 2) % 3;
  g.numVariables = 1 + (bits >> 4) % 3;
  g.numMutexes = (bits >> 6) % 3;
  g.assumes = (bits >> 8) & 1;
  g.joins = (bits >> 9) % 4 != 0;
  g.grandchildren = (bits >> 11) & 1;
  return g;
}

} // namespace bpor::testing
