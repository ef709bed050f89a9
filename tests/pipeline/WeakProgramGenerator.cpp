#include "tests/pipeline/WeakProgramGenerator.h"

#include <fmt/format.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

namespace bpor::testing {
namespace {

using Lines = std::vector<std::string>;

class WeakGenerator {
public:
  WeakGenerator(uint64_t seed, const WeakProgramOptions &options)
      : random(seed), lockRandom(seed ^ 0x6d75746578ull), spinRandom(seed ^ 0x7370696eull),
        earlyRandom(seed ^ 0x6561726c79ull), syncRandom(seed ^ 0x73796e63ull),
        joinRandom(seed ^ 0x6a6f696eull), casRandom(seed ^ 0x636173ull),
        inputRandom(seed ^ 0x696e707574ull), options(options),
        fresh(options.numVariables, 0) {}

  CProgram run();

private:
  struct Thread {
    std::string name;
    Lines ops;
    unsigned reads = 0; // locals r0, r1, ...: the values it read
    bool input = false; // a local `n`: the nondet input (addNondetInput)
  };

  uint64_t below(uint64_t n) { return random() % n; }
  bool chance(unsigned percent) { return below(100) < percent; }
  template <size_t N> const char *pick(const char *const (&orders)[N]) {
    return orders[below(N)];
  }
  unsigned variable() { return unsigned(below(options.numVariables)); }
  /// A value not yet stored to x<v>: a read tells which store it read from.
  unsigned freshValue(unsigned v) { return ++fresh[v]; }

  std::string operation(Thread &thread);
  void addPlainAccesses(std::vector<Thread> &threads);
  void addMutexes(std::vector<Thread> &threads);
  void addSpinLoop(std::vector<Thread> &threads);
  void addUpdateLoops(std::vector<Thread> &threads);
  void addSyncObject(std::vector<Thread> &threads);
  void addSemaphore(std::vector<Thread> &threads);
  void addBarrier(std::vector<Thread> &threads);
  void addRwlock(std::vector<Thread> &threads);
  void addCondVar(std::vector<Thread> &threads);
  void addRandom(std::vector<Thread> &threads);
  void addNondetInput(std::vector<Thread> &threads);
  uint64_t inputBelow(uint64_t n) { return inputRandom() % n; }
  bool usesNondet = false;
  bool usesRandom = false;
  uint64_t syncBelow(uint64_t n) { return syncRandom() % n; }
  uint64_t lockBelow(uint64_t n) { return lockRandom() % n; }
  std::string emitThread(const Thread &thread) const;
  std::string assertion(const std::vector<Thread> &threads);

  std::mt19937_64 random;
  std::mt19937_64 lockRandom; // the mutexes' own stream (WeakProgramOptions::mutexPercent)
  std::mt19937_64 spinRandom; // the spin loops' (WeakProgramOptions::spinPercent)
  std::mt19937_64 earlyRandom; // the early assertions' (WeakProgramOptions::earlyAssertPercent)
  std::mt19937_64 syncRandom;  // the semaphores', barriers' and rwlocks' (syncPercent)
  std::mt19937_64 joinRandom;  // the threads main does not join (unjoinedPercent)
  std::mt19937_64 casRandom;   // the update loops' (updateLoopPercent)
  std::mt19937_64 inputRandom; // the nondet input's (nondetPercent)
  bool usesCasLock = false;
  const WeakProgramOptions &options;
  std::vector<unsigned> fresh;
  bool usesPlain = false, usesAssume = false;
  unsigned mutexes = 0;
  /// The initialisations main makes before it starts the threads, the declarations.
  std::string syncDeclarations, syncInits;
  bool usesSemaphore = false;
};

constexpr const char *LoadOrders[] = {"memory_order_relaxed", "memory_order_acquire",
                                      "memory_order_seq_cst"};
constexpr const char *StoreOrders[] = {"memory_order_relaxed", "memory_order_release",
                                       "memory_order_seq_cst"};
constexpr const char *UpdateOrders[] = {"memory_order_relaxed", "memory_order_acquire",
                                        "memory_order_release", "memory_order_acq_rel",
                                        "memory_order_seq_cst"};
constexpr const char *FenceOrders[] = {"memory_order_acquire", "memory_order_release",
                                       "memory_order_acq_rel", "memory_order_seq_cst"};

// One atomic operation; what it read goes to the thread's next local.
std::string WeakGenerator::operation(Thread &thread) {
  unsigned v = variable();
  uint64_t kind = below(100);
  std::string r = fmt::format("r{}", thread.reads);
  if (kind < 30) {
    ++thread.reads;
    return fmt::format("{} = atomic_load_explicit(&x{}, {});", r, v, pick(LoadOrders));
  }
  if (kind < 55)
    return fmt::format("atomic_store_explicit(&x{}, {}, {});", v, freshValue(v),
                       pick(StoreOrders));
  if (kind < 65) {
    ++thread.reads;
    return fmt::format("{} = atomic_fetch_add_explicit(&x{}, 1, {});", r, v, pick(UpdateOrders));
  }
  if (kind < 72) {
    ++thread.reads;
    return fmt::format("{} = atomic_exchange_explicit(&x{}, {}, {});", r, v, freshValue(v),
                       pick(UpdateOrders));
  }
  if (kind < 86) {
    // The failure order is no stronger than the success order and not a release (C11 7.17.7.4).
    const char *success = pick(UpdateOrders);
    std::string s = success;
    std::vector<const char *> failures{"memory_order_relaxed"};
    if (s == "memory_order_acquire" || s == "memory_order_acq_rel" || s == "memory_order_seq_cst")
      failures.push_back("memory_order_acquire");
    if (s == "memory_order_seq_cst")
      failures.push_back("memory_order_seq_cst");
    const char *failure = failures[below(failures.size())];
    ++thread.reads;
    // After the call, `r` holds the value read whether the exchange succeeded or not.
    unsigned expected = unsigned(below(fresh[v] + 1));
    return fmt::format("{} = {}; atomic_compare_exchange_{}_explicit(&x{}, &{}, {}, {}, {});", r,
                       expected, chance(50) ? "strong" : "weak", v, r, freshValue(v), success,
                       failure);
  }
  return fmt::format("atomic_thread_fence({});", pick(FenceOrders));
}

// A plain variable two threads access: a write and a read or two writes, unordered unless the
// atomics happen to order them.
void WeakGenerator::addPlainAccesses(std::vector<Thread> &threads) {
  usesPlain = true;
  size_t a = below(threads.size()), b = (a + 1 + below(threads.size() - 1)) % threads.size();
  threads[a].ops.insert(threads[a].ops.begin() + std::ptrdiff_t(below(threads[a].ops.size() + 1)),
                        "p = 1;");
  Thread &t = threads[b];
  std::string access = chance(50) ? "p = 2;" : fmt::format("r{} = p;", t.reads++);
  t.ops.insert(t.ops.begin() + std::ptrdiff_t(below(t.ops.size() + 1)), access);
}

// Ranges of the threads' operations under a mutex: a lock and an unlock around them, sometimes
// a trylock whose success the thread records (and runs the range only then), sometimes a
// second lock nested inside the first (two threads nesting two mutexes in opposite orders
// deadlock).
void WeakGenerator::addMutexes(std::vector<Thread> &threads) {
  mutexes = 1 + unsigned(lockBelow(2));
  for (Thread &t : threads) {
    if (lockBelow(100) >= 70)
      continue;
    auto at = [&](size_t position) { return t.ops.begin() + std::ptrdiff_t(position); };
    size_t begin = lockBelow(t.ops.size() + 1);
    size_t end = begin + lockBelow(t.ops.size() - begin + 1);
    unsigned m = unsigned(lockBelow(mutexes));
    if (lockBelow(100) < 25) {
      unsigned r = t.reads++;
      t.ops.insert(at(end), fmt::format("pthread_mutex_unlock(&m{}); }}", m));
      t.ops.insert(at(begin),
                   fmt::format("r{} = pthread_mutex_trylock(&m{}) == 0; if (r{}) {{", r, m, r));
      continue;
    }
    if (mutexes == 2 && lockBelow(100) < 40) {
      // The other mutex inside the range.
      size_t innerBegin = begin + lockBelow(end - begin + 1);
      size_t innerEnd = innerBegin + lockBelow(end - innerBegin + 1);
      t.ops.insert(at(innerEnd), fmt::format("pthread_mutex_unlock(&m{});", 1 - m));
      t.ops.insert(at(innerBegin), fmt::format("pthread_mutex_lock(&m{});", 1 - m));
      end += 2;
    }
    t.ops.insert(at(end), fmt::format("pthread_mutex_unlock(&m{});", m));
    t.ops.insert(at(begin), fmt::format("pthread_mutex_lock(&m{});", m));
  }
}

// A spin loop in one thread, at a random place: it waits for a variable to leave 0, reading it
// with a random order (the loop, which only reads, is one the pass makes an await of).
void WeakGenerator::addSpinLoop(std::vector<Thread> &threads) {
  Thread &t = threads[spinRandom() % threads.size()];
  size_t at = spinRandom() % (t.ops.size() + 1);
  const char *order = LoadOrders[spinRandom() % std::size(LoadOrders)];
  t.ops.insert(t.ops.begin() + std::ptrdiff_t(at),
               fmt::format("while (atomic_load_explicit(&x{}, {}) == 0) {{ }}",
                           spinRandom() % options.numVariables, order));
}

// Update loops (WeakProgramOptions::updateLoopPercent): a test-and-set lock `lk` (of a
// compare-and-swap, an exchange or a fetch_or) around a range of operations in some threads,
// or a compare-and-swap retry loop that increments a variable in one or two threads; orders
// drawn at random (the failure order valid for the success order).
void WeakGenerator::addUpdateLoops(std::vector<Thread> &threads) {
  auto draw = [&](size_t n) { return size_t(casRandom() % n); };
  auto orders = [&]() {
    static constexpr const char *Success[] = {"memory_order_relaxed", "memory_order_acquire",
                                              "memory_order_acq_rel", "memory_order_seq_cst"};
    std::string success = Success[draw(std::size(Success))];
    const char *failure = success == "memory_order_seq_cst" && draw(2) ? "memory_order_seq_cst"
                          : success != "memory_order_relaxed" && draw(2) ? "memory_order_acquire"
                                                                          : "memory_order_relaxed";
    return fmt::format("{}, {}", success, failure);
  };
  const char *strength[] = {"strong", "weak"};
  if (draw(2) == 0) {
    usesCasLock = true;
    for (Thread &t : threads) {
      if (draw(100) >= 70)
        continue;
      auto at = [&](size_t position) { return t.ops.begin() + std::ptrdiff_t(position); };
      size_t begin = draw(t.ops.size() + 1);
      size_t end = begin + draw(t.ops.size() - begin + 1);
      t.ops.insert(at(end), fmt::format("atomic_store_explicit(&lk, 0, {});",
                                        StoreOrders[draw(std::size(StoreOrders))]));
      std::string lock;
      switch (draw(3)) {
      case 0:
        lock = fmt::format("{{ int e = 0; while (!atomic_compare_exchange_{}_explicit(&lk, &e, "
                           "1, {})) e = 0; }}",
                           strength[draw(2)], orders());
        break;
      case 1:
        lock = fmt::format("while (atomic_exchange_explicit(&lk, 1, {}) == 1) {{ }}",
                           UpdateOrders[draw(std::size(UpdateOrders))]);
        break;
      default:
        lock = fmt::format("while (atomic_fetch_or_explicit(&lk, 1, {}) & 1) {{ }}",
                           UpdateOrders[draw(std::size(UpdateOrders))]);
        break;
      }
      t.ops.insert(at(begin), lock);
    }
    return;
  }
  unsigned v = unsigned(draw(options.numVariables));
  for (unsigned k = 0, n = 1 + unsigned(draw(2)); k < n; ++k) {
    Thread &t = threads[draw(threads.size())];
    t.ops.insert(t.ops.begin() + std::ptrdiff_t(draw(t.ops.size() + 1)),
                 fmt::format("{{ int o; do {{ o = atomic_load_explicit(&x{}, {}); }} while "
                             "(!atomic_compare_exchange_{}_explicit(&x{}, &o, o + 1, {})); }}",
                             v, LoadOrders[draw(std::size(LoadOrders))], strength[draw(2)], v,
                             orders()));
  }
}

// One semaphore, barrier or read-write lock (WeakProgramOptions::syncObjects), drawn from the
// stream of its own.
void WeakGenerator::addSyncObject(std::vector<Thread> &threads) {
  std::vector<unsigned> kinds;
  for (unsigned kind : {WeakProgramOptions::SyncSemaphore, WeakProgramOptions::SyncBarrier,
                        WeakProgramOptions::SyncRwlock, WeakProgramOptions::SyncCondVar,
                        WeakProgramOptions::SyncRandom})
    if (options.syncObjects & kind)
      kinds.push_back(kind);
  if (kinds.empty())
    return;
  switch (kinds[syncBelow(kinds.size())]) {
  case WeakProgramOptions::SyncSemaphore: addSemaphore(threads); return;
  case WeakProgramOptions::SyncBarrier: addBarrier(threads); return;
  case WeakProgramOptions::SyncRwlock: addRwlock(threads); return;
  case WeakProgramOptions::SyncCondVar: addCondVar(threads); return;
  default: addRandom(threads); return;
  }
}

// A semaphore with an initial count of 0 or 1: each thread now and then posts it, waits on it
// (which may wait forever) or tries it, recording whether the try succeeded.
void WeakGenerator::addSemaphore(std::vector<Thread> &threads) {
  usesSemaphore = true;
  syncDeclarations += "sem_t s0;\n";
  syncInits += fmt::format("  sem_init(&s0, 0, {});\n", syncBelow(2));
  for (Thread &t : threads) {
    unsigned operations = unsigned(syncBelow(3));
    for (unsigned k = 0; k < operations; ++k) {
      auto at = t.ops.begin() + std::ptrdiff_t(syncBelow(t.ops.size() + 1));
      uint64_t kind = syncBelow(100);
      if (kind < 45)
        t.ops.insert(at, "sem_post(&s0);");
      else if (kind < 80)
        t.ops.insert(at, "sem_wait(&s0);");
      else
        t.ops.insert(at, fmt::format("r{} = sem_trywait(&s0) == 0;", t.reads++));
    }
  }
}

// A barrier whose count is the number of threads that wait at it (two or more, one or two
// times each: a reused barrier), at random places in their operations.
void WeakGenerator::addBarrier(std::vector<Thread> &threads) {
  std::vector<Thread *> waiting;
  for (Thread &t : threads)
    if (syncBelow(100) < 75)
      waiting.push_back(&t);
  if (waiting.size() < 2)
    return;
  syncDeclarations += "pthread_barrier_t b0;\n";
  syncInits += fmt::format("  pthread_barrier_init(&b0, 0, {});\n", waiting.size());
  unsigned rounds = 1 + unsigned(syncBelow(100) < 25);
  for (Thread *t : waiting) {
    // Ascending places: the second wait after the first.
    size_t first = syncBelow(t->ops.size() + 1);
    t->ops.insert(t->ops.begin() + std::ptrdiff_t(first), "pthread_barrier_wait(&b0);");
    if (rounds == 2) {
      size_t second = first + 1 + syncBelow(t->ops.size() - first);
      t->ops.insert(t->ops.begin() + std::ptrdiff_t(second), "pthread_barrier_wait(&b0);");
    }
  }
}

// A read-write lock around ranges of the threads' operations: a read or write lock and an
// unlock, sometimes a try whose success the thread records (running the range only then).
void WeakGenerator::addRwlock(std::vector<Thread> &threads) {
  syncDeclarations += "pthread_rwlock_t l0 = PTHREAD_RWLOCK_INITIALIZER;\n";
  for (Thread &t : threads) {
    if (syncBelow(100) >= 70)
      continue;
    // Not in a thread where a mutex's trylock opened a block: the range would cross it, and
    // the unlock run without the lock (a misuse that ends the graph in a thread).
    if (std::any_of(t.ops.begin(), t.ops.end(),
                    [](const std::string &op) { return op.find('{') != std::string::npos; }))
      continue;
    auto at = [&](size_t position) { return t.ops.begin() + std::ptrdiff_t(position); };
    size_t begin = syncBelow(t.ops.size() + 1);
    size_t end = begin + syncBelow(t.ops.size() - begin + 1);
    const char *mode = syncBelow(2) ? "wr" : "rd";
    if (syncBelow(100) < 25) {
      unsigned r = t.reads++;
      t.ops.insert(at(end), "pthread_rwlock_unlock(&l0); }");
      t.ops.insert(at(begin), fmt::format("r{} = pthread_rwlock_try{}lock(&l0) == 0; if (r{}) {{",
                                          r, mode, r));
      continue;
    }
    t.ops.insert(at(end), "pthread_rwlock_unlock(&l0);");
    t.ops.insert(at(begin), fmt::format("pthread_rwlock_{}lock(&l0);", mode));
  }
}

// A condition variable with its mutex and a count the mutex guards: some threads wait for the
// count to be positive and take one (in a while loop, or an if that trusts the wakeup), some
// add one and signal or broadcast, inside the mutex or after its unlock. Fewer additions than
// takers deadlock; a signal before its waiter waits is lost unless the count says so.
void WeakGenerator::addCondVar(std::vector<Thread> &threads) {
  syncDeclarations += "pthread_mutex_t cm = PTHREAD_MUTEX_INITIALIZER;\n"
                      "pthread_cond_t c0 = PTHREAD_COND_INITIALIZER;\n"
                      "int count0;\n";
  for (Thread &t : threads) {
    uint64_t role = syncBelow(100);
    if (role >= 80)
      continue;
    auto at = t.ops.begin() + std::ptrdiff_t(syncBelow(t.ops.size() + 1));
    if (role < 40) {
      t.ops.insert(at, fmt::format("pthread_mutex_lock(&cm); {} (count0 == 0) "
                                   "pthread_cond_wait(&c0, &cm); if (count0 > 0) count0--; "
                                   "pthread_mutex_unlock(&cm);",
                                   syncBelow(100) < 70 ? "while" : "if"));
      continue;
    }
    const char *wake = syncBelow(100) < 70 ? "pthread_cond_signal(&c0);"
                                           : "pthread_cond_broadcast(&c0);";
    if (syncBelow(100) < 70)
      t.ops.insert(at, fmt::format("pthread_mutex_lock(&cm); count0++; {} "
                                   "pthread_mutex_unlock(&cm);",
                                   wake));
    else
      t.ops.insert(at, fmt::format("pthread_mutex_lock(&cm); count0++; "
                                   "pthread_mutex_unlock(&cm); {}",
                                   wake));
  }
}

// Calls of rand(): some threads record a draw (modulo 3), others draw and drop it; what each
// gets depends on the order of the calls of different threads.
void WeakGenerator::addRandom(std::vector<Thread> &threads) {
  usesRandom = true;
  for (Thread &t : threads) {
    if (syncBelow(100) >= 70)
      continue;
    auto at = t.ops.begin() + std::ptrdiff_t(syncBelow(t.ops.size() + 1));
    if (syncBelow(2))
      t.ops.insert(at, fmt::format("r{} = rand() % 3;", t.reads++));
    else
      t.ops.insert(at, "rand();");
  }
}

// A char-sized nondet input `n` one thread draws at a random place, and two to four uses of it
// after the draw: the values it gives shared memory have few values each (two, or what a
// comparison leaves), so that a weak model's search, which keeps shared memory plain, splits
// them rather than fixing them (docs/design.md, "Symbolic values under a weak memory model").
void WeakGenerator::addNondetInput(std::vector<Thread> &threads) {
  usesNondet = true;
  Thread &t = threads[inputBelow(threads.size())];
  t.input = true;
  size_t draw = inputBelow(t.ops.size() + 1);
  t.ops.insert(t.ops.begin() + std::ptrdiff_t(draw), "n = __VERIFIER_nondet_uchar();");
  static constexpr unsigned Bounds[] = {1, 2, 100, 200, 255};
  auto bound = [&] { return Bounds[inputBelow(std::size(Bounds))]; };
  for (unsigned k = 0, uses = 2 + unsigned(inputBelow(3)); k < uses; ++k) {
    size_t at = draw + 1 + inputBelow(t.ops.size() - draw);
    unsigned v = unsigned(inputBelow(options.numVariables));
    std::string use;
    switch (inputBelow(7)) {
    case 0: // a guard on the operation there, if there is one
      if (at < t.ops.size()) {
        t.ops[at] = fmt::format("if (n {} {}) {{ {} }}", inputBelow(2) ? "<" : "==", bound(),
                                t.ops[at]);
        continue;
      }
      use = fmt::format("if (n < {}) atomic_store_explicit(&x{}, {}, {});", bound(), v,
                        freshValue(v), StoreOrders[inputBelow(std::size(StoreOrders))]);
      break;
    case 1: {
      unsigned a = freshValue(v), b = freshValue(v);
      use = fmt::format("atomic_store_explicit(&x{}, n < {} ? {} : {}, {});", v, bound(), a, b,
                        StoreOrders[inputBelow(std::size(StoreOrders))]);
      break;
    }
    case 2:
      use = fmt::format("r{} = atomic_fetch_add_explicit(&x{}, n & 1, {});", t.reads++, v,
                        UpdateOrders[inputBelow(std::size(UpdateOrders))]);
      break;
    case 3: {
      unsigned r = t.reads++;
      use = fmt::format("r{} = n & 1; atomic_compare_exchange_strong_explicit(&x{}, &r{}, {}, {}, "
                        "memory_order_relaxed);",
                        r, v, r, freshValue(v), UpdateOrders[inputBelow(std::size(UpdateOrders))]);
      break;
    }
    case 4:
      usesAssume = true;
      use = t.reads && inputBelow(2)
                ? fmt::format("__VERIFIER_assume(n != r{} + {});", inputBelow(t.reads),
                              inputBelow(2))
                : fmt::format("__VERIFIER_assume(n {} {});", inputBelow(2) ? "<" : "!=", bound());
      break;
    case 5:
      use = t.reads ? fmt::format("if (n == r{} + 1) r{} = 2;", inputBelow(t.reads),
                                  inputBelow(t.reads))
                    : fmt::format("r{} = n % 3;", t.reads++);
      break;
    default:
      use = fmt::format("r{} = n < {};", t.reads++, bound());
      break;
    }
    t.ops.insert(t.ops.begin() + std::ptrdiff_t(at), use);
  }
}

std::string WeakGenerator::emitThread(const Thread &thread) const {
  std::string text = fmt::format("void *{}(void *arg) {{\n", thread.name);
  if (thread.input)
    text += "  unsigned char n = 0;\n";
  if (thread.reads) {
    text += "  int";
    for (unsigned k = 0; k < thread.reads; ++k)
      text += fmt::format("{} r{} = 0", k ? "," : "", k);
    text += ";\n";
  }
  for (const std::string &op : thread.ops)
    text += "  " + op + "\n";
  if (thread.reads) {
    std::string packed;
    for (unsigned k = 0; k < thread.reads; ++k)
      packed += fmt::format("{}{}r{}", k ? " + " : "", k ? fmt::format("{} * ", 1u << (3 * k)) : "",
                            k);
    text += fmt::format("  res_{} = {};\n", thread.name, packed);
  }
  return text + "  return 0;\n}\n";
}

// !(res_a == .. && res_b == ..): each value a combination of small values its reads could see.
std::string WeakGenerator::assertion(const std::vector<Thread> &threads) {
  std::string condition;
  for (const Thread &t : threads) {
    if (!t.reads || (!condition.empty() && chance(30)))
      continue;
    unsigned packed = 0;
    for (unsigned k = 0; k < t.reads; ++k)
      packed += unsigned(below(3)) << (3 * k);
    condition += fmt::format("{}res_{} == {}", condition.empty() ? "" : " && ", t.name, packed);
  }
  return condition.empty() ? "" : fmt::format("  assert(!({}));\n", condition);
}

CProgram WeakGenerator::run() {
  unsigned n = options.minThreads +
               unsigned(below(std::max(1u, options.maxThreads - options.minThreads + 1)));
  std::vector<Thread> threads;
  for (unsigned t = 0; t < n; ++t) {
    Thread thread{fmt::format("t{}", t), {}, 0};
    unsigned ops = 1 + unsigned(below(options.maxOps));
    for (unsigned k = 0; k < ops; ++k) {
      std::string op = operation(thread);
      // Now and then guarded by what the thread read before: control dependency.
      if (k > 0 && thread.reads > 0 && chance(20) && op.find(" = ") == std::string::npos)
        op = fmt::format("if (r{} == {}) {}", below(thread.reads), below(2) + 1, op);
      thread.ops.push_back(op);
      // Now and then an assumption on the value just read: a thread blocked in the middle of
      // the graph, which a revisit may later unblock. (Not an assertion: an error ends the
      // graph, and the search does not go on past it, docs/weak-memory.md.)
      if (thread.reads > 0 && op.find(" = ") != std::string::npos && chance(15)) {
        usesAssume = true;
        thread.ops.push_back(
            fmt::format("__VERIFIER_assume(r{} != {});", thread.reads - 1, below(3)));
      }
    }
    threads.push_back(std::move(thread));
  }
  if (inputRandom() % 100 < options.nondetPercent)
    addNondetInput(threads);
  if (n >= 2 && chance(options.plainPercent))
    addPlainAccesses(threads);
  if (lockBelow(100) < options.mutexPercent)
    addMutexes(threads);
  if (spinRandom() % 100 < options.spinPercent)
    addSpinLoop(threads);
  if (syncBelow(100) < options.syncPercent)
    addSyncObject(threads);
  if (casRandom() % 100 < options.updateLoopPercent)
    addUpdateLoops(threads);

  std::string source = "#include <assert.h>\n#include <pthread.h>\n";
  if (usesSemaphore)
    source += "#include <semaphore.h>\n";
  if (usesRandom)
    source += "#include <stdlib.h>\n";
  source += "#include <stdatomic.h>\n\n";
  if (usesAssume)
    source += "extern void __VERIFIER_assume(int);\n";
  if (usesNondet)
    source += "extern unsigned char __VERIFIER_nondet_uchar(void);\n";
  for (unsigned v = 0; v < options.numVariables; ++v)
    source += fmt::format("atomic_int x{};\n", v);
  if (usesPlain)
    source += "int p;\n";
  if (usesCasLock)
    source += "atomic_int lk;\n";
  for (unsigned m = 0; m < mutexes; ++m)
    source += fmt::format("pthread_mutex_t m{} = PTHREAD_MUTEX_INITIALIZER;\n", m);
  source += syncDeclarations;
  for (const Thread &t : threads)
    if (t.reads)
      source += fmt::format("int res_{};\n", t.name);
  source += "\n";
  for (const Thread &t : threads)
    source += emitThread(t) + "\n";
  source += "int main(void) {\n";
  if (earlyRandom() % 100 < options.earlyAssertPercent)
    source += fmt::format("  int early = {};\n  assert(early);\n", earlyRandom() % 2);
  for (const Thread &t : threads)
    source += fmt::format("  pthread_t h_{};\n", t.name);
  source += syncInits;
  for (const Thread &t : threads)
    source += fmt::format("  pthread_create(&h_{}, 0, {}, 0);\n", t.name, t.name);
  // Unjoined: a nonempty set of the threads, by a mask below 2^n.
  uint64_t unjoined = joinRandom() % 100 < options.unjoinedPercent
                          ? 1 + joinRandom() % ((uint64_t(1) << threads.size()) - 1)
                          : 0;
  for (size_t t = 0; t < threads.size(); ++t)
    if (!(unjoined >> t & 1))
      source += fmt::format("  pthread_join(h_{}, 0);\n", threads[t].name);
  if (!unjoined)
    source += assertion(threads);
  source += "  return 0;\n}\n";
  return CProgram{source, {}, {}};
}

} // namespace

CProgram generateWeakProgram(uint64_t seed, const WeakProgramOptions &options) {
  return WeakGenerator(seed, options).run();
}

} // namespace bpor::testing
