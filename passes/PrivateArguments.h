//===- PrivateArguments.h - Pointer arguments the runtime does not keep ---===//
//
// Some pointer arguments of the threads API only carry data in or out during
// the call: the pthread_t that pthread_create fills in, the value
// pthread_join returns through, attribute objects, the key of
// pthread_key_create, sem_getvalue's result. The runtime touches them as the
// calling thread, at the call, and keeps no pointer to them, so passing a
// local's address there does not make the local shared. Without this rule
// every `pthread_t t; pthread_create(&t, ...); pthread_join(t, ...)` turns the
// load of t into a scheduling point that multiplies the schedules for nothing.
//
// Synchronisation objects themselves (mutexes, condition variables, ...) are
// not private: other threads reach them through the runtime.
//
// Which arguments these are is the PrivateArgs column of
// core/ModelledFunctions.def.
//
//===----------------------------------------------------------------------===//
#ifndef BPOR_PASSES_PRIVATEARGUMENTS_H
#define BPOR_PASSES_PRIVATEARGUMENTS_H

#include "llvm/IR/InstrTypes.h"

namespace bpor::passes {

/// Whether argument ArgNo of Call (a call of a threads-API function, by its
/// C name or its __bpor_ name) is a private in/out argument as above.
bool isPrivateArgument(const llvm::CallBase &Call, unsigned ArgNo);

} // namespace bpor::passes

#endif
