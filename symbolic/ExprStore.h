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
  uint64_t unknown = 0;          // checks Z3 gave up on (treated as feasible: see extend)
};

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
  /// Whether two paths have the same model (values need no refresh between them).
  bool sameModel(PathId a, PathId b) const { return nodes_[a].model == nodes_[b].model; }
  const SolverStatistics &statistics() const { return statistics_; }

private:
  struct Entry {
    z3::expr expr;
    unsigned width = 0;
    /// For an 8-bit byteOf(e, i): e and i (so fromBytes can give back e); whole == 0 otherwise.
    ExprId whole = 0;
    uint8_t byteIndex = 0;
  };
  struct Node {
    PathId parent = RootPath;
    ExprId constraint = ConcreteValue;
    uint32_t model = 0; // index into models_
    uint32_t depth = 0;
    bool root = false; // no constraint: the empty condition (RootPath, rootWithModelOf)
  };

  ExprId intern(const z3::expr &e, unsigned width);
  const z3::expr &expr(ExprId e) const { return entries_[e].expr; }
  z3::expr asBool(ExprId condition) const;
  /// Asserts the constraints of `path` (in the caller's solver scope).
  void assertPath(PathId path);

  mutable z3::context context_;
  std::vector<Entry> entries_;
  std::unordered_map<unsigned, ExprId> byAst_; // Z3 term id -> ExprId
  std::vector<Node> nodes_;
  std::map<std::pair<PathId, ExprId>, PathId> children_;
  std::vector<z3::model> models_;
  std::unique_ptr<z3::solver> solver_;
  SolverStatistics statistics_;
};

} // namespace bpor::symbolic
