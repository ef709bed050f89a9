#include "tools/bporcheck/ScheduleFile.h"

#include <fmt/format.h>

#include <fstream>
#include <sstream>

namespace bpor::tool {

static constexpr const char *Header = "# bporcheck schedule v1";

static constexpr const char *SettingPrefix = "# setting: ";

std::string saveSchedule(const std::string &path, const Schedule &schedule,
                         const std::string &program, const ScheduleSettings &settings) {
  std::ofstream out(path);
  if (!out)
    return fmt::format("cannot write {}", path);
  out << Header << "\n# program: " << program << "\n# steps: " << schedule.size() << "\n";
  for (const auto &[name, value] : settings)
    out << SettingPrefix << name << '=' << value << '\n';
  out << "# each line: thread choice\n";
  for (const auto &step : schedule)
    out << step.thread << ' ' << step.choice << '\n';
  return out ? "" : fmt::format("cannot write {}", path);
}

std::string loadSchedule(const std::string &path, Schedule &schedule,
                         ScheduleSettings &settings) {
  std::ifstream in(path);
  if (!in)
    return fmt::format("{}: cannot open the schedule", path);
  std::string line;
  if (!std::getline(in, line) || line != Header)
    return fmt::format("{}: not a bporcheck schedule (first line must be '{}')", path, Header);
  unsigned lineNo = 1;
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
    if (line.empty() || line[0] == '#')
      continue;
    std::istringstream fields(line);
    long long thread = -1, choice = -1;
    std::string rest;
    if (!(fields >> thread >> choice) || (fields >> rest) || thread < 0 || choice < 0)
      return fmt::format("{}:{}: expected 'thread choice', got '{}'", path, lineNo, line);
    schedule.push_back({static_cast<ThreadId>(thread), static_cast<uint32_t>(choice)});
  }
  return "";
}

} // namespace bpor::tool
