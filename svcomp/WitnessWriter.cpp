#include "svcomp/WitnessWriter.h"
#include "svcomp/MarkupEscape.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

#include <cctype>
#include <cstring>
#include <chrono>
#include <ctime>
#include <fmt/format.h>

namespace bpor::svcomp {
namespace {

std::string sha256Of(const std::string &path) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return "";
  auto digest = llvm::SHA256::hash(llvm::arrayRefFromStringRef((*buffer)->getBuffer()));
  return llvm::toHex(digest, /*LowerCase=*/true);
}

std::string readText(const std::string &path) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  return buffer ? llvm::StringRef((*buffer)->getBuffer()).trim().str() : "";
}

std::string utcNow() {
  std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&now, &tm);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return text;
}

// The header: the keys the format defines and the graph's data.
std::string header(const char *type, const WitnessTask &task) {
  std::string out = R"(<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<key attr.name="witness-type" attr.type="string" for="graph" id="witness-type"/>
<key attr.name="sourcecodelang" attr.type="string" for="graph" id="sourcecodelang"/>
<key attr.name="producer" attr.type="string" for="graph" id="producer"/>
<key attr.name="specification" attr.type="string" for="graph" id="specification"/>
<key attr.name="programfile" attr.type="string" for="graph" id="programfile"/>
<key attr.name="programhash" attr.type="string" for="graph" id="programhash"/>
<key attr.name="architecture" attr.type="string" for="graph" id="architecture"/>
<key attr.name="creationtime" attr.type="string" for="graph" id="creationtime"/>
<key attr.name="isEntryNode" attr.type="boolean" for="node" id="entry"><default>false</default></key>
<key attr.name="isViolationNode" attr.type="boolean" for="node" id="violation"><default>false</default></key>
<key attr.name="startline" attr.type="int" for="edge" id="startline"/>
<key attr.name="threadId" attr.type="string" for="edge" id="threadId"/>
<key attr.name="createThread" attr.type="string" for="edge" id="createThread"/>
<key attr.name="assumption" attr.type="string" for="edge" id="assumption"/>
<key attr.name="assumption.resultfunction" attr.type="string" for="edge" id="assumption.resultfunction"/>
<graph edgedefault="directed">
)";
  out += fmt::format("<data key=\"witness-type\">{}</data>\n", type);
  out += "<data key=\"sourcecodelang\">C</data>\n";
  out += fmt::format("<data key=\"producer\">bporcheck {}</data>\n", BPOR_VERSION);
  out += fmt::format("<data key=\"specification\">{}</data>\n", escapeMarkup(readText(task.propertyFile)));
  out += fmt::format("<data key=\"programfile\">{}</data>\n", escapeMarkup(task.programFile));
  out += fmt::format("<data key=\"programhash\">{}</data>\n", sha256Of(task.programFile));
  out += fmt::format("<data key=\"architecture\">{}</data>\n",
                     task.dataModel == "ILP32" ? "32bit" : "64bit");
  out += fmt::format("<data key=\"creationtime\">{}</data>\n", utcNow());
  return out;
}

} // namespace

namespace {

// The __VERIFIER_nondet_* function called on a source line, if exactly one is named there: a
// witness assumption about \result must say which function's result it constrains.
std::string nondetFunctionOn(const std::vector<std::string> &lines, unsigned line) {
  if (line == 0 || line > lines.size())
    return "";
  llvm::StringRef text(lines[line - 1]);
  size_t at = text.find("__VERIFIER_nondet_");
  if (at == llvm::StringRef::npos)
    return "";
  size_t end = at;
  while (end < text.size() && (std::isalnum(static_cast<unsigned char>(text[end])) ||
                               text[end] == '_'))
    ++end;
  std::string name = text.slice(at, end).str();
  if (text.find("__VERIFIER_nondet_", end) != llvm::StringRef::npos)
    return ""; // two calls on one line: which one is not known
  return name;
}

// The value a nondet function returned, as C shows it: the runtime hands over the bits of the
// result, zero-extended; a signed type's value is their sign extension.
int64_t resultValue(const std::string &function, uint64_t bits, const std::string &dataModel) {
  llvm::StringRef type = llvm::StringRef(function).drop_front(strlen("__VERIFIER_nondet_"));
  unsigned width = llvm::StringSwitch<unsigned>(type)
                       .Case("char", 8)
                       .Case("short", 16)
                       .Case("int", 32)
                       .Case("long", dataModel == "ILP32" ? 32 : 64)
                       .Case("longlong", 64)
                       .Default(0);
  if (width == 0 || width == 64)
    return static_cast<int64_t>(bits);
  uint64_t sign = uint64_t(1) << (width - 1);
  uint64_t value = bits & ((sign << 1) - 1);
  return static_cast<int64_t>(value ^ sign) - static_cast<int64_t>(sign);
}

std::vector<std::string> sourceLines(const std::string &path) {
  std::vector<std::string> lines;
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return lines;
  llvm::SmallVector<llvm::StringRef> parts;
  (*buffer)->getBuffer().split(parts, '\n');
  for (llvm::StringRef part : parts)
    lines.push_back(part.str());
  return lines;
}

} // namespace

std::string violationWitness(const Model &model, const ErrorReport &report,
                             const std::vector<NondetValue> &nondetValues,
                             const WitnessTask &task) {
  std::string out = header("violation_witness", task);
  std::vector<std::string> lines = sourceLines(task.programFile);
  out += "<node id=\"N0\"><data key=\"entry\">true</data></node>\n";
  size_t node = 0;
  auto edge = [&](const std::string &data) {
    out += fmt::format("<node id=\"N{}\"/>\n", node + 1);
    out += fmt::format("<edge source=\"N{}\" target=\"N{}\">{}</edge>\n", node, node + 1, data);
    ++node;
  };
  auto assumption = [&](unsigned line, uint64_t value) {
    std::string function = nondetFunctionOn(lines, line);
    if (function.empty())
      return std::string();
    return fmt::format("<data key=\"assumption\">\\result == {};</data>"
                       "<data key=\"assumption.resultfunction\">{}</data>",
                       resultValue(function, value, task.dataModel), function);
  };
  // Symbolic nondet values are not steps: each gets its own edge, in its place among the steps.
  size_t nextInput = 0;
  auto inputsUpTo = [&](size_t stepsDone) {
    for (; nextInput < nondetValues.size() && nondetValues[nextInput].afterStep <= stepsDone;
         ++nextInput) {
      const NondetValue &input = nondetValues[nextInput];
      unsigned line = model.sourceLocation(input.location).line;
      edge(fmt::format("{}<data key=\"threadId\">{}</data>{}",
                       line ? fmt::format("<data key=\"startline\">{}</data>", line) : "",
                       input.thread, assumption(line, input.value)));
    }
  };
  for (size_t step = 0; step < report.trace.size(); ++step) {
    inputsUpTo(step);
    const Operation &event = report.trace[step];
    unsigned line = model.sourceLocation(event.location).line;
    std::string data;
    if (line)
      data += fmt::format("<data key=\"startline\">{}</data>", line);
    data += fmt::format("<data key=\"threadId\">{}</data>", event.thread);
    if (event.kind == OpKind::Fork && event.otherThread != NoThread)
      data += fmt::format("<data key=\"createThread\">{}</data>", event.otherThread);
    if (event.kind == OpKind::Nondet)
      data += assumption(line, event.value);
    edge(data);
  }
  inputsUpTo(report.trace.size());
  // The last edge reaches the call of the error function.
  unsigned errorLine = model.sourceLocation(report.error.location).line;
  out += fmt::format("<node id=\"N{}\"><data key=\"violation\">true</data></node>\n", node + 1);
  out += fmt::format(
      "<edge source=\"N{}\" target=\"N{}\">{}<data key=\"threadId\">{}</data></edge>\n", node,
      node + 1, errorLine ? fmt::format("<data key=\"startline\">{}</data>", errorLine) : "",
      report.error.thread);
  out += "</graph>\n</graphml>\n";
  return out;
}

std::string correctnessWitness(const WitnessTask &task) {
  std::string out = header("correctness_witness", task);
  out += "<node id=\"N0\"><data key=\"entry\">true</data></node>\n";
  out += "</graph>\n</graphml>\n";
  return out;
}

std::string writeWitness(const std::string &path, const std::string &text) {
  std::error_code ec;
  llvm::raw_fd_ostream out(path, ec, llvm::sys::fs::OF_Text);
  if (ec)
    return fmt::format("cannot write the witness {}: {}", path, ec.message());
  out << text;
  return "";
}

} // namespace bpor::svcomp
