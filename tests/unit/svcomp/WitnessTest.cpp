// SV-COMP witnesses (svcomp/WitnessWriter.h, svcomp/WitnessReader.h): the GraphML written for a
// trace, and the path read back from it and from a witness of another tool.
#include "svcomp/WitnessReader.h"
#include "svcomp/WitnessText.h"
#include "svcomp/WitnessWriter.h"

#include "tests/unit/svcomp/Support.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <bit>
#include <cstring>

using namespace bpor;
using namespace bpor::svcomp;

namespace {

/// A model that only places locations: location id N is on line N of the program.
class LinesModel final : public Model {
public:
  void restart() override {}
  ThreadId numThreads() const override { return 2; }
  bool isAlive(ThreadId) const override { return false; }
  bool isEnabled(ThreadId) const override { return false; }
  const Operation &pending(ThreadId) const override { return none_; }
  const Operation &step(ThreadId, uint32_t) override { return none_; }
  ExecStatus status() const override { return ExecStatus::Error; }
  const ErrorInfo &error() const override { return error_; }
  SourceLocation sourceLocation(uint32_t location) const override { return {"prog.c", location}; }

private:
  Operation none_;
  ErrorInfo error_;
};

Operation event(ThreadId thread, OpKind kind, uint32_t line) {
  Operation op;
  op.thread = thread;
  op.kind = kind;
  op.location = line;
  return op;
}

size_t count(const std::string &text, const std::string &part) {
  size_t n = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1))
    ++n;
  return n;
}

class SvcompWitness : public bpor::svcomp::testing::TaskFolder {
protected:
  void SetUp() override {
    TaskFolder::SetUp();
    task_.programFile = write("prog.c", "int main() {\n"                        // 1
                                        "  pthread_create(&t, 0, worker, 0);\n" // 2
                                        "  int x = __VERIFIER_nondet_int();\n"  // 3
                                        "  if (x < 0) reach_error();\n"         // 4
                                        "}\n");
    task_.propertyFile =
        write("unreach-call.prp", "CHECK( init(main()), LTL(G ! call(reach_error())) )\n");
    task_.dataModel = "LP64";
  }

  WitnessTask task_;
};

// main creates thread 1, draws -1 from __VERIFIER_nondet_int and calls reach_error.
ErrorReport exampleReport() {
  ErrorReport report;
  Operation fork = event(0, OpKind::Fork, 2);
  fork.otherThread = 1;
  Operation nondet = event(0, OpKind::Nondet, 3);
  nondet.value = 0xffffffff; // the bits of an int's -1, zero-extended
  report.trace = {fork, nondet};
  report.error.kind = ErrorKind::AssertionFailure;
  report.error.reachError = true;
  report.error.thread = 0;
  report.error.location = 4;
  return report;
}

TEST_F(SvcompWitness, ViolationWitnessIsThePathOfTheTrace) {
  LinesModel model;
  std::string text = violationWitness(model, exampleReport(), {}, task_);
  EXPECT_EQ(text.rfind("<?xml version=\"1.0\"", 0), 0u);
  // The keys the format requires, each declared once, and the graph's data.
  for (const char *key :
       {"witness-type", "sourcecodelang", "producer", "specification", "programfile", "programhash",
        "architecture", "creationtime", "entry", "violation", "startline", "threadId",
        "createThread", "assumption", "assumption.resultfunction"})
    EXPECT_EQ(count(text, fmt::format("id=\"{}\"", key)), 1u) << key;
  EXPECT_NE(text.find("<data key=\"witness-type\">violation_witness</data>"), std::string::npos);
  EXPECT_NE(text.find("<data key=\"architecture\">64bit</data>"), std::string::npos);
  EXPECT_NE(text.find("<data key=\"specification\">CHECK( init(main()), LTL(G ! "
                      "call(reach_error())) )</data>"),
            std::string::npos);
  // sha256 of the program: 64 hex digits.
  size_t hash = text.find("<data key=\"programhash\">");
  ASSERT_NE(hash, std::string::npos);
  EXPECT_EQ(text.find("</data>", hash) - hash - strlen("<data key=\"programhash\">"), 64u);
  // Entry node, one edge per step and one into the violation node.
  EXPECT_NE(text.find("<node id=\"N0\"><data key=\"entry\">true</data></node>"), std::string::npos);
  EXPECT_NE(text.find("<edge source=\"N0\" target=\"N1\"><data key=\"startline\">2</data>"
                      "<data key=\"threadId\">0</data><data key=\"createThread\">1</data></edge>"),
            std::string::npos);
  EXPECT_NE(text.find("<edge source=\"N1\" target=\"N2\"><data key=\"startline\">3</data>"
                      "<data key=\"threadId\">0</data><data key=\"assumption\">\\result == -1;"
                      "</data><data key=\"assumption.resultfunction\">__VERIFIER_nondet_int"
                      "</data></edge>"),
            std::string::npos);
  EXPECT_NE(text.find("<node id=\"N3\"><data key=\"violation\">true</data></node>"),
            std::string::npos);
  EXPECT_NE(text.find("<edge source=\"N2\" target=\"N3\"><data key=\"startline\">4</data>"
                      "<data key=\"threadId\">0</data></edge>"),
            std::string::npos);
  EXPECT_EQ(count(text, "<edge "), 3u);
  EXPECT_EQ(text.substr(text.size() - strlen("</graph>\n</graphml>\n")), "</graph>\n</graphml>\n");
}

TEST_F(SvcompWitness, ReaderFollowsTheWrittenPath) {
  LinesModel model;
  WitnessProblem problem;
  std::optional<WitnessPath> path =
      parseWitnessPath(violationWitness(model, exampleReport(), {}, task_), problem);
  ASSERT_TRUE(path) << problem.text;
  EXPECT_EQ(path->type, "violation_witness");
  EXPECT_TRUE(path->reachesViolation);
  ASSERT_EQ(path->edges.size(), 3u);
  EXPECT_EQ(path->edges[0].line, 2u);
  EXPECT_EQ(path->edges[0].thread, "0");
  EXPECT_EQ(path->edges[0].createdThread, "1");
  EXPECT_EQ(path->edges[1].result, (WitnessValue{-1, std::nullopt}));
  EXPECT_EQ(path->edges[1].resultFunction, "__VERIFIER_nondet_int");
  EXPECT_EQ(path->edges[2].line, 4u);
  EXPECT_FALSE(path->edges[2].result);
}

TEST_F(SvcompWitness, CorrectnessWitnessIsTheEntryNodeAlone) {
  task_.dataModel = "ILP32";
  std::string text = correctnessWitness(task_);
  EXPECT_NE(text.find("<data key=\"witness-type\">correctness_witness</data>"), std::string::npos);
  EXPECT_NE(text.find("<data key=\"architecture\">32bit</data>"), std::string::npos);
  EXPECT_EQ(count(text, "<node "), 1u);
  EXPECT_EQ(count(text, "<edge "), 0u);
  std::string file = (dir_ / "w.graphml").string();
  EXPECT_EQ(writeWitness(file, text), "");
  WitnessProblem problem;
  std::optional<WitnessPath> path = readWitnessPath(file, problem);
  ASSERT_TRUE(path) << problem.text;
  EXPECT_EQ(path->type, "correctness_witness");
  EXPECT_FALSE(path->reachesViolation);
}

// A small witness in another tool's style: keys declared in another order, a sink node off the
// path, an escaped assumption, thread ids that are names.
TEST(SvcompWitnessReader, ReadsAnotherToolsWitness) {
  const char *text = R"(<?xml version="1.0"?>
<graphml xmlns="http://graphml.graphdrawing.org/xmlns">
<key attr.name="isViolationNode" attr.type="boolean" for="node" id="violation"/>
<key attr.name="isEntryNode" attr.type="boolean" for="node" id="entry"/>
<key attr.name="isSinkNode" attr.type="boolean" for="node" id="sink"/>
<key attr.name="witness-type" attr.type="string" for="graph" id="witness-type"/>
<graph edgedefault="directed">
<data key="witness-type">violation_witness</data>
<node id="A"><data key="entry">true</data></node>
<node id="B"/>
<node id="S"><data key="sink">true</data></node>
<node id="E"><data key="violation">true</data></node>
<edge source="A" target="S"><data key="startline">9</data></edge>
<edge source="A" target="B"><data key="startline">7</data><data key="threadId">main</data><data key="createThread">t1</data></edge>
<edge source="B" target="E"><data key="startline">8</data><data key="threadId">t1</data><data key="assumption">\result == (5);</data></edge>
</graph>
</graphml>
)";
  WitnessProblem problem;
  std::optional<WitnessPath> path = parseWitnessPath(text, problem);
  ASSERT_TRUE(path) << problem.text;
  EXPECT_TRUE(path->reachesViolation);
  ASSERT_EQ(path->edges.size(), 2u);
  EXPECT_EQ(path->edges[0].source, "A");
  EXPECT_EQ(path->edges[0].target, "B");
  EXPECT_EQ(path->edges[0].thread, "main");
  EXPECT_EQ(path->edges[0].createdThread, "t1");
  EXPECT_EQ(path->edges[1].line, 8u);
  EXPECT_EQ(path->edges[1].result, (WitnessValue{5, std::nullopt}));
}

// A float input is written as the number its bits encode, as a constant of its type; an
// integral one reads back as that integer (the validator's plain values), another as that
// number (which the validator draws for a float or double call).
TEST(SvcompWitnessReader, FloatInputsAreWrittenAsTheirNumbers) {
  auto text = [](const char *function, uint64_t bits) {
    return nondetResultText(function, bits, "LP64");
  };
  EXPECT_EQ(text("__VERIFIER_nondet_float", std::bit_cast<uint32_t>(-1.0f)), "-1.0f");
  EXPECT_EQ(text("__VERIFIER_nondet_float", std::bit_cast<uint32_t>(0.1f)), "0.1f");
  EXPECT_EQ(text("__VERIFIER_nondet_double", std::bit_cast<uint64_t>(0.1)), "0.1");
  EXPECT_EQ(text("__VERIFIER_nondet_double", std::bit_cast<uint64_t>(1e300)), "1e+300");
  EXPECT_EQ(text("__VERIFIER_nondet_float", 0x7fc00000), ""); // a NaN: no constant
  EXPECT_EQ(text("__VERIFIER_nondet_int", 0xffffffff), "-1");
  auto read = [](const std::string &assumption) {
    std::string witness = fmt::format(R"(<graphml><graph>
<node id="A"><data key="entry">true</data></node>
<node id="E"><data key="violation">true</data></node>
<edge source="A" target="E"><data key="assumption">{}</data></edge>
</graph></graphml>
)",
                                      assumption);
    WitnessProblem problem;
    std::optional<WitnessPath> path = parseWitnessPath(witness, problem);
    EXPECT_TRUE(path) << problem.text;
    return path ? path->edges[0].result : std::nullopt;
  };
  auto integer = [](int64_t value) { return WitnessValue{value, std::nullopt}; };
  auto real = [](double value) { return WitnessValue{0, value}; };
  EXPECT_EQ(read("\\result == -1.0f;"), integer(-1));
  EXPECT_EQ(read("\\result == 0.5f;"), real(0.5));
  EXPECT_EQ(read("\\result == 0.13125f;"), real(0.13125));
  EXPECT_EQ(read("\\result == (-2.5e-3);"), real(-2.5e-3));
  EXPECT_EQ(read("\\result == .5;"), real(0.5));
  EXPECT_EQ(read("\\result == 0x1.8p-3;"), real(0.1875));
  EXPECT_EQ(read("\\result == 1e3;"), integer(1000));
  EXPECT_EQ(read("\\result == 7;"), integer(7));
  EXPECT_EQ(read("\\result == 18446744073709551615UL;"), integer(-1)); // its bits
  EXPECT_EQ(read("\\result == 0x10;"), std::nullopt); // not 0: a hexadecimal integer
  EXPECT_EQ(read("\\result == x;"), std::nullopt);
}

TEST(SvcompWitnessReader, ABranchingPathIsRefused) {
  const char *text = R"(<graphml><graph>
<node id="A"><data key="entry">true</data></node>
<node id="B"/><node id="C"/>
<edge source="A" target="B"/><edge source="A" target="C"/>
</graph></graphml>
)";
  WitnessProblem problem;
  EXPECT_FALSE(parseWitnessPath(text, problem));
  EXPECT_TRUE(problem.unsupported);
  EXPECT_FALSE(problem.text.empty());
}

TEST(SvcompWitnessReader, ReadsAYamlWitnessOfAnotherTool) {
  // Flow-style mappings, comments, a branching waypoint and an assumption over variables (both
  // passed over unless a step matches their line), a thread created by main, a nondet value.
  const char *text = R"(# written by hand, in the style of another verifier
- entry_type: violation_sequence
  metadata: {format_version: "2.2", uuid: "0b1f1c6e-5d2a-4c1e-9a57-1f0e2b3c4d5e"}
  content:
    - segment:
        - waypoint: {type: function_enter, action: follow, thread_id: 0,
                     location: {file_name: "t.i", line: 12, column: 30}}
    - segment:
        - waypoint:
            type: function_return
            action: follow
            thread_id: 1
            location: {file_name: "t.i", line: 5}
            constraint: {value: '\result == -7', format: acsl_expression}
    - segment:
        - waypoint:
            type: branching
            action: follow
            thread_id: 0
            location: {file_name: "t.i", line: 13, column: 3}
            constraint: {value: "true"}
    - segment:
        - waypoint: {type: target, action: follow, thread_id: 0,
                     location: {file_name: "t.i", line: 14}}
)";
  WitnessProblem problem;
  std::optional<WitnessPath> path = parseWitnessPath(text, problem);
  ASSERT_TRUE(path) << problem.text;
  EXPECT_EQ(path->type, "violation_witness");
  EXPECT_TRUE(path->reachesViolation);
  EXPECT_TRUE(path->threadsNumberedByCreation);
  ASSERT_EQ(path->edges.size(), 4u);
  EXPECT_EQ(path->edges[0].thread, "0");
  EXPECT_EQ(path->edges[0].line, 12u);
  EXPECT_EQ(path->edges[1].thread, "1");
  EXPECT_EQ(path->edges[1].result, (WitnessValue{-7, std::nullopt}));
  EXPECT_FALSE(path->edges[2].result);
  EXPECT_EQ(path->edges[3].line, 14u);
}

TEST(SvcompWitnessReader, AYamlTargetBeforeTheLastSegmentIsRefused) {
  const char *text = R"(- entry_type: violation_sequence
  content:
    - segment:
        - waypoint: {type: target, action: follow, location: {file_name: t.i, line: 3}}
    - segment:
        - waypoint: {type: assumption, action: follow, location: {file_name: t.i, line: 4},
                     constraint: {value: "1", format: c_expression}}
)";
  WitnessProblem problem;
  EXPECT_FALSE(parseWitnessPath(text, problem));
  EXPECT_FALSE(problem.unsupported);
  EXPECT_NE(problem.text.find("target before the last segment"), std::string::npos);
}

TEST(SvcompWitnessReader, SeveralYamlViolationSequencesAreRefused) {
  const char *text = R"(- entry_type: violation_sequence
  content: []
- entry_type: violation_sequence
  content: []
)";
  WitnessProblem problem;
  EXPECT_FALSE(parseWitnessPath(text, problem));
  EXPECT_TRUE(problem.unsupported);
}

} // namespace
