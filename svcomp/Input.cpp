#include "svcomp/Input.h"

#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <fmt/format.h>
#include <iostream>

namespace bpor::svcomp {

namespace {

/// Picks the property to check: --property, else the task's only one.
std::optional<std::string> chooseProperty(const TaskRequest &request,
                                          const std::optional<TaskDefinition> &task,
                                          std::string &problem) {
  if (!request.propertyFile.empty())
    return request.propertyFile;
  if (!task) {
    problem = "a program needs --property=FILE in --svcomp mode";
    return std::nullopt;
  }
  if (task->properties.size() == 1)
    return task->properties[0].propertyFile;
  problem = task->properties.empty()
                ? "the task definition lists no property: give --property=FILE"
                : fmt::format("the task definition lists {} properties: choose one with "
                              "--property=FILE",
                              task->properties.size());
  return std::nullopt;
}

} // namespace

std::optional<Input> readInput(const TaskRequest &request, std::string &problem) {
  Input in;
  llvm::StringRef input(request.input);
  if (input.ends_with(".yml") || input.ends_with(".yaml")) {
    in.task = loadTaskDefinition(request.input, problem);
    if (!in.task) {
      problem = "cannot read the task definition: " + problem;
      return std::nullopt;
    }
  }
  std::optional<std::string> propertyFile = chooseProperty(request, in.task, problem);
  if (!propertyFile)
    return std::nullopt;
  in.propertyFile = *propertyFile;
  std::optional<Property> property = loadProperty(in.propertyFile, problem);
  if (!property) {
    problem = "cannot read the property: " + problem;
    return std::nullopt;
  }
  in.property = *property;
  if (property->name != "unreach-call" && property->name != "no-data-race" &&
      property->name != "no-overflow" && property->name != "valid-memsafety" &&
      property->name != "valid-memcleanup") {
    problem = fmt::format("property {} is not supported (only unreach-call, no-data-race, "
                          "no-overflow, valid-memsafety and valid-memcleanup)",
                          property->name.empty() ? "of this formula" : property->name);
    return std::nullopt;
  }
  if (property->entry != "main") {
    problem = fmt::format("the entry function {} is not supported (only main)", property->entry);
    return std::nullopt;
  }
  if (property->name == "unreach-call" && property->errorFunction != "reach_error" &&
      property->errorFunction != "__VERIFIER_error") {
    problem = fmt::format("the error function {} is not supported (only reach_error and "
                          "__VERIFIER_error)",
                          property->errorFunction);
    return std::nullopt;
  }

  std::vector<std::string> inputs = in.task ? in.task->inputFiles : std::vector{request.input};
  if (inputs.size() != 1) {
    problem = fmt::format("tasks with {} input files are not supported (only one)", inputs.size());
    return std::nullopt;
  }
  in.programFile = inputs[0];
  if (in.task && !in.task->language.empty() && in.task->language != "C") {
    problem = fmt::format("language {} is not supported (only C)", in.task->language);
    return std::nullopt;
  }
  in.dataModel = request.dataModel;
  if (in.dataModel.empty())
    in.dataModel = in.task && !in.task->dataModel.empty() ? in.task->dataModel : "LP64";
  if (in.dataModel != "ILP32" && in.dataModel != "LP64") {
    problem = fmt::format("data model {} is not supported (ILP32 or LP64)", in.dataModel);
    return std::nullopt;
  }
  if (in.task && !in.task->dataModel.empty() && in.task->dataModel != in.dataModel)
    std::cerr << fmt::format("bporcheck: warning: checking {} with data model {}, not the "
                             "task's {}\n",
                             request.input, in.dataModel, in.task->dataModel);
  if (property->name == "no-overflow" && !llvm::StringRef(in.programFile).ends_with(".c") &&
      !llvm::StringRef(in.programFile).ends_with(".i")) {
    problem = "no-overflow needs the C source (.c or .i): the checks are compiled in by clang";
    return std::nullopt;
  }
  in.clangArgs = request.clangArgs;
  in.clangArgs.push_back(in.dataModel == "ILP32" ? "-m32" : "-m64");
  if (property->name == "no-overflow") {
    // clang's own checks know which operations are signed: each overflowing addition,
    // subtraction, multiplication, negation, INT_MIN / -1, and left shift traps with its kind
    // (interp/Bytecode.h, UbsanCheck).
    in.clangArgs.push_back("-fsanitize=signed-integer-overflow,shift-base");
    in.clangArgs.push_back("-fsanitize-trap=signed-integer-overflow,shift-base");
  }
  // Plain `inline` functions get GNU89's rules, as old gcc compiled the tasks: loadInput gives
  // every C input that flag (and no C++ input, which it would break).
  return in;
}

void configureForProperty(const Input &input, ModelRequest &config) {
  config.raceDetection = input.property.name == "no-data-race" ? RaceDetection::HappensBefore
                                                               : RaceDetection::Off;
  const std::vector<std::string> &parts = input.property.parts;
  if (input.property.name == "valid-memcleanup")
    config.leaks = LeakRule::Cleanup;
  else if (input.property.name == "valid-memsafety" &&
           std::count(parts.begin(), parts.end(), "valid-memtrack"))
    config.leaks = LeakRule::Track;
  else
    config.leaks = LeakRule::Off;
  // Only unreach-call is about the error function: for the others it is the program's own.
  config.errorFunctionsAreErrors = input.property.name == "unreach-call";
  config.abortIsNoViolation = true; // none of the properties is about abort()
}

namespace {
const char *memorySafetyPart(MemoryViolation violation) {
  switch (violation) {
  case MemoryViolation::Deref:
    return "valid-deref";
  case MemoryViolation::Free:
    return "valid-free";
  case MemoryViolation::Track:
    return "valid-memtrack";
  case MemoryViolation::Cleanup:
    return "valid-memcleanup";
  case MemoryViolation::None:
    break;
  }
  return "";
}
} // namespace

bool violatesProperty(const Input &input, const ErrorInfo &error) {
  const std::string &name = input.property.name;
  if (name == "no-data-race")
    return error.kind == ErrorKind::DataRace;
  if (name == "no-overflow")
    return error.kind == ErrorKind::Overflow;
  if (name == "valid-memsafety") {
    const std::vector<std::string> &parts = input.property.parts;
    return error.kind == ErrorKind::MemoryError && error.memory != MemoryViolation::None &&
           std::count(parts.begin(), parts.end(), memorySafetyPart(error.memory));
  }
  // An invalid dereference or free is undefined behaviour, not a violation of
  // valid-memcleanup: what follows it is unexplored (unknown, not TRUE).
  if (name == "valid-memcleanup")
    return error.kind == ErrorKind::MemoryError && error.memory == MemoryViolation::Cleanup;
  return error.reachError;
}

std::string violatedProperty(const Input &input, const ErrorInfo &error) {
  if (input.property.name == "valid-memsafety")
    return memorySafetyPart(error.memory);
  return input.property.name;
}

std::string violationPhrase(const Input &input) {
  const std::string &name = input.property.name;
  if (name == "no-data-race")
    return "has a data race";
  if (name == "no-overflow")
    return "overflows a signed integer";
  if (name == "valid-memsafety")
    return "violates memory safety";
  if (name == "valid-memcleanup")
    return "ends with heap memory not freed";
  return fmt::format("calls {}()", input.property.errorFunction);
}

} // namespace bpor::svcomp
