#include "tests/pipeline/CProgramGenerator.h"

#include <fmt/format.h>

#include <random>
#include <tuple>

namespace bpor::testing {
namespace {

constexpr unsigned NumVariables = 2;     // int x0, x1
constexpr unsigned ArraySize = 3;        // int arr[3]
constexpr unsigned LargeArraySize = 300; // int big[300], with largeArray
constexpr unsigned NumPointers = 2;      // int *p0, *p1

using Lines = std::vector<std::string>;

class Generator {
public:
  Generator(uint64_t seed, const CGeneratorOptions &options) : random(seed), options(options) {}

  CProgram run();

private:
  struct Body {
    explicit Body(std::string name) : name(std::move(name)) {}
    std::string name;
    std::vector<Lines> ops;       // one entry per operation, in program order
    std::vector<size_t> children; // bodies this one creates
    size_t createAt = 0;          // the creates come before ops[createAt]
  };

  uint64_t below(uint64_t n) { return random() % n; }
  bool chance(unsigned percent) { return below(100) < percent; }
  unsigned value() { return 1 + unsigned(below(3)); }
  std::string variable() { return fmt::format("x{}", below(NumVariables)); }

  Lines simpleOp(bool inAtomicBlock);
  Lines heapOp();
  Lines charNondetOp();
  Lines assumedNondetOp();
  Lines fixedNondetOp();
  Lines symbolicUpdateOp();
  Lines floatOp();
  Lines libraryOp();
  bool charNondetUsed = false;
  Lines compoundOp();
  Lines updateOp();
  Lines commutingUpdateOp();
  Lines spinLockOp();
  Lines lockedBlock(unsigned mutex, unsigned depth);
  Lines randomOp();
  void insertAt(Body &body, Lines op);
  void addPairs();
  std::string emitBody(size_t index) const;

  std::mt19937_64 random;
  const CGeneratorOptions &options;
  std::vector<Body> bodies;
  unsigned barrierCount = 0; // the barrier's count, 0 without a barrier
  bool usesCond = false, usesSignalSem = false, usesLockSem = false, usesOnce = false,
       usesSpinLock = false, usesPolite = false, usesUpdateLock = false;
};

// An operation that never blocks: allowed inside lock blocks and (without nondet and heap
// operations, whose support inside atomic blocks is not what these programs test) inside
// atomic blocks.
Lines Generator::simpleOp(bool inAtomicBlock) {
  for (;;) {
    // The assumption case exists only with options.assumes, so that the programs of every
    // seed without it stay what they were.
    if (options.libraryCalls && chance(30))
      return libraryOp();
    // A branch on the input the fixing op publishes (fixedNondetOp): a decision that may run
    // before or after the split, and must be ordered against it. Not inside an atomic block,
    // whose symbolic reads are fixed with loss (docs/design.md, "Not yet symbolic").
    if (options.fixedNondet && !inAtomicBlock && chance(25))
      return {fmt::format("if (published {} {}) r += {};", chance(50) ? ">=" : "==", below(4),
                          1 + below(3))};
    if (options.updates && chance(30))
      return updateOp();
    if (options.commutingUpdates && chance(40))
      return commutingUpdateOp();
    if ((options.stackObjects || options.heapCopies) && !inAtomicBlock && chance(30))
      return heapOp();
    switch (below(options.assumes ? 13 : 12)) {
    case 0:
      return {fmt::format("{} = {};", variable(), value())};
    case 1:
      return {fmt::format("{} = r + {};", variable(), value())};
    case 2:
      return {fmt::format("r += {};", variable())};
    case 3: {
      std::string x = variable();
      return {fmt::format("{} = {} + 1;", x, x)};
    }
    case 4:
      if (!options.arrays)
        continue;
      return {chance(50) ? fmt::format("arr[{}] = {};", below(ArraySize), value())
                         : fmt::format("arr[(unsigned)r % {}] = {};", ArraySize, value())};
    case 5:
      if (!options.arrays)
        continue;
      return {fmt::format("r += arr[{}];", below(ArraySize))};
    case 6:
      if (!options.c11Atomics)
        continue;
      switch (below(5)) {
      case 0:
        return {fmt::format("atomic_fetch_add(&a0, {});", value())};
      case 1:
        return {fmt::format("atomic_store(&a0, {});", value())};
      case 2:
        return {"r += atomic_load(&a0);"};
      case 3:
        return {fmt::format("r += atomic_exchange(&a0, {});", value())};
      default:
        // A compare-and-swap still fixes a word an update made symbolic (docs/design.md,
        // "Atomic updates"): the update checks leave it out.
        if (options.symbolicUpdates)
          return {"r += atomic_load(&a0);"};
        return {fmt::format("{{ int expected = {}; r += "
                            "atomic_compare_exchange_strong(&a0, &expected, {}); }}",
                            below(3), value())};
      }
    case 7:
      if (options.charNondet && !inAtomicBlock && !charNondetUsed)
        return charNondetOp();
      if (!options.nondet || inAtomicBlock)
        continue;
      return {chance(50) ? fmt::format("if (__VERIFIER_nondet_int()) {} = {};", variable(), value())
                         : std::string("r += __VERIFIER_nondet_int();")};
    case 8:
    case 9:
      if (!options.asserts)
        continue;
      return {chance(70) ? fmt::format("assert({} != {});", variable(), value())
                         : fmt::format("assert(r != {});", value())};
    case 10:
      if (!options.heap || inAtomicBlock)
        continue;
      return heapOp();
    case 12:
      // Fails in some schedules: outside an atomic block it stops the thread for good, inside
      // one it ends the execution.
      return {chance(70) ? fmt::format("__VERIFIER_assume({} != {});", variable(), value())
                         : fmt::format("__VERIFIER_assume(r != {});", value())};
    default:
      if (!options.once || inAtomicBlock)
        continue;
      usesOnce = true;
      return {"pthread_once(&once, initOnce);", "r += onceCount;"};
    }
  }
}

// A library call over the shared buffer `text` (8 chars, so a value's digits always fit) or
// the state rand() draws from: every one is a visible operation whose order matters.
Lines Generator::libraryOp() {
  switch (below(7)) {
  case 6: // a plain store into the middle of the string the calls read
    return {fmt::format("text[{}] = {};", 1 + below(3), chance(50) ? "0" : "'5'")};
  case 5: // the result stored, so that a missed reordering shows in the store's value
    return {fmt::format("{} = (int)strlen(text + 1);", variable())};
  case 0:
    return {fmt::format("snprintf(text, sizeof text, \"%d-%d\", {}, {});", variable(), value())};
  case 1:
    return {"r += (int)strlen(text);"};
  case 2:
    return {"r += text[0] - '0';"};
  case 3:
    return {"r += rand() % 3;"};
  default:
    return {fmt::format("printf(\"%d %s\\n\", {}, text);", variable())};
  }
}

Lines Generator::charNondetOp() {
  charNondetUsed = true;
  int k = int(below(7)) - 3;
  std::string x = variable();
  static constexpr unsigned ComparedOnly[] = {0, 9, 10};
  static constexpr unsigned Loops[] = {11, 12, 13};
  // An index into the large array, stored at, and loaded from at an index the input decides
  // too, or at a fixed one (a concrete load of bytes a symbolic store may have written).
  if (options.floats)
    return floatOp();
  if (options.largeArray && chance(50)) {
    unsigned at = below(LargeArraySize);
    switch (below(3)) {
    case 0:
      return {fmt::format("{{ unsigned char c = __VERIFIER_nondet_uchar(); big[c + {}] = {}; }}",
                          below(LargeArraySize - 255), value())};
    case 1:
      return {
          fmt::format("{{ unsigned char c = __VERIFIER_nondet_uchar(); r += big[(c * {}) % {}]; "
                      "}}",
                      1 + below(3), LargeArraySize),
          fmt::format("assert(r != {});", value())};
    default:
      return {fmt::format("r += big[{}];", at), fmt::format("assert(r != {});", value())};
    }
  }
  if (options.assumedNondet)
    return assumedNondetOp();
  if (options.fixedNondet)
    return fixedNondetOp();
  if (options.symbolicUpdates)
    return symbolicUpdateOp();
  switch (options.nondetLoops      ? Loops[below(3)]
          : options.comparedNondet ? ComparedOnly[below(3)]
                                   : below(11)) {
  // Loops whose iteration count is the input: a count that also depends on a shared value
  // (read in every iteration, so the count is kept small), an early exit on a local value,
  // and a pointer walking over the array.
  case 11:
    return {fmt::format("{{ unsigned char n = __VERIFIER_nondet_uchar() % 4; int i, s = 0; "
                        "for (i = 0; i < n && {} < {}; i++) s += {}; {} = s; }}",
                        variable(), value(), 1 + below(2), x)};
  case 12:
    return {fmt::format("{{ unsigned char n = __VERIFIER_nondet_uchar(); unsigned k = n; "
                        "int s = {}; while (k != 0) {{ if (s + k == {}) break; k--; }} r += k; }}",
                        x, 2 + below(3)),
            fmt::format("assert(r != {});", value())};
  case 13:
    return {"{ unsigned char n = __VERIFIER_nondet_uchar(); int *p = arr; "
            "while (n > 0 && p != &arr[2]) { p++; n--; } r += *p; }",
            fmt::format("assert(r != {});", value())};
  case 0:
    return {fmt::format("{{ signed char c = __VERIFIER_nondet_char(); if (c > {}) {} = {}; }}", k,
                        x, value())};
  // Only compared with constants: drawn by its classes (passes/NondetDomain.h). Each branch
  // but one fails an assertion of its own, so a class left out is an error missed.
  case 9:
    return {"switch (__VERIFIER_nondet_char()) {",
            fmt::format("case {}: assert(!\"char {}\"); break;", k, k),
            fmt::format("case {}: {} = {}; break;", k + 1 + int(below(2)), x, value()),
            "default: assert(!\"char other\"); }"};
  case 10:
    return {"{ unsigned char c = __VERIFIER_nondet_uchar();",
            fmt::format("if (c < {}) assert(!\"uchar low\");", below(3) + 1),
            "else if (c == 255) assert(!\"uchar max\");",
            fmt::format("else if (c >= 200) {} = {};", x, value()),
            "else assert(!\"uchar middle\"); }"};
  case 1:
    return {fmt::format("{} = __VERIFIER_nondet_char();", x)};
  case 2:
    return {"r += __VERIFIER_nondet_char();"};
  case 3:
    return {fmt::format("{{ signed char c = __VERIFIER_nondet_char(); "
                        "__VERIFIER_assume(c >= {} && c <= {}); {} = c * 2; }}",
                        k, k + int(below(4)), x)};
  case 4:
    return {fmt::format(
        "{{ unsigned char c = __VERIFIER_nondet_uchar(); {} = c % 3 + (c > 250); }}", x)};
  case 5: // an index from a nondet input, stored at (interp/SymbolicMemory.h)
    return {fmt::format("{{ signed char c = __VERIFIER_nondet_char(); if (c >= {} && c < 3) "
                        "arr[c] = {}; }}",
                        below(2), value())};
  case 6: // and loaded from, shared memory and a local array, the value checked at once
    return {"{ unsigned char c = __VERIFIER_nondet_uchar(); r += arr[c % 3]; }",
            fmt::format("assert(r != {});", value())};
  case 7:
    return {
        fmt::format("{{ unsigned char c = __VERIFIER_nondet_uchar(); int t[3] = {{{}, {}, {}}}; "
                    "t[c % 3] += {}; r += t[(c + {}) % 3]; }}",
                    x, value(), value(), value(), below(3)),
        fmt::format("assert(r != {});", value())};
  default:
    return {fmt::format("if ({} == __VERIFIER_nondet_char()) r += {};", x, value())};
  }
}

// The input restricted by an assumption to [lo, hi] and then stored, used as an index and
// compared with a value t near the range (an assertion of its own, reached iff t is allowed); or
// checked in ways that must not restrict it (passes/AssumedValues.h), where the values outside
// are seen: written before the check, an effect on the failing path, an assertion.
Lines Generator::assumedNondetOp() {
  int lo = int(below(4)) - 2, hi = lo + int(below(3)), t = lo - 1 + int(below(hi - lo + 3));
  std::string x = variable();
  std::string read = "signed char c = __VERIFIER_nondet_char();";
  std::string use = fmt::format("{} = c; r += arr[c - ({})]; if (c == {}) assert(!\"assumed {}\");",
                                x, lo, t, t);
  switch (below(7)) {
  case 0:
    return {fmt::format("{{ {} assume_abort_if_not({} <= c && c <= {}); {} }}", read, lo, hi, use)};
  case 1:
    return {fmt::format("{{ {} if (c < {} || c > {}) abort(); {} }}", read, lo, hi, use)};
  case 2:
    return {fmt::format("{{ {} assume_in(c >= {} && c <= {}); {} }}", read, lo, hi, use)};
  case 3:
    return {fmt::format("{{ unsigned char u = __VERIFIER_nondet_uchar(); __VERIFIER_assume(u < {}); "
                        "{} = u; r += arr[u]; if (u == {}) assert(!\"assumed u\"); }}",
                        hi - lo + 1, x, t - lo)};
  case 4: { // an effect on the failing path, then abort(): a shared write, a write outside arr
            // (r is at least 0), a division by zero, a read outside arr (c * 4 + 3 never lies
            // in [0, 3))
    std::string effect[] = {fmt::format("{} = {};", x, value()), "arr[r + 3] = 1;",
                            "r = r / (r - r);", "r += arr[c * 4 + 3];"};
    return {fmt::format("{{ {} if (c < {} || c > {}) {{ {} abort(); }} {} }}", read, lo, hi,
                        effect[below(4)], use)};
  }
  case 5:
    return {fmt::format("{{ {} check_in(c >= {} && c <= {}); {} }}", read, lo, hi, use)};
  default:
    return {fmt::format("{{ {} {} = c; assume_abort_if_not(c >= {} && c <= {}); r += arr[c - ({})]; }}",
                        read, x, lo, hi, lo)};
  }
}

// The input reduced to a few values (k, at most 16) and then fixed by the checker, the outcome
// added to r and checked by an assertion of its own: a value left out is an error missed.
Lines Generator::fixedNondetOp() {
  unsigned m = 2 + below(5); // k takes m values
  // k is published first: other threads' branches on it (simpleOp) are decisions that may run
  // before or after the split.
  std::string k = fmt::format(
      "unsigned char c = __VERIFIER_nondet_uchar(); int k = c % {}; published = k;", m);
  std::string check = fmt::format("assert(r != {});", value());
  // A word holding k that the runtime reads inside a visible operation (split before the call
  // reads it): a compare-and-swap, a fetch_add, a fetch_add inside an atomic block.
  std::string word = fmt::format("{{ {} int *w = malloc(sizeof(int)); if (w) {{ *w = k; ", k);
  switch (below(8)) {
  case 5:
    return {fmt::format("{}r += __sync_val_compare_and_swap(w, {}, {}) + *w; free(w); }} }}", word,
                        below(m), value()),
            check};
  case 6:
    return {fmt::format("{}r += __sync_fetch_and_add(w, {}) + *w; free(w); }} }}", word, value()),
            check};
  case 7:
    return {fmt::format("{}__VERIFIER_atomic_begin(); r += __sync_fetch_and_add(w, {}) + *w; "
                        "__VERIFIER_atomic_end(); free(w); }} }}",
                        word, value()),
            check};
  case 0: // malloc's size
    return {fmt::format("{{ {} int *p = malloc(sizeof(int) * (k + 1)); if (p) {{ p[k] = {}; "
                        "r += p[k] + k; free(p); }} }}",
                        k, variable()),
            check};
  case 1: // an operation kept concrete, on the input's high bits (16 values at most)
    return {fmt::format("{{ unsigned char c = __VERIFIER_nondet_uchar(); "
                        "r += __builtin_popcount(c >> {}); }}",
                        4 + below(3)),
            check};
  case 2: // copysign (kept concrete), on a double computed from k
    return {fmt::format("{{ {} r += (int)__builtin_copysign(k / 2.5, -1.0); }}", k), check};
  case 3: // a variable-length array's length
    return {fmt::format("{{ {} int vla[k + 1]; vla[k] = {}; r += vla[k] + k; }}", k, variable()),
            check};
  default: // a memcpy's length
    return {fmt::format("{{ {} int src[8] = {{{}, {}, 3, 4, 5, 6, 7, 8}}; int dst[8] = {{0}}; "
                        "__builtin_memcpy(dst, src, sizeof(int) * k); r += dst[0] + dst[1]; }}",
                        k, variable(), value()),
            check};
  }
}

// Two updates of a shared word with operands computed from the input, their results (reduced
// to a few values) added to r and checked by an assertion of its own; the other threads' loads
// and updates of a0 (commutingUpdates) read what they wrote. Each update reads the word's
// expression and writes a new one: a value fixed or computed otherwise shows as an error found
// or missed.
Lines Generator::symbolicUpdateOp() {
  auto update = [&]() -> std::string {
    std::string x = variable();
    switch (below(12)) {
    case 0: return "atomic_fetch_add(&a0, c);";
    case 1: return "r += atomic_fetch_sub(&a0, c % 5) % 4;";
    case 2: return "r += atomic_exchange(&a0, c % 4);";
    case 3: return fmt::format("r += __atomic_fetch_nand(&{}, c, __ATOMIC_SEQ_CST) & 3;", x);
    case 4: return fmt::format("r += __atomic_fetch_max(&{}, (int)(c % 5) - 2, __ATOMIC_SEQ_CST);", x);
    case 5: return fmt::format("r += __atomic_fetch_min(&{}, (int)(c % 5) - 2, __ATOMIC_SEQ_CST);", x);
    case 6:
      return fmt::format("r += __atomic_fetch_max((unsigned *)&{}, c, __ATOMIC_SEQ_CST) % 4;", x);
    case 7:
      return fmt::format("r += __atomic_fetch_min((unsigned char *)&{} + {}, c, __ATOMIC_SEQ_CST) % 4;",
                         x, below(2));
    case 8: return fmt::format("r += __sync_fetch_and_xor(&{}, c & 3);", x);
    case 9: return fmt::format("r += __sync_fetch_and_and(&{}, c) % 4;", x);
    case 10: return fmt::format("r += __sync_fetch_and_or(&{}, c & 6) % 8;", x);
    default: return "r += atomic_fetch_add(&a0, c % 3);";
    }
  };
  std::string first = update(), second = update();
  return {fmt::format("{{ unsigned char c = __VERIFIER_nondet_uchar(); {} {} }}", first, second),
          fmt::format("assert(r != {});", value())};
}

// The input through floating-point operations, two of them on the same input, each giving a
// small integer that an assertion of its own compares with a constant: the symbolic search must
// reach exactly the outcomes the enumeration of the input's 256 values reaches, so that a
// rounding, a NaN or a conversion computed otherwise shows as an error found or missed.
Lines Generator::floatOp() {
  auto snippet = [&](unsigned which) -> Lines {
    int k = int(below(7)) - 3;
    auto outcome = [&](const std::string &computation, unsigned outcomes) -> Lines {
      return {fmt::format("{{ int o{} = {};", which, computation),
              fmt::format("assert(o{} != {}); }}", which, below(outcomes))};
    };
    switch (which) {
    case 0: // float multiplication, rounded twice, and back to int
      return outcome("(int)(c * 0.1f * 10.0f) - c + 1", 3);
    case 1: // double division and multiplication, then back to int
      return outcome(fmt::format("(int)((unsigned char)c / 3.0 * {}.0) % 5", 2 + below(2)), 5);
    case 2: // 0.0 / 0.0 is a NaN for one value, which compares unordered
      return outcome(fmt::format("(int)(((double)(c - {0}) / (c - {0}) != (double)(c - {0}) / "
                                 "(c - {0})) + 2 * ((c - {0}) / 2.0 > 1.0))",
                                 k),
                     4);
    case 3: // double rounded to float: up or down, by the sign of the input
      return outcome("(int)((double)(float)(c / 7.0) > c / 7.0) + 2 * (c > 0)", 4);
    case 4: // unsigned conversions both ways, rounded
      return outcome(
          fmt::format("(int)((unsigned)((float)(unsigned char)c * 1.5f + {}.5f) % 4)", below(3)),
          4);
    case 5: // a shared double (a visible store and load), and a negative zero
      return {fmt::format("shared_d = c * -0.25;"),
              fmt::format("{{ int o5 = (1.0 / shared_d < {}.0) + 2 * (shared_d == 0.0);", k),
              fmt::format("assert(o5 != {}); }}", below(4))};
    case 6: // the rounding functions: ties away from zero against ties to even, floor against
            // trunc on floats, ceil's negative zero
      return outcome("(int)(__builtin_round(c / 2.0) - __builtin_rint(c / 2.0)) + "
                     "2 * (__builtin_floorf(c / 4.0f) == __builtin_truncf(c / 4.0f)) + "
                     "4 * (1.0 / __builtin_ceil(c / 3.0) < 0) + "
                     "(__builtin_nearbyintf(c * 0.75f) > c * 0.75f)",
                     8);
    default: // a large float: 16777216 + an odd number is not one, rounded to even
      return outcome("(16777216.0f + (unsigned char)c) - 16777216.0f == (float)(unsigned char)c",
                     2);
    }
  };
  unsigned first = below(8), second = (first + 1 + below(7)) % 8;
  Lines lines = {"{ signed char c = __VERIFIER_nondet_char();"};
  for (unsigned which : {first, second})
    for (std::string &line : snippet(which))
      lines.push_back(std::move(line));
  lines.push_back("}");
  return lines;
}

// A compare-and-swap from a value the variable may hold (0, 1, 2) to 1, 2 or 3: it fails
// whenever the variable holds another.
Lines Generator::updateOp() {
  unsigned expected = unsigned(below(3)), desired = value();
  std::string x = variable();
  switch (below(4)) {
  case 0:
  case 1:
    return {fmt::format("{{ int e = {}; r += atomic_compare_exchange_{}(&a0, &e, {}) ? 10 : e; }}",
                        expected, chance(50) ? "strong" : "weak", desired)};
  case 2:
    return {fmt::format("r += __sync_bool_compare_and_swap(&{}, {}, {});", x, expected, desired)};
  default:
    return {fmt::format("r += __sync_val_compare_and_swap(&{}, {}, {});", x, expected, desired)};
  }
}

// An update of a0 or of a plain variable whose result is ignored, or (a fifth of the time) one
// whose result is read, which must not commute with the others.
Lines Generator::commutingUpdateOp() {
  unsigned v = value();
  switch (below(10)) {
  case 0:
  case 1:
    return {fmt::format("atomic_fetch_add(&a0, {});", v)};
  case 2:
    return {fmt::format("atomic_fetch_sub_explicit(&a0, {}, memory_order_seq_cst);", v)};
  case 3:
    return {fmt::format("atomic_fetch_or(&a0, {});", 1u << below(3))};
  case 4:
    return {fmt::format("atomic_fetch_and(&a0, ~{});", 1u << below(3))};
  case 5:
    return {fmt::format("atomic_fetch_xor(&a0, {});", v)};
  case 6:
    return {fmt::format("__sync_fetch_and_add(&{}, {});", variable(), v)};
  case 7:
    return {fmt::format("__sync_fetch_and_or(&{}, {});", variable(), 1u << below(3))};
  case 8:
    return {fmt::format("r += atomic_fetch_add(&a0, {});", v)};
  default:
    return {"r += atomic_load(&a0);"};
  }
}

// The spin lock around an operation: taken, or tried (and the operation skipped if busy).
Lines Generator::spinLockOp() {
  usesSpinLock = true;
  bool tryLock = chance(60);
  Lines lines = {tryLock ? "if (pthread_spin_trylock(&sl) == 0) {" : "pthread_spin_lock(&sl);"};
  for (std::string &line : simpleOp(false))
    lines.push_back("  " + line);
  lines.push_back(tryLock ? "  pthread_spin_unlock(&sl);" : "pthread_spin_unlock(&sl);");
  if (tryLock)
    lines.push_back("} else r += 5;");
  return lines;
}

Lines Generator::heapOp() {
  unsigned p = unsigned(below(NumPointers));
  if (options.stackObjects && chance(40))
    return {fmt::format("publishLocal{}({}, {});", p, value(), below(2))};
  if (options.heapCopies && chance(40)) {
    switch (below(3)) {
    case 0: // filled by a copy of a local, published
      return {fmt::format("{{ int t[2] = {{{}, r}}; int *q = malloc(sizeof t); ", value()) +
              (chance(50) ? "q[0] = 7; " : "") +
              fmt::format("memcpy(q, t, sizeof t); p{} = q; }}", p)};
    case 1: // filled by memset, published
      return {fmt::format("{{ int *q = malloc(2 * sizeof(int)); memset(q, {}, 2 * sizeof(int)); "
                          "p{} = q; }}",
                          below(2), p)};
    default: // a copy out of a published object
      return {fmt::format("{{ int *q = p{}; int t[2]; if (q) {{ memcpy(t, q, sizeof(int)); "
                          "r += t[0]; }} }}",
                          p)};
    }
  }
  switch (below(5)) {
  case 0:
    return {fmt::format("{{ int *q = malloc(sizeof(int)); *q = {}; p{} = q; }}", value(), p)};
  case 1:
    return {fmt::format("{{ int *q = p{}; if (q) r += *q; }}", p)};
  case 2:
    return {fmt::format("{{ int *q = p{}; p{} = 0; free(q); }}", p, p)};
  case 3:
    return {"free(malloc(4));"};
  default:
    return {"if (p0 && p1) r += (p0 == p1);"};
  }
}

Lines Generator::lockedBlock(unsigned mutex, unsigned depth) {
  Lines lines = {fmt::format("pthread_mutex_lock(&m{});", mutex)};
  unsigned inside = 1 + unsigned(below(2));
  for (unsigned i = 0; i < inside; ++i) {
    Lines op = depth == 0 && chance(25) ? lockedBlock(1 - mutex, depth + 1) : simpleOp(false);
    for (std::string &line : op)
      lines.push_back("  " + line);
  }
  lines.push_back(fmt::format("pthread_mutex_unlock(&m{});", mutex));
  return lines;
}

Lines Generator::compoundOp() {
  if (options.updates && chance(40)) {
    if (chance(50))
      return spinLockOp();
    unsigned m = unsigned(below(2));
    Lines lines = {fmt::format("if (pthread_mutex_trylock(&m{}) == 0) {{", m)};
    for (std::string &line : simpleOp(false))
      lines.push_back("  " + line);
    lines.push_back(fmt::format("  pthread_mutex_unlock(&m{});", m));
    lines.push_back("} else r += 5;");
    return lines;
  }
  for (;;) {
    switch (below(4)) {
    case 0:
      if (!options.mutexes)
        continue;
      return lockedBlock(unsigned(below(2)), 0);
    case 1: {
      if (!options.mutexes)
        continue;
      unsigned m = unsigned(below(2));
      Lines op = simpleOp(false);
      Lines lines = {fmt::format("if (pthread_mutex_trylock(&m{}) == 0) {{", m)};
      for (std::string &line : op)
        lines.push_back("  " + line);
      lines.push_back(fmt::format("  pthread_mutex_unlock(&m{});", m));
      lines.push_back("}");
      return lines;
    }
    case 2: {
      if (!options.atomicBlocks)
        continue;
      Lines lines = {"__VERIFIER_atomic_begin();"};
      for (unsigned i = 0, n = 1 + unsigned(below(2)); i < n; ++i)
        for (std::string &line : simpleOp(true))
          lines.push_back("  " + line);
      lines.push_back("__VERIFIER_atomic_end();");
      return lines;
    }
    default: {
      if (!options.semaphores)
        continue;
      usesLockSem = true;
      Lines lines = {"sem_wait(&lockSem);"};
      for (std::string &line : simpleOp(false))
        lines.push_back("  " + line);
      lines.push_back("sem_post(&lockSem);");
      return lines;
    }
    }
  }
}

Lines Generator::randomOp() { return chance(35) ? compoundOp() : simpleOp(false); }

void Generator::insertAt(Body &body, Lines op) {
  body.ops.insert(body.ops.begin() + ptrdiff_t(below(body.ops.size() + 1)), std::move(op));
}

// The features that need a partner in another thread: a waiter and a signaller, a sem_wait and
// a sem_post. Either may still deadlock (the partner runs only after a join of the waiter,
// say), which is a verdict like any other.
void Generator::addPairs() {
  if (bodies.size() < 2)
    return;
  auto twoBodies = [&] {
    size_t a = below(bodies.size());
    size_t b = (a + 1 + below(bodies.size() - 1)) % bodies.size();
    return std::pair(a, b);
  };
  if (options.condvars && chance(40)) {
    usesCond = true;
    auto [waiter, signaller] = twoBodies();
    insertAt(bodies[waiter],
             {"pthread_mutex_lock(&cm);", "while (!ready)", "  pthread_cond_wait(&cv, &cm);",
              "r += ready;", "pthread_mutex_unlock(&cm);"});
    insertAt(bodies[signaller],
             {"pthread_mutex_lock(&cm);", "ready = 1;",
              chance(50) ? "pthread_cond_signal(&cv);" : "pthread_cond_broadcast(&cv);",
              "pthread_mutex_unlock(&cm);"});
  }
  if (options.spins) {
    auto [spinner, setter] = twoBodies();
    switch (below(4)) {
    case 0: // a flag and the store that ends the spin, or none (a spin for ever)
      insertAt(bodies[spinner], {"while (!spinFlag) {", "}", "r += spinFlag;"});
      if (chance(options.livelocks ? 50 : 85))
        insertAt(bodies[setter], {chance(50) ? "spinFlag = 1;" : "spinFlag = x0 + 1;"});
      break;
    case 1: // a compare-and-swap spin lock around an operation in two threads
      for (size_t b : {spinner, setter}) {
        Lines op = {"{ int e = 0;", "  while (!atomic_compare_exchange_strong(&spinLock, &e, 1))",
                    "    e = 0; }"};
        for (std::string &line : simpleOp(false))
          op.push_back(line);
        op.push_back("atomic_store(&spinLock, 0);");
        insertAt(bodies[b], std::move(op));
      }
      break;
    case 2: // lock/check/unlock polling, and the locked store that ends it
      insertAt(bodies[spinner], {"for (;;) {", "  pthread_mutex_lock(&m1);",
                                 "  if (spinFlag) { pthread_mutex_unlock(&m1); break; }",
                                 "  pthread_mutex_unlock(&m1);", "}"});
      insertAt(bodies[setter],
               {"pthread_mutex_lock(&m1);", "spinFlag = 1;", "pthread_mutex_unlock(&m1);"});
      break;
    case 3: // an exchange spin lock with a fetch_add(0) read of the value it guards
      for (size_t b : {spinner, setter})
        insertAt(bodies[b], {"while (atomic_exchange(&spinLock, 1)) {", "}",
                             "x1 = x1 + atomic_fetch_add(&a0, 0);", "atomic_store(&spinLock, 0);"});
      break;
    }
    if (options.livelocks && chance(70)) {
      usesPolite = true;
      auto [first, second] = twoBodies();
      for (auto [b, mine, theirs] :
           {std::tuple(first, "polite0", "polite1"), std::tuple(second, "polite1", "polite0")})
        insertAt(bodies[b], {"for (;;) {", fmt::format("  atomic_store(&{}, 1);", mine),
                             fmt::format("  if (!atomic_load(&{})) break;", theirs),
                             fmt::format("  atomic_store(&{}, 0);", mine), "}", "r += 1;",
                             fmt::format("atomic_store(&{}, 0);", mine)});
    }
  }
  if (options.updateLoops) {
    auto [first, second] = twoBodies();
    for (size_t b : {first, second}) {
      switch (below(3)) {
      case 0: // a compare-and-swap increment that reloads what it expects each round
        insertAt(bodies[b],
                 {"{ int e;", "  do {", "    e = atomic_load(&a0);",
                  "  } while (!atomic_compare_exchange_strong(&a0, &e, e + 1));", "  x1 = e; }"});
        break;
      case 1: // a pop: take one from a0 while it is above zero
        insertAt(bodies[b],
                 {"{ int e;", "  do {", "    e = atomic_load(&a0);", "    if (e == 0)",
                  "      break;", "  } while (!atomic_compare_exchange_strong(&a0, &e, e - 1));",
                  "  r += e; }"});
        break;
      default: // an exchange spin lock on a lock of its own around an access of x1
        usesUpdateLock = true;
        insertAt(bodies[b], {"while (atomic_exchange(&updateLock, 1)) {", "}", "x1 = x1 + 1;",
                             "atomic_store(&updateLock, 0);"});
        break;
      }
    }
  }
  if (options.semaphores && chance(30)) {
    usesSignalSem = true;
    auto [waiter, poster] = twoBodies();
    insertAt(bodies[waiter], {"sem_wait(&signalSem);"});
    insertAt(bodies[poster], {"sem_post(&signalSem);"});
  }
  if (options.barriers && chance(80)) {
    // Main's children wait at one barrier of their number, once or twice each; some of them
    // read the result (the serial thread's), the others ignore it (arrivals that commute).
    barrierCount = unsigned(bodies[0].children.size());
    unsigned passes = 1 + unsigned(below(2));
    for (size_t child : bodies[0].children)
      for (unsigned k = 0; k < passes; ++k)
        insertAt(bodies[child],
                 {chance(30) ? "if (pthread_barrier_wait(&bar) == PTHREAD_BARRIER_SERIAL_THREAD) "
                               "x0 = x0 + 4;"
                             : "pthread_barrier_wait(&bar);"});
  }
}

std::string Generator::emitBody(size_t index) const {
  const Body &body = bodies[index];
  bool isMain = index == 0;
  std::string text =
      isMain ? "int main(void) {\n" : fmt::format("void *{}(void *arg) {{\n", body.name);
  text += "  int r = 0;\n";
  if (isMain) {
    if (usesLockSem)
      text += "  sem_init(&lockSem, 0, 1);\n";
    if (usesSignalSem)
      text += "  sem_init(&signalSem, 0, 0);\n";
    if (usesSpinLock)
      text += "  pthread_spin_init(&sl, 0);\n";
    if (barrierCount)
      text += fmt::format("  pthread_barrier_init(&bar, 0, {});\n", barrierCount);
  }
  for (size_t c = 0; c < body.children.size(); ++c)
    text += fmt::format("  pthread_t h{};\n", c);
  // Creates go at a random place among the body's operations, joins after all of them, so
  // every thread is joined.
  for (size_t op = 0; op <= body.ops.size(); ++op) {
    if (op == body.createAt)
      for (size_t c = 0; c < body.children.size(); ++c)
        text +=
            fmt::format("  pthread_create(&h{}, 0, {}, 0);\n", c, bodies[body.children[c]].name);
    if (op == body.ops.size())
      break;
    for (const std::string &line : body.ops[op])
      text += "  " + line + "\n";
  }
  for (size_t c = 0; c < body.children.size() && !options.symmetric; ++c)
    text += fmt::format("  pthread_join(h{}, 0);\n", c);
  text += isMain ? "  (void)r;\n  return 0;\n}\n" : "  return (void *)(long)r;\n}\n";
  return text;
}

CProgram Generator::run() {
  bodies.emplace_back("main");
  unsigned children = 1 + unsigned(below(std::max(1u, options.maxChildren)));
  if (options.symmetric) {
    bodies.emplace_back("t1");
    for (unsigned c = 0; c <= children; ++c)
      bodies[0].children.push_back(1);
  }
  for (unsigned c = 0; c < children && !options.symmetric; ++c) {
    size_t index = bodies.size();
    bodies.emplace_back(fmt::format("t{}", index));
    bodies[0].children.push_back(index);
  }
  if (options.grandchildren && chance(35)) {
    size_t parent = 1 + below(children);
    size_t index = bodies.size();
    bodies.emplace_back(fmt::format("t{}", index));
    bodies[parent].children.push_back(index);
  }
  for (Body &body : bodies)
    for (unsigned i = 0, n = 1 + unsigned(below(options.maxOps)); i < n; ++i)
      body.ops.push_back(randomOp());
  // Every program of the float and update checks has its input: in a random thread if no op
  // drew it.
  if ((options.floats || options.symbolicUpdates) && !charNondetUsed) {
    charNondetUsed = true;
    bodies[below(bodies.size())].ops.push_back(options.floats ? floatOp() : symbolicUpdateOp());
  }
  addPairs();
  for (Body &body : bodies)
    body.createAt = below(body.ops.size() + 1);
  // After the joins, main checks a shared value, which the interleaving of the threads decides.
  Lines final;
  if (options.asserts && chance(50))
    final.push_back(fmt::format("assert({} != {});", variable(), value() + 1));
  if (options.heap && chance(30))
    final.push_back("assert(!p0 || p0 != p1);");
  if (usesOnce)
    final.push_back("assert(onceCount <= 1);");

  CProgram program;
  std::string &s = program.source;
  s += "#include <assert.h>\n#include <pthread.h>\n#include <semaphore.h>\n"
       "#include <stdatomic.h>\n#include <stdlib.h>\n\n"
       "extern int __VERIFIER_nondet_int(void);\n"
       "extern char __VERIFIER_nondet_char(void);\n"
       "extern unsigned char __VERIFIER_nondet_uchar(void);\n"
       "extern void __VERIFIER_assume(int);\n"
       "extern void __VERIFIER_atomic_begin(void);\n"
       "extern void __VERIFIER_atomic_end(void);\n"
       "extern void __VERIFIER_assume(int);\n\n"
       "int x0, x1;\nint arr[3];\natomic_int a0;\nint *p0, *p1;\n"
       "pthread_mutex_t m0 = PTHREAD_MUTEX_INITIALIZER, m1 = PTHREAD_MUTEX_INITIALIZER;\n"
       "pthread_mutex_t cm = PTHREAD_MUTEX_INITIALIZER;\n"
       "pthread_cond_t cv = PTHREAD_COND_INITIALIZER;\nint ready;\n"
       "sem_t lockSem, signalSem;\n"
       "pthread_once_t once = PTHREAD_ONCE_INIT;\nint onceCount;\n"
       "void initOnce(void) { onceCount = onceCount + 1; }\n";
  if (options.spins)
    s += "int spinFlag;\natomic_int spinLock;\n";
  if (usesPolite)
    s += "atomic_int polite0, polite1;\n";
  if (usesUpdateLock)
    s += "atomic_int updateLock;\n";
  if (options.largeArray)
    s += fmt::format("int big[{}];\n", LargeArraySize);
  if (options.assumedNondet)
    s += "void assume_abort_if_not(int cond) { if (!cond) abort(); }\n"
         "void assume_in(int cond) { if (!cond) __VERIFIER_assume(0); }\n"
         "void check_in(int cond) { assert(cond); }\n";
  if (options.floats)
    s += "double shared_d;\n";
  if (options.fixedNondet)
    s += "int published;\n";
  if (usesSpinLock)
    s += "pthread_spinlock_t sl;\n";
  if (barrierCount)
    s += "pthread_barrier_t bar;\n";
  if (options.stackObjects)
    for (unsigned p = 0; p < NumPointers; ++p)
      s += fmt::format("void publishLocal{0}(int v, int clear) {{ int local = v; p{0} = &local; "
                       "x1 = v; if (clear) p{0} = 0; }}\n",
                       p);
  if (options.libraryCalls)
    s = "#include <stdio.h>\n#include <string.h>\n" + s + "char text[8];\n";
  else if (options.heapCopies)
    s = "#include <string.h>\n" + s;
  s += "\n";
  // Bodies in reverse so that every thread function is defined before its creator.
  for (size_t i = bodies.size(); i-- > 1;)
    s += emitBody(i) + "\n";
  std::string mainText = emitBody(0);
  if (!final.empty()) {
    std::string tail;
    for (const std::string &line : final)
      tail += "  " + line + "\n";
    mainText.insert(mainText.rfind("  return"), tail);
  }
  s += mainText;
  if (options.nondet)
    program.nondetValues = {0, 1};
  if (options.ilp32)
    program.clangArgs = {"-m32"};
  return program;
}

} // namespace

CProgram generateCProgram(uint64_t seed, const CGeneratorOptions &options) {
  return Generator(seed, options).run();
}

} // namespace bpor::testing
