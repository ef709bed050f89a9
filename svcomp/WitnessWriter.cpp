#include "svcomp/WitnessWriter.h"
#include "svcomp/MarkupEscape.h"
#include "svcomp/WitnessText.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>

namespace bpor::svcomp {
namespace {

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
  out += fmt::format("<data key=\"specification\">{}</data>\n",
                     escapeMarkup(readText(task.propertyFile)));
  out += fmt::format("<data key=\"programfile\">{}</data>\n", escapeMarkup(task.programFile));
  out += fmt::format("<data key=\"programhash\">{}</data>\n", sha256Of(task.programFile));
  out += fmt::format("<data key=\"architecture\">{}</data>\n",
                     task.dataModel == "ILP32" ? "32bit" : "64bit");
  out += fmt::format("<data key=\"creationtime\">{}</data>\n", utcNow());
  return out;
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
    std::string result = function.empty() ? "" : nondetResultText(function, value, task.dataModel);
    if (result.empty())
      return std::string();
    return fmt::format("<data key=\"assumption\">\\result == {};</data>"
                       "<data key=\"assumption.resultfunction\">{}</data>",
                       result, function);
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
