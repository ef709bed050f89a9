//===- InstrumentOptions.h - What prepareAndInstrument does --------------===//
#ifndef BPOR_PASSES_INSTRUMENTOPTIONS_H
#define BPOR_PASSES_INSTRUMENTOPTIONS_H

namespace bpor::passes {

/// What happens on the back edge of a loop whose iterations only read shared
/// memory (a spin loop).
enum class SpinLoopHandling {
  /// __bpor_spin_yield(loc): the fair bound then limits how often the loop
  /// is unrolled (dissertation, ch. 2.7.5 and 5, fair bound).
  Yield,
  /// __bpor_assume(0): an execution in which the loop iterates again without
  /// exiting is dropped. Sound for safety properties because such an
  /// iteration has no effect, but it hides livelocks (--spin-assume).
  Assume,
  /// Leave spin loops alone.
  None,
};

struct InstrumentOptions {
  SpinLoopHandling SpinLoops = SpinLoopHandling::Yield;
  /// Promote locals to registers (mem2reg, SROA) before instrumenting.
  bool Prepare = true;
  /// Run the IR verifier on the result.
  bool Verify = true;
  /// A nondet result only compared with constants draws one value of each class those
  /// comparisons cannot tell apart (NondetDomain.h); off, every nondet call draws from the
  /// runtime's domain (the validation's reference).
  bool NondetClasses = true;
  /// Calls of reach_error and __VERIFIER_error go to __bpor_reach_error (the violation of
  /// unreach-call, whatever the function's body); off, they are calls like any other (a
  /// property that is not about them, such as no-data-race).
  bool RouteErrorFunctions = true;
  /// abort() is no violation (SV-COMP's properties), so that a failed
  /// assume_abort_if_not(0 <= i && i < 4) ends its execution silently and the input may be
  /// drawn from the values the assumption allows (AssumedValues.h; with NondetClasses).
  bool AbortIsNoViolation = false;
  /// Replace each loop without effects by its last iteration after a nondet number of
  /// iterations (LoopAbstraction.h): an over-approximation, whose violations prove nothing.
  bool AbstractLoops = false;
};

/// What prepareAndInstrument did that its caller must know.
struct InstrumentReport {
  unsigned AbstractedLoops = 0; // InstrumentOptions::AbstractLoops
};

} // namespace bpor::passes

#endif
