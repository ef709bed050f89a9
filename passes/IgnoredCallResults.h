//===- IgnoredCallResults.h - Calls whose result nobody reads -----------===//
//
// C++'s `counter++;` at -O0 calls std::__atomic_base<int>::operator++(int),
// which returns the old value of its fetch_add (clang inlines the fetch_add
// into it): the update's result is used, by the return, although the caller
// ignores what the call returns. Such a function gets a copy that returns
// zero, called where its result is ignored, so that its updates are marked
// ignored there (IgnoredResults.h) and commute, as the C statement
// atomic_fetch_add(&counter, 1) does.
//
//===----------------------------------------------------------------------===//
#ifndef BPOR_PASSES_IGNOREDCALLRESULTS_H
#define BPOR_PASSES_IGNOREDCALLRESULTS_H

#include "llvm/IR/Module.h"

namespace bpor::passes {

/// For each defined function that returns a value and contains an atomic
/// read-modify-write whose result it uses, and that is called somewhere with
/// its result ignored: a copy (named with the suffix ".bpor.ignored") whose
/// returns return zero, which those calls call instead. True if it changed M.
bool specializeIgnoredCallResults(llvm::Module &M);

} // namespace bpor::passes

#endif
