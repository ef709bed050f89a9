// Violation and correctness witnesses in YAML (SV-COMP's witness format 2.x). The format's
// schemas: gitlab.com/sosy-lab/benchmarking/sv-witnesses (violation witnesses 2.0, the
// concurrency extension of 2.2: `thread_id` on waypoints, the order of the segments being the
// order across threads). docs/user-guide.md, "Witnesses".
#include "svcomp/WitnessText.h"
#include "svcomp/WitnessWriter.h"

#include "llvm/Support/Path.h"

#include <cstring>
#include <fmt/format.h>
#include <random>

namespace bpor::svcomp {
namespace {

/// A YAML double-quoted scalar.
std::string quoted(const std::string &text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\')
      out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out + "\"";
}

/// A random (version 4) UUID, as RFC 4122 writes it.
std::string randomUuid() {
  std::random_device device;
  std::mt19937_64 random((uint64_t(device()) << 32) ^ device());
  uint64_t high = random(), low = random();
  high = (high & ~uint64_t(0xF000)) | 0x4000;                   // version 4
  low = (low & ~(uint64_t(0xC) << 60)) | (uint64_t(0x8) << 60); // variant 10xx
  return fmt::format("{:08x}-{:04x}-{:04x}-{:04x}-{:012x}", uint32_t(high >> 32),
                     uint32_t(high >> 16) & 0xFFFF, uint32_t(high) & 0xFFFF, uint32_t(low >> 48),
                     low & 0xFFFFFFFFFFFFull);
}

/// The entry's first lines up to its content: the type and the metadata.
std::string entryHeader(const char *entryType, const char *formatVersion, const WitnessTask &task) {
  std::string out = fmt::format("- entry_type: {}\n", entryType);
  out += "  metadata:\n";
  out += fmt::format("    format_version: {}\n", quoted(formatVersion));
  out += fmt::format("    uuid: {}\n", quoted(randomUuid()));
  out += fmt::format("    creation_time: {}\n", quoted(utcNow()));
  out += "    producer:\n";
  out += "      name: \"bporcheck\"\n";
  out += fmt::format("      version: {}\n", quoted(BPOR_VERSION));
  out += "    task:\n";
  out += "      input_files:\n";
  out += fmt::format("        - {}\n", quoted(task.programFile));
  out += "      input_file_hashes:\n";
  out +=
      fmt::format("        {}: {}\n", quoted(task.programFile), quoted(sha256Of(task.programFile)));
  out += fmt::format("      specification: {}\n", quoted(readText(task.propertyFile)));
  out += fmt::format("      data_model: {}\n",
                     quoted(task.dataModel.empty() ? "LP64" : task.dataModel));
  out += "      language: \"C\"\n";
  return out;
}

/// Whether a source location's file is the task's program: a step of a support library or a
/// header has no place in the witness, which a validator then lets happen as it may.
bool inProgram(const SourceLocation &where, const std::string &programFile) {
  if (where.line == 0)
    return false;
  if (where.file.empty())
    return true;
  return llvm::sys::path::filename(where.file) == llvm::sys::path::filename(programFile);
}

/// The column (1-based) of the closing parenthesis of the call that starts at or after
/// `column` on `line`, where the format places function_enter and function_return waypoints;
/// 0 if the call does not close on that line.
uint32_t callEndColumn(const std::vector<std::string> &lines, uint32_t line, uint32_t column) {
  if (line == 0 || line > lines.size() || column == 0)
    return 0;
  const std::string &text = lines[line - 1];
  size_t open = text.find('(', column - 1);
  if (open == std::string::npos)
    return 0;
  int depth = 0;
  for (size_t at = open; at < text.size(); ++at) {
    if (text[at] == '(')
      ++depth;
    else if (text[at] == ')' && --depth == 0)
      return uint32_t(at + 1);
  }
  return 0;
}

} // namespace

WitnessFormat witnessFormatOf(const std::string &path) {
  llvm::StringRef extension = llvm::sys::path::extension(path);
  return extension == ".yml" || extension == ".yaml" ? WitnessFormat::Yaml : WitnessFormat::GraphMl;
}

std::string violationWitnessYaml(const Model &model, const ErrorReport &report,
                                 const std::vector<NondetValue> &nondetValues,
                                 const WitnessTask &task) {
  std::string out = entryHeader("violation_sequence", "2.2", task);
  out += "  content:\n";
  std::vector<std::string> lines = sourceLines(task.programFile);
  // A segment of one follow waypoint, at `where` (in the program). A call's waypoint is at its
  // closing parenthesis; any other leaves the column out, which the format reads as the
  // leftmost suitable position of the line (a step's column points into an expression, where
  // an assumption cannot be placed).
  auto segment = [&](const char *type, ThreadId thread, const SourceLocation &where,
                     const std::string &constraint, const char *constraintFormat) {
    bool call =
        std::strcmp(type, "function_enter") == 0 || std::strcmp(type, "function_return") == 0;
    uint32_t column = call ? callEndColumn(lines, where.line, where.column) : 0;
    out += "    - segment:\n";
    out += "        - waypoint:\n";
    out += fmt::format("            type: {}\n", type);
    out += "            action: follow\n";
    out += fmt::format("            thread_id: {}\n", thread);
    out += "            location:\n";
    out += fmt::format("              file_name: {}\n", quoted(task.programFile));
    out += fmt::format("              line: {}\n", where.line);
    if (column)
      out += fmt::format("              column: {}\n", column);
    if (!constraint.empty()) {
      out += "            constraint:\n";
      out += fmt::format("              value: {}\n", quoted(constraint));
      out += fmt::format("              format: {}\n", constraintFormat);
    }
  };
  // A nondet input's value: a function_return waypoint about \result (in ACSL, as the format
  // asks), when the call's function is known from its line; else an assumption of 1 there.
  auto input = [&](ThreadId thread, uint32_t location, uint64_t bits) {
    SourceLocation where = model.sourceLocation(location);
    if (!inProgram(where, task.programFile))
      return;
    std::string function = nondetFunctionOn(lines, where.line);
    std::string result = function.empty() ? "" : nondetResultText(function, bits, task.dataModel);
    if (result.empty()) {
      segment("assumption", thread, where, "1", "c_expression");
      return;
    }
    segment("function_return", thread, where, fmt::format("\\result == {}", result),
            "acsl_expression");
  };
  size_t nextInput = 0;
  auto inputsUpTo = [&](size_t stepsDone) {
    for (; nextInput < nondetValues.size() && nondetValues[nextInput].afterStep <= stepsDone;
         ++nextInput)
      input(nondetValues[nextInput].thread, nondetValues[nextInput].location,
            nondetValues[nextInput].value);
  };
  for (size_t step = 0; step < report.trace.size(); ++step) {
    inputsUpTo(step);
    const Operation &event = report.trace[step];
    if (event.kind == OpKind::Nondet) {
      input(event.thread, event.location, event.value);
      continue;
    }
    SourceLocation where = model.sourceLocation(event.location);
    if (!inProgram(where, task.programFile))
      continue;
    if (event.kind == OpKind::Fork && event.otherThread != NoThread)
      segment("function_enter", event.thread, where, "", "");
    else
      segment("assumption", event.thread, where, "1", "c_expression");
  }
  inputsUpTo(report.trace.size());
  SourceLocation errorAt = model.sourceLocation(report.error.location);
  if (!inProgram(errorAt, task.programFile))
    errorAt = SourceLocation{{}, 1, 0}; // the format needs a target; the line is unknown
  segment("target", report.error.thread, errorAt, "", "");
  return out;
}

std::string correctnessWitnessYaml(const WitnessTask &task) {
  return entryHeader("invariant_set", "2.0", task) + "  content: []\n";
}

std::string violationWitnessFor(const std::string &path, const Model &model,
                                const ErrorReport &report,
                                const std::vector<NondetValue> &nondetValues,
                                const WitnessTask &task) {
  return witnessFormatOf(path) == WitnessFormat::Yaml
             ? violationWitnessYaml(model, report, nondetValues, task)
             : violationWitness(model, report, nondetValues, task);
}

std::string correctnessWitnessFor(const std::string &path, const WitnessTask &task) {
  return witnessFormatOf(path) == WitnessFormat::Yaml ? correctnessWitnessYaml(task)
                                                      : correctnessWitness(task);
}

} // namespace bpor::svcomp
