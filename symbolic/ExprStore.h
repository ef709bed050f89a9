// Expressions over nondet symbols and path conditions, decided with Z3 (docs/design.md,
// "Symbolic data").
//
// One ExprStore serves every execution of a search. Expressions are Z3 bit-vector terms named by
// an ExprId; Z3 shares equal terms, and the store maps each term to one id, so re-running a
// prefix builds the same ids. A nondet symbol is named by (thread, that thread's count of nondet
// calls), like a heap object: the same input has the same symbol in every schedule.
//
// A path condition is a node of a tree (PathId): the root is "true", and each node adds one
// constraint to its parent. Each node keeps a model of its condition, found once and cached, so
// an execution that reaches the same node again sees the same concrete values: exploring is
// deterministic, and a re-run prefix behaves exactly as before.
//
// A query asks Z3 only about the constraints that share symbols, directly or through other
// constraints, with the new one (constraint independence): the others hold in the parent's
// model and mention none of the symbols whose values may change, so the new model is the
// parent's with the slice's symbols replaced. Slices are cached by their set of constraints:
// the same decisions, reached in another interleaving (another node of the tree), cost no call.
#pragma once

#include "interp/Symbolic.h"

#include <z3++.h>

#include <cstdint>
#include <map>
#include <memory>
#include <unordered_map>
#include <utility>
#include <vector>

namespace bpor::symbolic {

using PathId = uint32_t;
inline constexpr PathId RootPath = 0;
inline constexpr PathId InfeasiblePath = ~PathId(0);

struct SolverStatistics {
  uint64_t queries = 0;          // satisfiability checks run
  uint64_t cachedExtensions = 0; // path extensions answered from the tree
  uint64_t cachedSlices = 0;     // checks answered from the slice cache
  uint64_t unknown = 0;          // checks Z3 gave up on (treated as feasible: see extend)
};

/// A condition as a 1-bit vector (1 where it holds): how conditions are stored.
inline z3::expr bitOf(const z3::expr &condition) {
  z3::context &c = condition.ctx();
  return z3::ite(condition, c.bv_val(1, 1), c.bv_val(0, 1));
}

class ExprStore {
public:
  ExprStore();
  ~ExprStore();

  // ---- Expressions (the operations of SymbolicValues, without a path). ----
  unsigned width(ExprId e) const { return entries_[e].width; }
  ExprId constant(uint64_t value, unsigned bits);
  ExprId resize(ExprId e, unsigned bits);
  ExprId signExtend(ExprId e, unsigned fromBits, unsigned toBits);
  ExprId binary(interp::Op op, unsigned bits, ExprId a, ExprId b);
  ExprId unary(interp::Op op, unsigned bits, ExprId a);
  ExprId ite(ExprId condition, ExprId then, ExprId otherwise);
  /// symbolic/FloatExpressions.cpp.
  ExprId floating(const FloatOperation &operation, ExprId a, ExprId b, ExprId c);
  ExprId byteOf(ExprId e, unsigned index);
  ExprId fromBytes(const ExprId *bytes, unsigned n);
  bool isConstant(ExprId e, uint64_t &value) const;
  /// 1-bit: a == b.
  ExprId equals(ExprId a, ExprId b);
  /// 1-bit negation of a 1-bit expression.
  ExprId negate(ExprId condition);
  /// The nondet symbol of `thread`'s `index`-th nondet call, `bits` wide.
  ExprId symbol(uint32_t thread, uint32_t index, unsigned bits);
  std::string describe(ExprId e) const;

  // ---- Path conditions. ----
  /// The path `from` with `condition` (1-bit) added, or InfeasiblePath if that is unsatisfiable.
  /// A condition the model of `from` already satisfies costs no solver call.
  PathId extend(PathId from, ExprId condition);
  /// The value of `e` in the model of `path`, zero-extended.
  uint64_t value(PathId path, ExprId e);
  /// A new empty path condition whose model is `path`'s: re-running the execution of `path`
  /// from it keeps that one model throughout (every decision of the run agrees with it), so
  /// every event shows the values of the run's final model (traces and witnesses).
  PathId rootWithModelOf(PathId path);
  /// The values `e` takes where `path` holds, ascending, when there are at most `limit` of
  /// them; empty when there are more (or Z3 gave up on one query: then the caller must treat
  /// the value as one of many). One solver call a value, and one to find there are no more.
  std::vector<uint64_t> valuesUnder(PathId path, ExprId e, unsigned limit);
  /// Whether every symbol `e` mentions has one value where `path` holds: then so has e, and
  /// it may stand as a plain value for the rest of the path.
  bool fixedUnder(PathId path, ExprId e);
  /// Whether two paths have the same model (values need no refresh between them).
  bool sameModel(PathId a, PathId b) const { return nodes_[a].model == nodes_[b].model; }
  const SolverStatistics &statistics() const { return statistics_; }

private:
  /// A sorted set of symbol numbers (indices into symbols_), interned in symbolSets_.
  using SymbolSetId = uint32_t;
  struct Entry {
    z3::expr expr;
    unsigned width = 0;
    /// For an 8-bit byteOf(e, i): e and i (so fromBytes can give back e); whole == 0 otherwise.
    ExprId whole = 0;
    uint8_t byteIndex = 0;
    /// The symbols the expression may mention (a superset: those of the operands it was built
    /// from; simplification may have dropped some).
    SymbolSetId symbols = 0;
  };
  struct Node {
    PathId parent = RootPath;
    ExprId constraint = ConcreteValue;
    uint32_t model = 0; // index into models_
    uint32_t depth = 0;
    bool root = false; // no constraint: the empty condition (RootPath, rootWithModelOf)
  };
  /// A satisfying assignment: each symbol's value (by symbol number; missing ones are 0), and
  /// the same as a Z3 model to evaluate expressions in.
  struct Model {
    std::vector<uint64_t> values;
    z3::model z3;
  };
  /// The answer to one slice: unsatisfiable, or the values of the slice's symbols.
  struct SliceAnswer {
    bool satisfiable = false;
    std::vector<std::pair<uint32_t, uint64_t>> values;
  };

  ExprId intern(const z3::expr &e, unsigned width, SymbolSetId symbols);
  const z3::expr &expr(ExprId e) const { return entries_[e].expr; }
  SymbolSetId symbolsOf(ExprId e) const { return entries_[e].symbols; }
  SymbolSetId unite(SymbolSetId a, SymbolSetId b);
  SymbolSetId internSet(std::vector<uint32_t> set);
  z3::expr asBool(ExprId condition) const;
  /// The constraints of `path` that share symbols with `condition`, transitively, and
  /// `condition` itself: sorted, so that equal slices compare equal.
  std::vector<ExprId> slice(PathId path, ExprId condition);
  /// The constraints of `path` that share symbols with `e`, transitively (in path order).
  std::vector<ExprId> constraintsSharingSymbols(PathId path, ExprId e);
  SliceAnswer solve(const std::vector<ExprId> &constraints);
  /// The solver for the queries: bit-vectors alone until a floating-point expression is built,
  /// then one that reduces floats to bit-vectors and bit-blasts them.
  z3::solver &solver();
  // Helpers of floating() (symbolic/FloatExpressions.cpp).
  z3::expr floatOf(const z3::expr &bits, bool isDouble) const;
  z3::expr bitsOf(const z3::expr &value, const z3::expr &nanBits) const;
  /// `base` with the values of `changed` replaced.
  uint32_t addModel(const Model &base, const std::vector<std::pair<uint32_t, uint64_t>> &changed);

  static bool fixUnspecifiedValues();
  bool unspecifiedValuesFixed_ = fixUnspecifiedValues(); // before context_
  mutable z3::context context_;
  std::vector<Entry> entries_;
  std::unordered_map<unsigned, ExprId> byAst_; // Z3 term id -> ExprId
  std::vector<z3::func_decl> symbols_;         // symbol number -> its constant
  std::vector<ExprId> symbolIds_;              // symbol number -> its expression
  std::vector<std::vector<uint32_t>> symbolSets_;
  std::map<std::vector<uint32_t>, SymbolSetId> symbolSetIds_;
  std::map<std::pair<SymbolSetId, SymbolSetId>, SymbolSetId> unions_;
  std::vector<Node> nodes_;
  std::map<std::pair<PathId, ExprId>, PathId> children_;
  std::vector<Model> models_;
  std::map<std::vector<ExprId>, SliceAnswer> slices_;
  /// valuesUnder's answers: the values found, and whether they are all (else more than the
  /// limit asked, which is values.size() - 1).
  struct ValueSet {
    std::vector<uint64_t> values;
    bool all = false;
  };
  std::map<std::pair<PathId, ExprId>, ValueSet> valueSets_;
  std::unique_ptr<z3::solver> solver_;
  std::unique_ptr<z3::solver> floatSolver_;
  bool floatsBuilt_ = false;
  SolverStatistics statistics_;
};

} // namespace bpor::symbolic
