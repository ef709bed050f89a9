//===- PrivateArguments.cpp - Pointer arguments the runtime does not keep -===//
#include "passes/PrivateArguments.h"

#include "passes/RuntimeFunctions.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Function.h"

using namespace llvm;

namespace bpor::passes {

namespace {


struct PrivateArguments {
  const char *Names; // separated by spaces; only the __bpor_ ones count
  unsigned Mask;     // bit i: argument i
};

// The PrivateArgs column of core/ModelledFunctions.def.
constexpr PrivateArguments PrivateArgumentRows[] = {
#define BPOR_MODELLED(Id, Names, Routing, PrivateArgs, ...) {Names, PrivateArgs},
#include "core/ModelledFunctions.def"
};

} // namespace

bool isPrivateArgument(const CallBase &Call, unsigned ArgNo) {
  const Function *Callee = Call.getCalledFunction();
  if (!Callee || !Callee->isDeclaration())
    return false;
  if (ArgNo >= 8) // a mask covers arguments 0 to 7
    return false;
  // The C name and the __bpor_ name it is routed to alike.
  StringRef Name = Callee->getName();
  Name.consume_front(RuntimePrefix);
  for (const PrivateArguments &Row : PrivateArgumentRows) {
    if (!(Row.Mask >> ArgNo & 1))
      continue;
    SmallVector<StringRef, 4> Names;
    StringRef(Row.Names).split(Names, ' ', -1, /*KeepEmpty=*/false);
    for (StringRef RowName : Names)
      if (RowName.consume_front(RuntimePrefix) && RowName == Name)
        return true;
  }
  return false;
}

} // namespace bpor::passes
