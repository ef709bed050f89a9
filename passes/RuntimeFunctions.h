//===- RuntimeFunctions.h - Declarations of the __bpor_* runtime ABI -----===//
//
// The instrumentation emits calls to the functions of runtime/bpor_abi.h. This
// gives each of them with exactly the IR type its C prototype has there, so
// that every pass declares them the same way.
//
//===----------------------------------------------------------------------===//
#ifndef BPOR_PASSES_RUNTIMEFUNCTIONS_H
#define BPOR_PASSES_RUNTIMEFUNCTIONS_H

#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Module.h"

namespace bpor::passes {

/// Lazily declares the runtime functions in one module.
class RuntimeFunctions {
public:
  explicit RuntimeFunctions(llvm::Module &M);

  llvm::FunctionCallee load();      // u64 (ptr, u64 size, u32 order, u32 loc)
  llvm::FunctionCallee store();     // void (ptr, u64 value, u64 size, u32, u32)
  llvm::FunctionCallee loadBytes(); // void (ptr, ptr dst, u64, u32, u32)
  llvm::FunctionCallee storeBytes(); // void (ptr, ptr src, u64, u32, u32)
  llvm::FunctionCallee rmw();     // u64 (ptr, u64, u64 size, u32 op, u32, u32)
  llvm::FunctionCallee cmpxchg(); // u64 (ptr, u64, u64, u64, u32, u32, u32)
  llvm::FunctionCallee fence();   // void (u32 order, u32 loc)
  llvm::FunctionCallee frameEnd(); // void (u32 loc)
  llvm::FunctionCallee memcpy();  // void (ptr, ptr, u64, u32)
  llvm::FunctionCallee memmove(); // void (ptr, ptr, u64, u32)
  llvm::FunctionCallee memset();  // void (ptr, u8, u64, u32)
  llvm::FunctionCallee spinYield();   // void (u32 loc)
  llvm::FunctionCallee updateLoopYield(); // void (u32 loc)
  llvm::FunctionCallee spinStart();   // void (u32 loop)
  llvm::FunctionCallee spinEnd();     // void (u32 loop)
  llvm::FunctionCallee assume();      // void (i32 condition)
  llvm::FunctionCallee nondet();      // u64 (u32 bits, u32 signed, u32 loc)
  llvm::FunctionCallee nondetAmong(); // u64 (u32 bits, u32 signed, u32 loc, u64 *values, u32 n)
  llvm::FunctionCallee atomicBegin(); // void (u32 loc, const u64 *footprint, u32 ranges)
  llvm::FunctionCallee atomicEnd();   // void (u32 loc)
  llvm::FunctionCallee onceBegin();   // i32 (ptr control, u32 loc)
  llvm::FunctionCallee onceEnd();     // void (ptr control, u32 loc)
  llvm::FunctionCallee onceAbort();   // void (ptr control, u32 loc)
  llvm::FunctionCallee threadLocalAddress(); // ptr (ptr global)

  llvm::IntegerType *i8() const { return I8; }
  llvm::IntegerType *i32() const { return I32; }
  llvm::IntegerType *i64() const { return I64; }
  llvm::PointerType *ptr() const { return Ptr; }

private:
  llvm::FunctionCallee declare(llvm::StringRef Name, llvm::Type *Ret,
                               llvm::ArrayRef<llvm::Type *> Params);

  llvm::Module &M;
  llvm::Type *Void;
  llvm::IntegerType *I8, *I32, *I64;
  llvm::PointerType *Ptr;
};

/// The prefix of every runtime function's name (runtime/bpor_abi.h).
inline constexpr llvm::StringLiteral RuntimePrefix = "__bpor_";
/// True for functions of the runtime ABI (and anything else named __bpor_*):
/// the passes never rewrite their bodies.
bool isRuntimeFunctionName(llvm::StringRef Name);

/// Whether a call of the declared function `Callee` may throw a C++ exception. bporcheck links
/// its support libraries into the program before the passes run, so every function still only
/// declared is modelled by the runtime, and of those only __bpor_cxx_throw throws (the support
/// library's __cxa_throw and __cxa_rethrow end in it), pthread_once runs a routine that may, and
/// pthread_exit unwinds as glibc's does in C++ (which the runtime refuses where that would run
/// code: Interpreter::unwindRunsCode).
bool declarationMayThrow(const llvm::Function &Callee);

} // namespace bpor::passes

#endif
