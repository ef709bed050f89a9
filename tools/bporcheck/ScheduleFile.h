// The schedule of one execution, saved by --save-trace and re-run by --replay. A text format
// a person can read and edit: a header line, then one step per line ("thread choice"; under a
// weak memory model a step that reads goes on with what it reads, "read 0 from initial" or
// "read 1 from step 4", since the search chose it and memory's latest value need not be it).
#pragma once

#include "checker/Explorer.h"

#include <map>
#include <optional>
#include <string>

namespace bpor::tool {

/// The options that change what a schedule means (how the program was compiled, how nondet
/// calls, spin loops and condition variables are modelled), by name: saved with the schedule as
/// "# setting: name=value" lines, and applied again by --replay.
using ScheduleSettings = std::map<std::string, std::string>;

struct SavedSchedule {
  Schedule steps;
  /// Under a weak memory model, per step: the value its read reads (ErrorReport::readValues)
  /// and the step of the write it reads from (Operation::readFromStep). Empty under SC.
  ReadValues readValues;
  std::vector<uint16_t> readFrom;
  /// An error the search judged on the whole execution, which the program does not raise when
  /// the schedule replays (a data race or a spin forever under a weak memory model), and the
  /// step (from 1) at its place (0: none). Saved as a comment line ("# judged: data race; thread
  /// 2; step 9; ...").
  std::optional<ErrorInfo> judged;
  size_t judgedStep = 0;
};

/// Writes `schedule` to `path`; returns an error message or "".
std::string saveSchedule(const std::string &path, const SavedSchedule &schedule,
                         const std::string &program, const ScheduleSettings &settings);

/// Reads a schedule and the settings it was saved with (none in a file that predates them);
/// returns an error message or "".
std::string loadSchedule(const std::string &path, SavedSchedule &schedule,
                         ScheduleSettings &settings);

} // namespace bpor::tool
