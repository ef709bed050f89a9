#include "tools/bporcheck/ReplaySettings.h"

#include <fmt/format.h>

#include <sstream>

namespace bpor::tool {
namespace {

std::string join(const std::vector<std::string> &parts, const char *separator) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i)
    out += (i ? separator : "") + parts[i];
  return out;
}

std::vector<std::string> split(const std::string &text, char separator) {
  std::vector<std::string> parts;
  std::stringstream in(text);
  std::string part;
  while (std::getline(in, part, separator))
    if (!part.empty())
      parts.push_back(part);
  return parts;
}

} // namespace

ScheduleSettings scheduleSettings(const Options &options) {
  std::vector<std::string> values;
  for (int64_t value : options.model.nondetValues)
    values.push_back(std::to_string(value));
  return {
      // Arguments go through the file one per tab-separated field (an argument may hold spaces).
      {"compile", join(options.clangArgs, "\t")},
      {"nondet", options.model.symbolicNondet ? "symbolic" : "values"},
      {"nondet-values", join(values, ",")},
      {"nondet-classes", options.model.nondetClasses ? "on" : "off"},
      {"spin-loops", options.model.spinAssume ? "assume" : "yield"},
      {"spurious-wakeups", options.model.spuriousWakeups ? "on" : "off"},
  };
}

std::vector<std::string> applyScheduleSettings(const ScheduleSettings &saved, Options &options) {
  std::vector<std::string> notes;
  ScheduleSettings current = scheduleSettings(options);
  for (const auto &[name, value] : saved) {
    auto it = current.find(name);
    if (it == current.end() || it->second == value)
      continue;
    if (name == "compile") {
      options.clangArgs = split(value, '\t');
      notes.push_back(fmt::format("compiled with '{}', as the schedule was saved",
                                  join(options.clangArgs, " ")));
    } else if (name == "nondet") {
      options.model.symbolicNondet = value == "symbolic";
      notes.push_back(fmt::format("--nondet={}, as the schedule was saved", value));
    } else if (name == "nondet-values") {
      options.model.nondetValues.clear();
      for (const std::string &text : split(value, ','))
        options.model.nondetValues.push_back(std::stoll(text));
      notes.push_back(fmt::format("--nondet-values={}, as the schedule was saved", value));
    } else if (name == "nondet-classes") {
      options.model.nondetClasses = value == "on";
      notes.push_back(fmt::format("nondet values {} (as the schedule was saved)",
                                  value == "on" ? "drawn by the classes the program compares "
                                                  "them in"
                                                : "drawn from --nondet-values only"));
    } else if (name == "spin-loops") {
      options.model.spinAssume = value == "assume";
      notes.push_back(fmt::format("spin loops {} (--spin-assume {}), as the schedule was saved",
                                  value == "assume" ? "awaited" : "yielding",
                                  value == "assume" ? "on" : "off"));
    } else if (name == "spurious-wakeups") {
      options.model.spuriousWakeups = value == "on";
      notes.push_back(
          fmt::format("--spurious-wakeups {}, as the schedule was saved", value));
    }
  }
  return notes;
}

} // namespace bpor::tool
