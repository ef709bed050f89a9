#include "interp/Program.h"

#include "interp/ProgramBuilder.h"

#include <fmt/format.h>

namespace bpor {

std::unique_ptr<Program> Program::build(const llvm::Module &module,
                                        const ExternalRegistry &registry,
                                        std::string &error) {
  std::unique_ptr<Program> program(new Program());
  ProgramBuilder builder(module, registry, *program);
  if (!builder.build(error))
    return nullptr;
  return program;
}

Address Program::findFunction(std::string_view name) const {
  auto it = functionsByName_.find(std::string(name));
  return it == functionsByName_.end() ? 0 : functions_[it->second].address;
}

Address Program::findGlobal(std::string_view name) const {
  auto it = globalsByName_.find(std::string(name));
  return it == globalsByName_.end() ? 0 : it->second;
}

std::string_view Program::functionName(Address address) const {
  uint32_t index = functionIndex(address);
  return index == NoFunction ? std::string_view()
                             : std::string_view(functions_[index].name);
}

bool Program::isDefined(Address address) const {
  uint32_t index = functionIndex(address);
  return index != NoFunction && functions_[index].defined;
}

SourceLocation Program::location(uint32_t id) const {
  if (id == 0 || id >= sourceLocations_.size())
    return {};
  const Loc &loc = sourceLocations_[id];
  return {files_[loc.file], loc.line, loc.column};
}

SourceLocation Program::debugLocation(uint32_t index) const {
  if (index == 0 || index >= debugLocations_.size())
    return {};
  const Loc &loc = debugLocations_[index];
  return {files_[loc.file], loc.line, loc.column};
}

} // namespace bpor
