#include "symbolic/ExprStore.h"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <iterator>

namespace bpor::symbolic {

using interp::Op;

// The values Z3 leaves unspecified (the bits of a NaN, an integer out of a conversion's range)
// are fixed ones, not functions the SAT solver cannot take (it would answer "unknown"); the
// float expressions never let them show (symbolic/FloatExpressions.cpp). A global parameter,
// read when a context is made: set before context_.
bool ExprStore::fixUnspecifiedValues() {
  z3::set_param("rewriter.hi_fp_unspecified", true);
  return true;
}

ExprStore::ExprStore() {
  // Entry 0 stands for "concrete"; it is never used as an expression.
  entries_.push_back(Entry{context_.bv_val(0, 1), 1, 0, 0, 0});
  internSet({}); // set 0: no symbol
  solver_ = std::make_unique<z3::solver>(context_, "QF_BV");
  // The root path: no constraint, the empty model (every symbol 0 by model completion).
  nodes_.push_back(Node{});
  nodes_.back().root = true;
  models_.push_back(Model{{}, z3::model(context_)});
}

ExprStore::~ExprStore() = default;

ExprId ExprStore::intern(const z3::expr &e, unsigned width, SymbolSetId symbols) {
  auto [it, inserted] = byAst_.try_emplace(e.id(), ExprId(entries_.size()));
  if (inserted)
    entries_.push_back(Entry{e, width, 0, 0, e.is_numeral() ? 0 : symbols});
  return it->second;
}

ExprStore::SymbolSetId ExprStore::internSet(std::vector<uint32_t> set) {
  auto [it, inserted] = symbolSetIds_.try_emplace(set, SymbolSetId(symbolSets_.size()));
  if (inserted)
    symbolSets_.push_back(std::move(set));
  return it->second;
}

ExprStore::SymbolSetId ExprStore::unite(SymbolSetId a, SymbolSetId b) {
  if (a == b || b == 0)
    return a;
  if (a == 0)
    return b;
  auto key = std::minmax(a, b);
  if (auto it = unions_.find(key); it != unions_.end())
    return it->second;
  const std::vector<uint32_t> &x = symbolSets_[a], &y = symbolSets_[b];
  std::vector<uint32_t> both;
  both.reserve(x.size() + y.size());
  std::set_union(x.begin(), x.end(), y.begin(), y.end(), std::back_inserter(both));
  SymbolSetId id = internSet(std::move(both));
  unions_.emplace(key, id);
  return id;
}

ExprId ExprStore::constant(uint64_t value, unsigned bits) {
  if (bits < 64)
    value &= (uint64_t(1) << bits) - 1;
  return intern(context_.bv_val(value, bits), bits, 0);
}

ExprId ExprStore::resize(ExprId e, unsigned bits) {
  unsigned w = width(e);
  if (w == bits)
    return e;
  if (w < bits)
    return intern(z3::zext(expr(e), bits - w).simplify(), bits, symbolsOf(e));
  return intern(expr(e).extract(bits - 1, 0).simplify(), bits, symbolsOf(e));
}

ExprId ExprStore::signExtend(ExprId e, unsigned fromBits, unsigned toBits) {
  ExprId narrow = resize(e, fromBits);
  if (toBits <= fromBits)
    return resize(narrow, toBits);
  return intern(z3::sext(expr(narrow), toBits - fromBits).simplify(), toBits, symbolsOf(narrow));
}

z3::expr ExprStore::asBool(ExprId condition) const {
  return expr(condition) == context_.bv_val(1, 1);
}

ExprId ExprStore::binary(Op op, unsigned bits, ExprId ea, ExprId eb) {
  z3::expr a = expr(resize(ea, bits)), b = expr(resize(eb, bits));
  z3::expr r = a;
  unsigned resultBits = bits;
  switch (op) {
  case Op::Add:
    r = a + b;
    break;
  case Op::Sub:
    r = a - b;
    break;
  case Op::Mul:
    r = a * b;
    break;
  case Op::UDiv:
    r = z3::udiv(a, b);
    break;
  case Op::SDiv:
    r = z3::to_expr(context_, Z3_mk_bvsdiv(context_, a, b));
    break;
  case Op::URem:
    r = z3::urem(a, b);
    break;
  case Op::SRem:
    r = z3::srem(a, b);
    break;
  case Op::Shl:
    r = z3::shl(a, b);
    break;
  case Op::LShr:
    r = z3::lshr(a, b);
    break;
  case Op::AShr:
    r = z3::ashr(a, b);
    break;
  case Op::And:
    r = a & b;
    break;
  case Op::Or:
    r = a | b;
    break;
  case Op::Xor:
    r = a ^ b;
    break;
  case Op::SMin:
    r = z3::ite(z3::slt(a, b), a, b);
    break;
  case Op::SMax:
    r = z3::ite(z3::sgt(a, b), a, b);
    break;
  case Op::UMin:
    r = z3::ite(z3::ult(a, b), a, b);
    break;
  case Op::UMax:
    r = z3::ite(z3::ugt(a, b), a, b);
    break;
  case Op::SAddO:
  case Op::UAddO:
  case Op::SSubO:
  case Op::USubO:
  case Op::SMulO:
  case Op::UMulO: {
    // Overflow: the exact result, computed at twice the width, differs from the wrapped one
    // extended back.
    bool isSigned = op == Op::SAddO || op == Op::SSubO || op == Op::SMulO;
    auto ext = [&](const z3::expr &x) { return isSigned ? z3::sext(x, bits) : z3::zext(x, bits); };
    z3::expr wa = ext(a), wb = ext(b);
    z3::expr exact = op == Op::SAddO || op == Op::UAddO   ? wa + wb
                     : op == Op::SSubO || op == Op::USubO ? wa - wb
                                                          : wa * wb;
    z3::expr wrapped = exact.extract(bits - 1, 0);
    r = bitOf(ext(wrapped) != exact);
    resultBits = 1;
    break;
  }
  case Op::ICmpEq:
    r = bitOf(a == b);
    resultBits = 1;
    break;
  case Op::ICmpNe:
    r = bitOf(a != b);
    resultBits = 1;
    break;
  case Op::ICmpUlt:
    r = bitOf(z3::ult(a, b));
    resultBits = 1;
    break;
  case Op::ICmpUle:
    r = bitOf(z3::ule(a, b));
    resultBits = 1;
    break;
  case Op::ICmpUgt:
    r = bitOf(z3::ugt(a, b));
    resultBits = 1;
    break;
  case Op::ICmpUge:
    r = bitOf(z3::uge(a, b));
    resultBits = 1;
    break;
  case Op::ICmpSlt:
    r = bitOf(z3::slt(a, b));
    resultBits = 1;
    break;
  case Op::ICmpSle:
    r = bitOf(z3::sle(a, b));
    resultBits = 1;
    break;
  case Op::ICmpSgt:
    r = bitOf(z3::sgt(a, b));
    resultBits = 1;
    break;
  case Op::ICmpSge:
    r = bitOf(z3::sge(a, b));
    resultBits = 1;
    break;
  default:
    throw std::logic_error("ExprStore::binary: not an integer operation");
  }
  return intern(r.simplify(), resultBits, unite(symbolsOf(ea), symbolsOf(eb)));
}

ExprId ExprStore::unary(Op op, unsigned bits, ExprId ea) {
  z3::expr a = expr(resize(ea, bits));
  switch (op) {
  case Op::Abs:
    return intern(z3::ite(z3::slt(a, context_.bv_val(0, bits)), -a, a).simplify(), bits,
                  symbolsOf(ea));
  default:
    throw std::logic_error("ExprStore::unary: not a unary operation");
  }
}

ExprId ExprStore::ite(ExprId condition, ExprId then, ExprId otherwise) {
  unsigned bits = std::max(width(then), width(otherwise));
  z3::expr t = expr(resize(then, bits)), o = expr(resize(otherwise, bits));
  return intern(z3::ite(asBool(resize(condition, 1)), t, o).simplify(), bits,
                unite(symbolsOf(condition), unite(symbolsOf(then), symbolsOf(otherwise))));
}

ExprId ExprStore::byteOf(ExprId e, unsigned index) {
  unsigned w = width(e);
  ExprId whole = w % 8 == 0 ? e : resize(e, (w + 7) / 8 * 8);
  z3::expr byte = expr(whole).extract(8 * index + 7, 8 * index).simplify();
  ExprId id = intern(byte, 8, symbolsOf(whole));
  Entry &entry = entries_[id];
  if (entry.whole == 0 && !byte.is_numeral()) {
    entry.whole = whole;
    entry.byteIndex = uint8_t(index);
  }
  return id;
}

ExprId ExprStore::fromBytes(const ExprId *bytes, unsigned n) {
  // The common case: the n bytes of one n-byte expression, in order.
  ExprId whole = entries_[bytes[0]].whole;
  if (whole != 0 && width(whole) == 8 * n) {
    bool same = true;
    for (unsigned i = 0; i < n && same; ++i)
      same = entries_[bytes[i]].whole == whole && entries_[bytes[i]].byteIndex == i;
    if (same)
      return whole;
  }
  z3::expr value = expr(bytes[n - 1]);
  SymbolSetId symbols = symbolsOf(bytes[n - 1]);
  for (unsigned i = n - 1; i-- > 0;) {
    value = z3::concat(value, expr(bytes[i]));
    symbols = unite(symbols, symbolsOf(bytes[i]));
  }
  return intern(value.simplify(), 8 * n, symbols);
}

bool ExprStore::isConstant(ExprId e, uint64_t &value) const {
  return expr(e).is_numeral_u64(value);
}

ExprId ExprStore::equals(ExprId a, ExprId b) {
  unsigned bits = std::max(width(a), width(b));
  return intern(bitOf(expr(resize(a, bits)) == expr(resize(b, bits))).simplify(), 1,
                unite(symbolsOf(a), symbolsOf(b)));
}

ExprId ExprStore::negate(ExprId condition) {
  return intern((~expr(resize(condition, 1))).simplify(), 1, symbolsOf(condition));
}

ExprId ExprStore::symbol(uint32_t thread, uint32_t index, unsigned bits) {
  std::string name = fmt::format("nondet_t{}_{}", thread, index);
  z3::expr constant = context_.bv_const(name.c_str(), bits);
  if (auto it = byAst_.find(constant.id()); it != byAst_.end())
    return it->second;
  uint32_t number = uint32_t(symbols_.size());
  symbols_.push_back(constant.decl());
  ExprId id = intern(constant, bits, internSet({number}));
  symbolIds_.push_back(id);
  return id;
}

std::string ExprStore::describe(ExprId e) const {
  return e == ConcreteValue ? "concrete" : expr(e).to_string();
}

std::vector<ExprId> ExprStore::slice(PathId path, ExprId condition) {
  std::vector<ExprId> chosen = constraintsSharingSymbols(path, condition);
  chosen.push_back(condition);
  std::sort(chosen.begin(), chosen.end());
  chosen.erase(std::unique(chosen.begin(), chosen.end()), chosen.end());
  return chosen;
}

std::vector<ExprId> ExprStore::constraintsSharingSymbols(PathId path, ExprId seed) {
  std::vector<ExprId> rest;
  for (PathId p = path; !nodes_[p].root; p = nodes_[p].parent)
    rest.push_back(nodes_[p].constraint);
  std::vector<char> relevant(symbols_.size(), 0);
  auto shares = [&](ExprId e) {
    for (uint32_t symbol : symbolSets_[symbolsOf(e)])
      if (relevant[symbol])
        return true;
    return false;
  };
  auto take = [&](ExprId e) {
    for (uint32_t symbol : symbolSets_[symbolsOf(e)])
      relevant[symbol] = 1;
  };
  std::vector<ExprId> chosen;
  take(seed);
  for (bool grew = true; grew;) {
    grew = false;
    for (ExprId &c : rest)
      if (c != ConcreteValue && shares(c)) {
        chosen.push_back(c);
        take(c);
        c = ConcreteValue;
        grew = true;
      }
  }
  return chosen;
}

ExprStore::SliceAnswer ExprStore::solve(const std::vector<ExprId> &constraints) {
  if (auto it = slices_.find(constraints); it != slices_.end()) {
    ++statistics_.cachedSlices;
    return it->second;
  }
  // The cache only saves solver calls; bound it so that a long search keeps bounded memory.
  constexpr size_t MaxCachedSlices = 1 << 18;
  if (slices_.size() >= MaxCachedSlices)
    slices_.clear();
  SliceAnswer answer;
  z3::solver &z3Solver = solver();
  z3Solver.push();
  SymbolSetId symbols = 0;
  for (ExprId c : constraints) {
    z3Solver.add(asBool(c));
    symbols = unite(symbols, symbolsOf(c));
  }
  ++statistics_.queries;
  z3::check_result result = z3Solver.check();
  if (result == z3::sat) {
    answer.satisfiable = true;
    z3::model model = z3Solver.get_model();
    for (uint32_t symbol : symbolSets_[symbols]) {
      uint64_t value = 0;
      model.eval(symbols_[symbol](), true).is_numeral_u64(value);
      answer.values.emplace_back(symbol, value);
    }
  } else if (result == z3::unknown) {
    ++statistics_.unknown;
  }
  z3Solver.pop();
  return slices_.emplace(constraints, std::move(answer)).first->second;
}

// Floats are reduced to bits (fpa2bv) and bit-blasted for the SAT solver at once: on a division
// and a multiplication of doubles this took 0.15 to 1.8 s a query where Z3's solver for QF_FPBV
// took 0.4 to 11 s (docs/results.md, "Floating-point values"). The solver for QF_BV is not
// used for them: it answers queries over floats wrongly (it does not reduce them).
z3::solver &ExprStore::solver() {
  if (floatsBuilt_ && !floatSolver_) {
    z3::tactic reduceAndBlast = z3::tactic(context_, "simplify") & z3::tactic(context_, "fpa2bv") &
                                z3::tactic(context_, "simplify") &
                                z3::tactic(context_, "bit-blast") & z3::tactic(context_, "sat");
    floatSolver_ = std::make_unique<z3::solver>(reduceAndBlast.mk_solver());
  }
  return floatsBuilt_ ? *floatSolver_ : *solver_;
}

uint32_t ExprStore::addModel(const Model &base,
                             const std::vector<std::pair<uint32_t, uint64_t>> &changed) {
  Model model{base.values, z3::model(context_)};
  model.values.resize(symbols_.size(), 0);
  for (auto [symbol, value] : changed)
    model.values[symbol] = value;
  for (uint32_t symbol = 0; symbol < model.values.size(); ++symbol)
    if (model.values[symbol] != 0) {
      z3::expr value = context_.bv_val(model.values[symbol], symbols_[symbol].range().bv_size());
      model.z3.add_const_interp(symbols_[symbol], value);
    }
  models_.push_back(std::move(model));
  return uint32_t(models_.size() - 1);
}

PathId ExprStore::extend(PathId from, ExprId condition) {
  assert(from != InfeasiblePath && width(condition) == 1);
  auto key = std::make_pair(from, condition);
  if (auto it = children_.find(key); it != children_.end()) {
    ++statistics_.cachedExtensions;
    return it->second;
  }
  PathId child = InfeasiblePath;
  uint64_t holds = 0;
  if (isConstant(condition, holds) && holds == 0) {
    child = InfeasiblePath;
  } else if (value(from, condition) == 1) {
    child = PathId(nodes_.size());
    nodes_.push_back(Node{from, condition, nodes_[from].model, nodes_[from].depth + 1});
  } else if (SliceAnswer answer = solve(slice(from, condition)); answer.satisfiable) {
    uint32_t model = addModel(models_[nodes_[from].model], answer.values);
    child = PathId(nodes_.size());
    nodes_.push_back(Node{from, condition, model, nodes_[from].depth + 1});
  }
  children_.emplace(key, child);
  return child;
}

std::vector<uint64_t> ExprStore::valuesUnder(PathId path, ExprId e, unsigned limit) {
  uint64_t constant = 0;
  if (isConstant(e, constant))
    return {constant};
  auto key = std::make_pair(path, e);
  if (auto it = valueSets_.find(key); it != valueSets_.end()) {
    const ValueSet &known = it->second;
    if (known.all)
      return known.values.size() <= limit ? known.values : std::vector<uint64_t>{};
    if (known.values.size() > limit)
      return {};
  }
  constexpr size_t MaxCachedValueSets = 1 << 16; // bounded memory, as the slice cache
  if (valueSets_.size() >= MaxCachedValueSets)
    valueSets_.clear();
  // The constraints that share symbols with e (the others cannot restrict it), and e's value in
  // the path's model; then each further value, excluded in turn, until none is left or there
  // are more than `limit`.
  std::vector<ExprId> constraints = constraintsSharingSymbols(path, e);
  ValueSet found;
  found.values.push_back(value(path, e));
  z3::solver &z3Solver = solver();
  z3Solver.push();
  for (ExprId c : constraints)
    z3Solver.add(asBool(c));
  for (;;) {
    if (found.values.size() > limit)
      break;
    z3Solver.add(expr(e) != context_.bv_val(found.values.back(), width(e)));
    ++statistics_.queries;
    z3::check_result result = z3Solver.check();
    if (result == z3::unsat) {
      found.all = true;
      break;
    }
    if (result == z3::unknown) { // as if there were more than anyone asks for
      ++statistics_.unknown;
      found.values.resize(std::max<size_t>(found.values.size(), limit + 1), found.values.back());
      break;
    }
    uint64_t next = 0;
    z3Solver.get_model().eval(expr(e), true).is_numeral_u64(next);
    found.values.push_back(next);
  }
  z3Solver.pop();
  if (found.all)
    std::sort(found.values.begin(), found.values.end());
  std::vector<uint64_t> answer =
      found.all && found.values.size() <= limit ? found.values : std::vector<uint64_t>{};
  valueSets_[key] = std::move(found);
  return answer;
}

bool ExprStore::fixedUnder(PathId path, ExprId e) {
  for (uint32_t symbol : symbolSets_[symbolsOf(e)])
    if (valuesUnder(path, symbolIds_[symbol], 1).size() != 1)
      return false;
  return true;
}

PathId ExprStore::rootWithModelOf(PathId path) {
  Node node;
  node.root = true;
  node.model = nodes_[path].model;
  nodes_.push_back(node);
  return PathId(nodes_.size() - 1);
}

uint64_t ExprStore::value(PathId path, ExprId e) {
  uint64_t constant = 0;
  if (isConstant(e, constant))
    return constant;
  z3::expr v = models_[nodes_[path].model].z3.eval(expr(e), true);
  uint64_t result = 0;
  v.is_numeral_u64(result);
  return result;
}

} // namespace bpor::symbolic
