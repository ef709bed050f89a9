// The schedule of one execution, saved by --save-trace and re-run by --replay. A text format
// a person can read and edit: a header line, then one step per line ("thread choice").
#pragma once

#include "checker/Explorer.h"

#include <string>

namespace bpor::tool {

/// Writes `schedule` to `path`; returns an error message or "".
std::string saveSchedule(const std::string &path, const Schedule &schedule,
                         const std::string &program);

/// Reads a schedule; returns an error message or "".
std::string loadSchedule(const std::string &path, Schedule &schedule);

} // namespace bpor::tool
