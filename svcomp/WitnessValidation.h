// bporcheck --validate-witness=FILE TASK.yml: replays an SV-COMP violation witness. The
// witness is confirmed when an execution that follows its path calls the error function:
// every step taken is the step of the thread an edge names (threadId, threads created as its
// createThread edges say) at the edge's startline, and a nondet call returns the value the
// edge's assumption gives. An edge that matches no step here (a branch on a symbolic input,
// an input edge of a call that is a step of its own) is passed over, so the search tries, at
// an edge that matches, both taking the step and passing over the edge. docs/user-guide.md,
// "Witnesses".
#pragma once

#include "svcomp/Host.h"
#include "svcomp/Input.h"

namespace bpor::svcomp {

/// Exit code: 0 confirmed, 1 rejected, 2 bad input (task, property or witness unreadable),
/// 3 not checked (the witness branches, or the search for a following execution hit its limit).
/// `witness`: the witness file; `task`: the task it is about.
int runWitnessValidation(const TaskRequest &task, const std::string &witness, const Host &host);

} // namespace bpor::svcomp
