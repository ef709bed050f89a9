// bporcheck --svcomp: check one SV-COMP task (or program and property file) and answer
// "SV-COMP result: true", "false(PROPERTY)" or "unknown" on the last line of output, with the
// reason on the line before. docs/user-guide.md ("SV-COMP mode") states the rules; the one that
// matters most is that TRUE needs a complete search of every behaviour, and FALSE a concrete
// execution that calls the error function.
#pragma once

#include "checker/Explorer.h"
#include "checker/unfolding/UnfoldingExplorer.h"
#include "svcomp/Host.h"
#include "svcomp/Input.h"

#include <optional>
#include <string>
#include <vector>

namespace bpor::svcomp {

/// What the command line asks of SV-COMP mode.
struct Settings {
  TaskRequest task;
  /// The limits the searches start from (a time limit of 0: the competition's, less a margin).
  SearchOptions search;
  /// The nondet values of a search over plain values, and the command's nondet settings
  /// (ModelRequest).
  std::vector<int64_t> nondetValues;
  bool nondetClasses = true;
  bool symbolicNondet = false;
  bool printOutput = false;
  /// Set: the unfolding search, with these options, is the complete search (--search=unfolding).
  std::optional<UnfoldingOptions> unfolding;
  /// Where to write the witness ("" for none).
  std::string witness;
};

/// Runs SV-COMP mode; returns the process's exit code (0 once a result line was printed).
int runSvcomp(const Settings &settings, const Host &host);

/// The complete search of a program: optimal DPOR; for a program that spins (its schedules are
/// infinitely many) the stateful search, which terminates when the program has finitely many
/// states, or BPOR under the fair bound where states have no keys (symbolic nondet values);
/// the unfolding search when asked for.
enum class CompleteSearch { OptimalDpor, Stateful, FairBpor, Unfolding };
CompleteSearch completeSearchFor(bool unfolding, bool hasYields, bool hasStateKeys);

/// Why the unfolding search cannot check `property` ("" if it can): races are judged between
/// co-enabled accesses and leaks at the end of each execution, and the unfolding search reaches
/// every state but does not run every linearization through it.
std::string unfoldingCannotCheck(const Property &property);

} // namespace bpor::svcomp
