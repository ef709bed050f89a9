#include "tools/bporcheck/OptionsHelp.h"

#include <fmt/format.h>

#include <map>
#include <string>
#include <vector>

namespace bpor::tool {
namespace cl = llvm::cl;

namespace {

// How an option is written in the help: as users type it. A one-letter option and -m32 (as
// clang spells it) take one dash, the others two; llvm::cl accepts either.
std::string optionSpelling(const cl::Option &option) {
  std::string name = option.ArgStr.str();
  std::string value = option.ValueStr.str();
  if (name == "j")
    return "-j <N>, --jobs=<N>";
  if (name.size() == 1)
    return fmt::format("-{} <{}>", name, value);
  if (name == "m32")
    return "-m32";
  if (option.getValueExpectedFlag() == cl::ValueOptional && value.empty())
    return "--" + name; // a switch (cl::opt<bool>)
  return fmt::format("--{}=<{}>", name, value);
}

// Words of `text` filled into lines of at most `width` characters.
std::vector<std::string> wrap(const std::string &text, size_t width) {
  std::vector<std::string> lines;
  std::string line;
  for (llvm::StringRef rest = text; !rest.empty();) {
    auto [word, tail] = rest.split(' ');
    rest = tail;
    if (word.empty())
      continue;
    if (!line.empty() && line.size() + 1 + word.size() > width) {
      lines.push_back(line);
      line.clear();
    }
    if (!line.empty())
      line += ' ';
    line += word;
  }
  if (!line.empty())
    lines.push_back(line);
  return lines;
}

constexpr size_t HelpWidth = 100, OptionColumn = 34;

} // namespace

void printHelp(llvm::raw_ostream &os, llvm::StringRef inputHelp,
               llvm::ArrayRef<const cl::OptionCategory *> categories) {
  os << "USAGE: bporcheck [options] " << inputHelp << "\n\n" << HelpOverview;
  std::map<const cl::OptionCategory *, std::map<std::string, const cl::Option *>> byCategory;
  for (const auto &entry : cl::getRegisteredOptions())
    for (const cl::OptionCategory *category : entry.second->Categories)
      // --jobs, -j's alias, is shown with it.
      if (entry.second->getFormattingFlag() != cl::Positional && entry.first() != "jobs")
        byCategory[category][entry.second->ArgStr.str()] = entry.second;
  for (const cl::OptionCategory *category : categories) {
    os << "\n" << category->getName() << ":\n";
    if (!category->getDescription().empty())
      os << "  " << category->getDescription() << "\n";
    for (const auto &[name, option] : byCategory[category]) {
      std::string spelling = "  " + optionSpelling(*option);
      std::vector<std::string> lines = wrap(option->HelpStr.str(), HelpWidth - OptionColumn);
      if (spelling.size() + 2 > OptionColumn) {
        os << spelling << "\n";
        spelling.clear();
      }
      for (const std::string &line : lines) {
        os << spelling << std::string(OptionColumn - spelling.size(), ' ') << line << "\n";
        spelling.clear();
      }
    }
  }
  os << "\nGeneric options:\n"
     << "  --help                          This list\n"
     << "  --version                       bporcheck's version and LLVM's\n";
}

} // namespace bpor::tool
