#include "tools/bporcheck/ScheduleFile.h"

#include <fmt/format.h>

#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>

namespace bpor::tool {

static constexpr const char *Header = "# bporcheck schedule v1";

static constexpr const char *SettingPrefix = "# setting: ";

static constexpr const char *JudgedPrefix = "# judged: ";

std::string saveSchedule(const std::string &path, const SavedSchedule &schedule,
                         const std::string &program, const ScheduleSettings &settings) {
  std::ofstream out(path);
  if (!out)
    return fmt::format("cannot write {}", path);
  const Schedule &steps = schedule.steps;
  out << Header << "\n# program: " << program << "\n# steps: " << steps.size() << "\n";
  for (const auto &[name, value] : settings)
    out << SettingPrefix << name << '=' << value << '\n';
  if (schedule.judged)
    out << JudgedPrefix << errorKindName(schedule.judged->kind) << "; thread "
        << schedule.judged->thread << "; step " << schedule.judgedStep << "; "
        << schedule.judged->message << '\n';
  bool weak = !schedule.readValues.empty();
  out << (weak ? "# each line: thread choice, and for a read under the weak memory model the "
                 "value it reads and the write it reads from\n"
               : "# each line: thread choice\n");
  for (size_t i = 0; i < steps.size(); ++i) {
    out << steps[i].thread << ' ' << steps[i].choice;
    if (i < schedule.readValues.size() && schedule.readValues[i]) {
      uint16_t from = i < schedule.readFrom.size() ? schedule.readFrom[i] : 0;
      out << " read " << *schedule.readValues[i] << " from "
          << (from == Operation::ReadFromInitial ? std::string("initial")
              : from                             ? fmt::format("step {}", from)
                                                 : std::string("unknown"));
    }
    out << '\n';
  }
  return out ? "" : fmt::format("cannot write {}", path);
}

namespace {

/// The rest of a step's line after "thread choice": empty, or "read V from initial|step N|
/// unknown". False if it is neither.
bool parseRead(std::istringstream &fields, std::optional<uint64_t> &value, uint16_t &from) {
  std::string word;
  if (!(fields >> word))
    return true;
  unsigned long long read = 0;
  std::string fromWord, source;
  if (word != "read" || !(fields >> read >> fromWord >> source) || fromWord != "from")
    return false;
  value = read;
  if (source == "initial") {
    from = Operation::ReadFromInitial;
  } else if (source == "step") {
    unsigned step = 0;
    if (!(fields >> step) || step == 0 || step >= Operation::ReadFromInitial)
      return false;
    from = uint16_t(step);
  } else if (source != "unknown") {
    return false;
  }
  std::string rest;
  return !(fields >> rest);
}

/// "data race; thread 2; step 9; message" (after the prefix) into `error` and `step`.
bool parseJudged(const std::string &text, ErrorInfo &error, size_t &step) {
  size_t first = text.find("; thread "), second = text.find("; step "),
         third = text.find("; ", second == std::string::npos ? 0 : second + 1);
  if (first == std::string::npos || second == std::string::npos || third == std::string::npos)
    return false;
  std::string kind = text.substr(0, first);
  for (uint8_t k = 0; k <= uint8_t(ErrorKind::ResourceLimit); ++k)
    if (kind == errorKindName(ErrorKind(k)))
      error.kind = ErrorKind(k);
  if (error.kind == ErrorKind::None)
    return false;
  error.thread = ThreadId(std::strtoul(text.c_str() + first + 9, nullptr, 10));
  step = std::strtoul(text.c_str() + second + 7, nullptr, 10);
  error.message = text.substr(third + 2);
  return true;
}

} // namespace

std::string loadSchedule(const std::string &path, SavedSchedule &schedule,
                         ScheduleSettings &settings) {
  std::ifstream in(path);
  if (!in)
    return fmt::format("{}: cannot open the schedule", path);
  std::string line;
  if (!std::getline(in, line) || line != Header)
    return fmt::format("{}: not a bporcheck schedule (first line must be '{}')", path, Header);
  unsigned lineNo = 1;
  bool weak = false;
  while (std::getline(in, line)) {
    ++lineNo;
    if (line.rfind(SettingPrefix, 0) == 0) {
      std::string setting = line.substr(std::string(SettingPrefix).size());
      size_t equals = setting.find('=');
      if (equals == std::string::npos)
        return fmt::format("{}:{}: expected '{}name=value', got '{}'", path, lineNo,
                           SettingPrefix, line);
      settings[setting.substr(0, equals)] = setting.substr(equals + 1);
      continue;
    }
    if (line.rfind(JudgedPrefix, 0) == 0) {
      ErrorInfo error;
      if (!parseJudged(line.substr(std::string(JudgedPrefix).size()), error,
                       schedule.judgedStep))
        return fmt::format("{}:{}: expected '{}KIND; thread N; step N; MESSAGE', got '{}'", path,
                           lineNo, JudgedPrefix, line);
      schedule.judged = error;
      continue;
    }
    if (line.empty() || line[0] == '#')
      continue;
    std::istringstream fields(line);
    long long thread = -1, choice = -1;
    std::optional<uint64_t> value;
    uint16_t from = 0;
    if (!(fields >> thread >> choice) || thread < 0 || choice < 0 ||
        !parseRead(fields, value, from))
      return fmt::format("{}:{}: expected 'thread choice' (or 'thread choice read VALUE from "
                         "initial|step N'), got '{}'",
                         path, lineNo, line);
    schedule.steps.push_back({static_cast<ThreadId>(thread), static_cast<uint32_t>(choice)});
    schedule.readValues.push_back(value);
    schedule.readFrom.push_back(from);
    weak = weak || value;
  }
  if (!weak) {
    schedule.readValues.clear();
    schedule.readFrom.clear();
  }
  return "";
}

} // namespace bpor::tool
