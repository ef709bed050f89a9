//===- RuntimeFunctions.cpp - Declarations of the __bpor_* runtime ABI ---===//
#include "passes/RuntimeFunctions.h"

using namespace llvm;

namespace bpor::passes {

RuntimeFunctions::RuntimeFunctions(Module &M) : M(M) {
  LLVMContext &C = M.getContext();
  Void = Type::getVoidTy(C);
  I8 = Type::getInt8Ty(C);
  I32 = Type::getInt32Ty(C);
  I64 = Type::getInt64Ty(C);
  Ptr = PointerType::getUnqual(C);
}

FunctionCallee RuntimeFunctions::declare(StringRef Name, Type *Ret,
                                         ArrayRef<Type *> Params) {
  auto *FT = FunctionType::get(Ret, Params, /*isVarArg=*/false);
  FunctionCallee Callee = M.getOrInsertFunction(Name, FT);
  // A program that defines a function with the runtime's name but another
  // type would get calls of the wrong type; insist on the ABI's type.
  return FunctionCallee(FT, Callee.getCallee());
}

FunctionCallee RuntimeFunctions::load() {
  return declare("__bpor_load", I64, {Ptr, I64, I32, I32});
}
FunctionCallee RuntimeFunctions::store() {
  return declare("__bpor_store", Void, {Ptr, I64, I64, I32, I32});
}
FunctionCallee RuntimeFunctions::loadBytes() {
  return declare("__bpor_load_bytes", Void, {Ptr, Ptr, I64, I32, I32});
}
FunctionCallee RuntimeFunctions::storeBytes() {
  return declare("__bpor_store_bytes", Void, {Ptr, Ptr, I64, I32, I32});
}
FunctionCallee RuntimeFunctions::rmw() {
  return declare("__bpor_rmw", I64, {Ptr, I64, I64, I32, I32, I32});
}
FunctionCallee RuntimeFunctions::cmpxchg() {
  return declare("__bpor_cmpxchg", I64, {Ptr, I64, I64, I64, I32, I32, I32});
}
FunctionCallee RuntimeFunctions::fence() {
  return declare("__bpor_fence", Void, {I32, I32});
}
FunctionCallee RuntimeFunctions::frameEnd() {
  return declare("__bpor_frame_end", Void, {I32});
}
FunctionCallee RuntimeFunctions::memcpy() {
  return declare("__bpor_memcpy", Void, {Ptr, Ptr, I64, I32});
}
FunctionCallee RuntimeFunctions::memmove() {
  return declare("__bpor_memmove", Void, {Ptr, Ptr, I64, I32});
}
FunctionCallee RuntimeFunctions::memset() {
  return declare("__bpor_memset", Void, {Ptr, I8, I64, I32});
}
FunctionCallee RuntimeFunctions::spinYield() {
  return declare("__bpor_spin_yield", Void, {I32});
}
FunctionCallee RuntimeFunctions::updateLoopYield() {
  return declare("__bpor_update_loop_yield", Void, {I32});
}
FunctionCallee RuntimeFunctions::spinStart() {
  return declare("__bpor_spin_start", Void, {I32});
}
FunctionCallee RuntimeFunctions::spinEnd() {
  return declare("__bpor_spin_end", Void, {I32});
}
FunctionCallee RuntimeFunctions::assume() {
  return declare("__bpor_assume", Void, {I32});
}
FunctionCallee RuntimeFunctions::nondet() {
  return declare("__bpor_nondet", I64, {I32, I32, I32});
}
FunctionCallee RuntimeFunctions::nondetAmong() {
  return declare("__bpor_nondet_among", I64, {I32, I32, I32, Ptr, I32});
}
FunctionCallee RuntimeFunctions::atomicBegin() {
  return declare("__bpor_atomic_begin", Void, {I32, Ptr, I32});
}
FunctionCallee RuntimeFunctions::atomicEnd() {
  return declare("__bpor_atomic_end", Void, {I32});
}
FunctionCallee RuntimeFunctions::onceBegin() {
  return declare("__bpor_once_begin", I32, {Ptr, I32});
}
FunctionCallee RuntimeFunctions::onceAbort() {
  return declare("__bpor_once_abort", Void, {Ptr, I32});
}
FunctionCallee RuntimeFunctions::onceEnd() {
  return declare("__bpor_once_end", Void, {Ptr, I32});
}

FunctionCallee RuntimeFunctions::threadLocalAddress() {
  return declare("__bpor_thread_local_address", Ptr, {Ptr});
}

bool isRuntimeFunctionName(StringRef Name) {
  return Name.starts_with(RuntimePrefix);
}

bool declarationMayThrow(const Function &Callee) {
  StringRef Name = Callee.getName();
  // pthread_exit unwinds in C++ (glibc's forced unwinding runs destructors and catch (...)
  // blocks): its invokes keep their landing pads, for the runtime to see what it would run.
  return Name == "__bpor_cxx_throw" || Name == "pthread_once" || Name == "pthread_exit";
}

} // namespace bpor::passes
