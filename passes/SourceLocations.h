//===- SourceLocations.h - The @__bpor_source_locations table ------------===//
//
// Every runtime call carries a source-location id: an index into the constant
// array @__bpor_source_locations of { ptr file, i32 line, i32 column } (see
// runtime/bpor_abi.h). Entry 0 is the "unknown" placeholder. Several passes
// add locations one after the other, so the table is read back from the
// module, extended, and written again by finalize().
//
//===----------------------------------------------------------------------===//
#ifndef BPOR_PASSES_SOURCELOCATIONS_H
#define BPOR_PASSES_SOURCELOCATIONS_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DebugLoc.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/Module.h"

#include <cstdint>
#include <tuple>
#include <vector>

namespace bpor::passes {

inline constexpr const char *SourceLocationTableName =
    "__bpor_source_locations";

class SourceLocationTable {
public:
  /// Reads the table the module already has, if any.
  explicit SourceLocationTable(llvm::Module &M);

  /// The id of a debug location, adding it if new; 0 when there is none.
  uint32_t idFor(const llvm::DebugLoc &Loc);
  uint32_t idFor(const llvm::Instruction &I) { return idFor(I.getDebugLoc()); }
  /// The id as the i32 constant that runtime calls take.
  llvm::ConstantInt *idConstant(const llvm::Instruction &I);
  llvm::ConstantInt *idConstant(const llvm::DebugLoc &Loc);

  /// Number of entries, the placeholder included.
  size_t size() const { return Entries.size(); }

  /// Writes the table (always, so that an instrumented module always has one).
  void finalize();

private:
  struct Entry {
    llvm::Constant *File; // null for the placeholder
    uint32_t Line;
    uint32_t Column;
  };
  llvm::Constant *fileString(llvm::StringRef File);

  llvm::Module &M;
  std::vector<Entry> Entries;
  llvm::StringMap<llvm::Constant *> Files;
  llvm::DenseMap<std::tuple<llvm::Constant *, uint32_t, uint32_t>, uint32_t>
      Ids;
};

/// A function of the C++ atomics interface (std::atomic, std::atomic_flag, std::atomic_ref and
/// their bases, the free std::atomic_* functions): the memory orders of its accesses are the
/// ones its caller chose.
bool isAtomicInterface(const llvm::DISubprogram *Function);

} // namespace bpor::passes

#endif
