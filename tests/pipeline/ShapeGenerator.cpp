#include "tests/pipeline/ShapeGenerator.h"

#include <fmt/format.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

namespace bpor::testing {
namespace {

using Lines = std::vector<std::string>;

class ShapeGenerator {
public:
  ShapeGenerator(uint64_t seed, const ShapeOptions &options) : random(seed), options(options) {}

  CProgram run();

private:
  struct Thread {
    std::string name;
    Lines ops;
    std::vector<size_t> children; // threads it creates (a grandchild, with extras)
  };
  /// A global that keeps one loaded value, and the variable it was loaded from (NoVariable:
  /// a trylock's outcome, 0 or 1).
  struct Observation {
    std::string name;
    unsigned variable;
  };
  static constexpr unsigned NoVariable = ~0u;

  uint64_t below(uint64_t n) { return random() % n; }
  bool chance(unsigned percent) { return below(100) < percent; }
  unsigned variable() { return unsigned(below(options.numVariables)); }
  std::string load(unsigned v) const {
    return options.atomics ? fmt::format("atomic_load(&v{})", v) : fmt::format("v{}", v);
  }
  std::string store(unsigned v, const std::string &value) const {
    return options.atomics ? fmt::format("atomic_store(&v{}, {});", v, value)
                           : fmt::format("v{} = {};", v, value);
  }
  /// A store of a fresh value (the values a variable takes are 1, 2, ... in the order the
  /// stores were generated, so that a read tells which store it read from).
  std::string storeFresh(unsigned v) {
    written[v].push_back(unsigned(written[v].size()) + 1);
    return store(v, std::to_string(written[v].back()));
  }
  /// o<k> = load(v): the loaded value kept for main's assertion.
  std::string observe(unsigned v) {
    observations.push_back(Observation{fmt::format("o{}", observations.size()), v});
    return fmt::format("{} = {};", observations.back().name, load(v));
  }

  Lines writer();
  Lines reader();
  Lines copier();
  Lines mixed();
  void addExtras(Thread &thread);
  void addUpdates(Thread &thread);
  void addCommutingUpdates(Thread &thread);
  std::string compareAndSwap();
  std::string lockAround(const std::string &ops, bool spin, bool tryLock);
  std::string emitThread(const Thread &thread) const;
  std::string assertion();

  std::mt19937_64 random;
  const ShapeOptions &options;
  std::vector<Thread> threads;
  std::vector<Observation> observations;
  std::vector<std::vector<unsigned>> written; // per variable, the values stored
  bool usesMutex = false, usesNondet = false, usesSpin = false;
};

// Several stores to one variable, interleaved with stores to another.
Lines ShapeGenerator::writer() {
  unsigned main = variable(), other = variable();
  Lines ops;
  unsigned n = 2 + unsigned(below(std::max(1u, options.maxOps - 1)));
  for (unsigned k = 0; k < n; ++k)
    ops.push_back(storeFresh(k % 2 == 0 || other == main ? main : other));
  return ops;
}

// One variable read twice with other reads between.
Lines ShapeGenerator::reader() {
  unsigned twice = variable();
  Lines ops = {observe(twice)};
  unsigned between = 1 + unsigned(below(std::max(1u, options.maxOps - 2)));
  for (unsigned k = 0; k < between; ++k)
    ops.push_back(observe(variable()));
  ops.push_back(observe(twice));
  return ops;
}

// Stores of loaded values: what a thread read decides what others read.
Lines ShapeGenerator::copier() {
  Lines ops;
  unsigned n = 1 + unsigned(below(2));
  for (unsigned k = 0; k < n; ++k) {
    unsigned from = variable(), to = variable();
    ops.push_back(observe(from));
    // The stored value is one the target may not have had: a fresh one, so reads of it differ.
    written[to].push_back(unsigned(written[to].size()) + 1);
    ops.push_back(
        store(to, fmt::format("{} + {}", observations.back().name, 10 * written[to].back())));
  }
  return ops;
}

Lines ShapeGenerator::mixed() {
  Lines ops;
  unsigned n = 1 + unsigned(below(options.maxOps));
  for (unsigned k = 0; k < n; ++k)
    ops.push_back(chance(50) ? observe(variable()) : storeFresh(variable()));
  return ops;
}

// A mutex around two neighbouring operations, a nondet value stored, a grandchild.
void ShapeGenerator::addExtras(Thread &thread) {
  if (chance(30) && thread.ops.size() >= 2) {
    usesMutex = true;
    size_t at = below(thread.ops.size() - 1);
    thread.ops[at] = "pthread_mutex_lock(&m); " + thread.ops[at];
    thread.ops[at + 1] += " pthread_mutex_unlock(&m);";
  }
  if (chance(20)) {
    usesNondet = true;
    unsigned v = variable();
    unsigned a = unsigned(written[v].size()) + 1;
    written[v].push_back(a);
    written[v].push_back(a + 1);
    thread.ops.insert(thread.ops.begin() + std::ptrdiff_t(below(thread.ops.size() + 1)),
                      store(v, fmt::format("__VERIFIER_nondet_int() ? {} : {}", a, a + 1)));
  }
  if (chance(15)) {
    Thread child;
    child.name = fmt::format("t{}", threads.size());
    child.ops = {chance(50) ? storeFresh(variable()) : observe(variable())};
    size_t index = threads.size();
    thread.children.push_back(index);
    threads.push_back(std::move(child)); // `thread` may move: the caller holds an index
  }
}

// o<k> = the old value of a compare-and-swap of a variable from 0 or a value it may hold to a
// fresh one: it fails whenever another store got there first.
std::string ShapeGenerator::compareAndSwap() {
  unsigned v = variable();
  unsigned expected =
      written[v].empty() || chance(50) ? 0 : written[v][below(written[v].size())];
  written[v].push_back(unsigned(written[v].size()) + 1);
  unsigned fresh = written[v].back();
  observations.push_back(Observation{fmt::format("o{}", observations.size()), v});
  const std::string &o = observations.back().name;
  if (!options.atomics)
    return fmt::format("{} = __sync_val_compare_and_swap(&v{}, {}, {});", o, v, expected, fresh);
  return fmt::format("{{ int e = {}; atomic_compare_exchange_{}(&v{}, &e, {}); {} = e; }}",
                     expected, chance(50) ? "strong" : "weak", v, fresh, o);
}

void ShapeGenerator::addCommutingUpdates(Thread &thread) {
  unsigned n = 1 + unsigned(below(2));
  for (unsigned k = 0; k < n; ++k) {
    unsigned v = variable(), amount = 1 + unsigned(below(2));
    bool add = chance(75);
    std::string op = options.atomics
                         ? fmt::format("atomic_fetch_{}(&v{}, {});", add ? "add" : "or", v,
                                       add ? amount : 4 * amount)
                         : fmt::format("__sync_fetch_and_{}(&v{}, {});", add ? "add" : "or", v,
                                       add ? amount : 4 * amount);
    thread.ops.insert(thread.ops.begin() + std::ptrdiff_t(below(thread.ops.size() + 1)), op);
  }
}

// `ops` under the mutex or the spin lock; with tryLock only if the trylock succeeds, its
// outcome kept in an observation.
std::string ShapeGenerator::lockAround(const std::string &ops, bool spin, bool tryLock) {
  (spin ? usesSpin : usesMutex) = true;
  std::string lock = spin ? "s" : "m", kind = spin ? "spin" : "mutex";
  if (!tryLock)
    return fmt::format("pthread_{0}_lock(&{1}); {2} pthread_{0}_unlock(&{1});", kind, lock, ops);
  observations.push_back(Observation{fmt::format("o{}", observations.size()), NoVariable});
  return fmt::format("{0} = pthread_{1}_trylock(&{2}) == 0; if ({0}) {{ {3} "
                     "pthread_{1}_unlock(&{2}); }}",
                     observations.back().name, kind, lock, ops);
}

// A compare-and-swap, a trylock around an operation, a lock around two.
void ShapeGenerator::addUpdates(Thread &thread) {
  auto insert = [&](std::string op) {
    thread.ops.insert(thread.ops.begin() + std::ptrdiff_t(below(thread.ops.size() + 1)),
                      std::move(op));
  };
  if (chance(60))
    insert(compareAndSwap());
  if (!options.locks)
    return;
  if (chance(45)) {
    bool spin = chance(50);
    std::string inside = chance(50) ? storeFresh(variable()) : observe(variable());
    insert(lockAround(inside, spin, true));
  }
  if (chance(30) && thread.ops.size() >= 2) {
    // The lock the two operations do not use already (a thread never waits for itself).
    size_t at = below(thread.ops.size() - 1);
    std::string both = thread.ops[at] + " " + thread.ops[at + 1];
    bool mutex = both.find("(&m)") != std::string::npos,
         spin = both.find("(&s)") != std::string::npos;
    if (!mutex || !spin) {
      thread.ops[at] = lockAround(both, mutex || (!spin && chance(50)), false);
      thread.ops.erase(thread.ops.begin() + std::ptrdiff_t(at) + 1);
    }
  }
}

std::string ShapeGenerator::emitThread(const Thread &thread) const {
  std::string text = fmt::format("void *{}(void *arg) {{\n", thread.name);
  for (size_t c = 0; c < thread.children.size(); ++c)
    text += fmt::format("  pthread_t h{};\n", c);
  size_t createAt = thread.ops.size() / 2;
  for (size_t k = 0; k <= thread.ops.size(); ++k) {
    if (k == createAt)
      for (size_t c = 0; c < thread.children.size(); ++c)
        text +=
            fmt::format("  pthread_create(&h{}, 0, {}, 0);\n", c, threads[thread.children[c]].name);
    if (k < thread.ops.size())
      text += "  " + thread.ops[k] + "\n";
  }
  for (size_t c = 0; c < thread.children.size(); ++c)
    text += fmt::format("  pthread_join(h{}, 0);\n", c);
  return text + "  return 0;\n}\n";
}

// !(o_a == .. && o_b == ..): each compared with a value its variable can hold.
std::string ShapeGenerator::assertion() {
  if (observations.empty())
    return "";
  std::vector<size_t> chosen(observations.size());
  for (size_t k = 0; k < chosen.size(); ++k)
    chosen[k] = k;
  std::shuffle(chosen.begin(), chosen.end(), random);
  chosen.resize(std::min<size_t>(chosen.size(), 2 + below(5)));
  std::string condition;
  static const std::vector<unsigned> none;
  for (size_t k : chosen) {
    unsigned v = observations[k].variable;
    const std::vector<unsigned> &values = v == NoVariable ? none : written[v];
    unsigned value = values.empty() || chance(30) ? 0 : values[below(values.size())];
    if (observations[k].variable == NoVariable)
      value = unsigned(below(2));
    condition +=
        fmt::format("{}{} == {}", condition.empty() ? "" : " && ", observations[k].name, value);
  }
  return fmt::format("  assert(!({}));\n", condition);
}

CProgram ShapeGenerator::run() {
  written.resize(options.numVariables);
  unsigned n = options.minThreads +
               unsigned(below(std::max(1u, options.maxThreads - options.minThreads + 1)));
  std::vector<size_t> created; // main's children, by index into `threads`
  for (unsigned t = 0; t < n; ++t) {
    size_t index = threads.size();
    threads.push_back(Thread{fmt::format("t{}", index), {}, {}});
    created.push_back(index);
    switch (t < 4 ? t : unsigned(below(4))) {
    case 0:
      threads[index].ops = writer();
      break;
    case 1:
      threads[index].ops = reader();
      break;
    case 2:
      threads[index].ops = copier();
      break;
    default:
      threads[index].ops = mixed();
      break;
    }
    if (options.extras)
      addExtras(threads[index]);
    if (options.updates)
      addUpdates(threads[index]);
    if (options.commutingUpdates)
      addCommutingUpdates(threads[index]);
  }

  CProgram program;
  std::string &s = program.source;
  s = "#include <assert.h>\n#include <pthread.h>\n#include <stdatomic.h>\n\n"
      "extern int __VERIFIER_nondet_int(void);\n\n";
  for (unsigned v = 0; v < options.numVariables; ++v)
    s += fmt::format("{} v{};\n", options.atomics ? "atomic_int" : "int", v);
  for (const Observation &o : observations)
    s += fmt::format("int {};\n", o.name);
  if (usesMutex)
    s += "pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;\n";
  if (usesSpin)
    s += "pthread_spinlock_t s;\n";
  s += "\n";
  // Children first, so that every thread function is defined before its creator.
  for (size_t t = threads.size(); t-- > 0;)
    s += emitThread(threads[t]) + "\n";
  // Main creates its threads in a random order and joins them in another.
  std::vector<size_t> order = created, joins = created;
  std::shuffle(order.begin(), order.end(), random);
  std::shuffle(joins.begin(), joins.end(), random);
  s += fmt::format("int main(void) {{\n  pthread_t h[{}];\n", threads.size());
  if (usesSpin)
    s += "  pthread_spin_init(&s, 0);\n";
  for (size_t t : order)
    s += fmt::format("  pthread_create(&h[{}], 0, {}, 0);\n", t, threads[t].name);
  for (size_t t : joins)
    s += fmt::format("  pthread_join(h[{}], 0);\n", t);
  s += assertion() + "  return 0;\n}\n";
  if (usesNondet)
    program.nondetValues = {0, 1};
  return program;
}

} // namespace

CProgram generateShapeProgram(uint64_t seed, const ShapeOptions &options) {
  return ShapeGenerator(seed, options).run();
}

} // namespace bpor::testing
