//===- PrivateArguments.cpp - Pointer arguments the runtime does not keep -===//
#include "passes/PrivateArguments.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Function.h"

using namespace llvm;

namespace bpor::passes {

namespace {

struct PrivateArgument {
  const char *Name; // C name; the __bpor_ spelling is accepted too
  unsigned ArgNo;
};

// runtime/bpor_abi.h says which functions these are; each entry names an
// argument the runtime reads or writes only during the call.
constexpr PrivateArgument PrivateArguments[] = {
    {"pthread_create", 0},           {"pthread_create", 1},
    {"pthread_join", 1},             {"pthread_mutex_init", 1},
    {"pthread_mutexattr_init", 0},   {"pthread_mutexattr_destroy", 0},
    {"pthread_mutexattr_settype", 0}, {"pthread_cond_init", 1},
    {"pthread_cond_timedwait", 2},   {"pthread_rwlock_init", 1},
    {"pthread_barrier_init", 1},     {"sem_getvalue", 1},
    {"pthread_key_create", 0},       {"pthread_attr_init", 0},
    {"pthread_attr_destroy", 0},     {"pthread_attr_setdetachstate", 0},
};

} // namespace

bool isPrivateArgument(const CallBase &Call, unsigned ArgNo) {
  const Function *Callee = Call.getCalledFunction();
  if (!Callee || !Callee->isDeclaration())
    return false;
  StringRef Name = Callee->getName();
  Name.consume_front("__bpor_");
  for (const PrivateArgument &P : PrivateArguments)
    if (P.ArgNo == ArgNo && Name == P.Name)
      return true;
  return false;
}

} // namespace bpor::passes
