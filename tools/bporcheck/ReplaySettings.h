// The settings a schedule file carries (ScheduleFile.h): what this run's options give, and
// how --replay takes the file's instead, saying which it changed.
#pragma once

#include "tools/bporcheck/Options.h"
#include "tools/bporcheck/ScheduleFile.h"

#include <string>
#include <vector>

namespace bpor::tool {

/// The settings of this run, to save with a schedule.
ScheduleSettings scheduleSettings(const Options &options);

/// Makes `options` follow the settings a schedule was saved with. Returns one note per setting
/// that differed ("--nondet-values=-1,0,1, as the schedule was saved"); a setting the file does
/// not have is left as the command line gives it.
std::vector<std::string> applyScheduleSettings(const ScheduleSettings &saved, Options &options);

} // namespace bpor::tool
