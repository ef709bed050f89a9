//===- SourceLocations.cpp - The @__bpor_source_locations table ----------===//
#include "passes/SourceLocations.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"

using namespace llvm;

namespace bpor::passes {

namespace {
StructType *entryType(LLVMContext &C) {
  return StructType::get(PointerType::getUnqual(C), Type::getInt32Ty(C),
                         Type::getInt32Ty(C));
}

// The file name behind a table entry's pointer: a global holding a C string.
std::optional<StringRef> fileNameOf(Constant *File) {
  auto *GV = dyn_cast<GlobalVariable>(File->stripPointerCasts());
  if (!GV || !GV->hasInitializer())
    return std::nullopt;
  auto *Data = dyn_cast<ConstantDataSequential>(GV->getInitializer());
  if (!Data || !Data->isCString())
    return std::nullopt;
  return Data->getAsCString();
}
} // namespace

SourceLocationTable::SourceLocationTable(Module &M) : M(M) {
  Entries.push_back({nullptr, 0, 0});
  GlobalVariable *Old = M.getNamedGlobal(SourceLocationTableName);
  if (!Old || !Old->hasInitializer())
    return;
  auto *Array = dyn_cast<ConstantArray>(Old->getInitializer());
  if (!Array)
    return;
  for (unsigned I = 1, N = Array->getNumOperands(); I < N; ++I) {
    auto *S = cast<ConstantStruct>(Array->getOperand(I));
    Constant *File = S->getOperand(0);
    uint32_t Line = cast<ConstantInt>(S->getOperand(1))->getZExtValue();
    uint32_t Column = cast<ConstantInt>(S->getOperand(2))->getZExtValue();
    if (std::optional<StringRef> Name = fileNameOf(File))
      Files.try_emplace(*Name, File);
    Ids.try_emplace({File, Line, Column}, Entries.size());
    Entries.push_back({File, Line, Column});
  }
}

Constant *SourceLocationTable::fileString(StringRef File) {
  auto It = Files.find(File);
  if (It != Files.end())
    return It->second;
  Constant *Data = ConstantDataArray::getString(M.getContext(), File);
  auto *GV =
      new GlobalVariable(M, Data->getType(), /*isConstant=*/true,
                         GlobalValue::PrivateLinkage, Data, "__bpor_file");
  GV->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  GV->setAlignment(Align(1));
  Files.try_emplace(File, GV);
  return GV;
}

namespace {

bool isSystemHeaderPath(StringRef File, StringRef Directory) {
  auto System = [](StringRef Path) {
    return Path.starts_with("/usr/include") || Path.starts_with("/usr/lib");
  };
  return File.starts_with("/") ? System(File) : System(Directory);
}

} // namespace

// A member of std::atomic, std::atomic_flag, std::atomic_ref or their bases (__atomic_base,
// __atomic_float, __atomic_ref), or a free std::atomic_* function.
bool isAtomicInterface(const DISubprogram *Function) {
  if (!Function)
    return false;
  if (Function->getName().starts_with("atomic_"))
    return true;
  for (const DIScope *Scope = Function->getScope(); Scope; Scope = Scope->getScope()) {
    StringRef Name = Scope->getName();
    if (Name.starts_with("atomic") || Name.starts_with("__atomic_base") ||
        Name.starts_with("__atomic_float") || Name.starts_with("__atomic_ref"))
      return true;
  }
  return false;
}

uint32_t SourceLocationTable::idFor(const DebugLoc &Loc) {
  if (!Loc)
    return 0;
  // The innermost location: for inlined code, where the code itself is; but an operation of
  // std::atomic's interface inlined into the program (its members are always inlined, even at
  // -O0) is shown where the program called it: the line the user wrote, whose memory order the
  // program chose. Library code that uses atomics inside (a semaphore, a shared_ptr's count)
  // keeps its header's location, and its orders stay the library's.
  const DILocation *DL = Loc.get();
  while (DL->getInlinedAt() && isSystemHeaderPath(DL->getFilename(), DL->getDirectory()) &&
         isAtomicInterface(DL->getScope()->getSubprogram()) &&
         !isSystemHeaderPath(DL->getInlinedAt()->getFilename(),
                             DL->getInlinedAt()->getDirectory()))
    DL = DL->getInlinedAt();
  Constant *File = fileString(DL->getFilename());
  auto Key = std::make_tuple(File, DL->getLine(), DL->getColumn());
  auto [It, Inserted] = Ids.try_emplace(Key, Entries.size());
  if (Inserted)
    Entries.push_back({File, DL->getLine(), DL->getColumn()});
  return It->second;
}

ConstantInt *SourceLocationTable::idConstant(const DebugLoc &Loc) {
  return ConstantInt::get(Type::getInt32Ty(M.getContext()), idFor(Loc));
}

ConstantInt *SourceLocationTable::idConstant(const Instruction &I) {
  return idConstant(I.getDebugLoc());
}

void SourceLocationTable::finalize() {
  LLVMContext &C = M.getContext();
  StructType *EntryTy = entryType(C);
  Type *I32 = Type::getInt32Ty(C);
  std::vector<Constant *> Elements;
  Elements.reserve(Entries.size());
  for (const Entry &E : Entries) {
    Constant *File =
        E.File ? E.File : ConstantPointerNull::get(PointerType::getUnqual(C));
    Elements.push_back(ConstantStruct::get(EntryTy, File,
                                           ConstantInt::get(I32, E.Line),
                                           ConstantInt::get(I32, E.Column)));
  }
  auto *ArrayTy = ArrayType::get(EntryTy, Elements.size());
  Constant *Init = ConstantArray::get(ArrayTy, Elements);

  GlobalVariable *Old = M.getNamedGlobal(SourceLocationTableName);
  if (Old && Old->getValueType() == ArrayTy) {
    Old->setInitializer(Init);
    return;
  }
  auto *GV = new GlobalVariable(M, ArrayTy, /*isConstant=*/true,
                                GlobalValue::InternalLinkage, Init,
                                SourceLocationTableName);
  if (Old) {
    // Ids are plain integers, so normally nothing refers to the table.
    Old->replaceAllUsesWith(GV);
    GV->takeName(Old);
    Old->eraseFromParent();
  }
}

} // namespace bpor::passes
