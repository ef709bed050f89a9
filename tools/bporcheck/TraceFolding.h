// Folding a trace's repeating tail: a thread spinning in a loop until the step limit makes a
// trace of 100,000 steps that repeat a few operations; the report shows the steps before the
// loop, one round of it, how many rounds it ran, and the last round.
#pragma once

#include "core/Model.h"

#include <cstddef>
#include <vector>

namespace bpor::tool {

struct RepeatingTail {
  size_t start = 0;  // the first step of the first round
  size_t period = 0; // steps per round; 0: no repeating tail worth folding
  size_t rounds = 0; // whole rounds from start (the trace's last steps may be a partial round)
};

/// The longest tail of `trace` made of rounds that repeat the same operations (thread, kind,
/// source location and memory touched; the values may differ), if it saves at least
/// `minFolded` steps and has at least four rounds. Periods up to 256 steps are tried.
RepeatingTail findRepeatingTail(const std::vector<Operation> &trace, size_t minFolded = 20);

} // namespace bpor::tool
