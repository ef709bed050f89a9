// Reading a task for SV-COMP mode (svcomp/Input.h): which property is checked, what is refused,
// the data model and compiler arguments, and what each property makes a violation.
#include "svcomp/Input.h"

#include "tests/unit/svcomp/Support.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace bpor;
using namespace bpor::svcomp;
using bpor::svcomp::testing::errorOf;

namespace {

const char *UnreachCall = "CHECK( init(main()), LTL(G ! call(reach_error())) )\n";
const char *NoDataRace = "CHECK( init(main()), LTL(G ! data-race) )\n";
const char *NoOverflow = "CHECK( init(main()), LTL(G ! overflow) )\n";
const char *MemSafety = "CHECK( init(main()), LTL(G valid-free) )\n"
                        "CHECK( init(main()), LTL(G valid-deref) )\n"
                        "CHECK( init(main()), LTL(G valid-memtrack) )\n";
const char *MemCleanup = "CHECK( init(main()), LTL(G valid-memcleanup) )\n";

class SvcompInput : public bpor::svcomp::testing::TaskFolder {
protected:
  std::optional<Input> read(TaskRequest request) {
    problem_.clear();
    return readInput(request, problem_);
  }

  std::string problem_;
};

TEST_F(SvcompInput, TaskDefinitionGivesProgramPropertyAndDataModel) {
  write("unreach-call.prp", UnreachCall);
  write("prog.c", "int main() { return 0; }\n");
  std::string task = write("task.yml", "format_version: '2.0'\n"
                                       "input_files: prog.c\n"
                                       "properties:\n"
                                       "  - property_file: unreach-call.prp\n"
                                       "    expected_verdict: true\n"
                                       "options:\n"
                                       "  language: C\n"
                                       "  data_model: ILP32\n");
  std::optional<Input> input = read({task, "", "", {"-DX"}});
  ASSERT_TRUE(input) << problem_;
  EXPECT_EQ(input->property.name, "unreach-call");
  EXPECT_EQ(input->property.errorFunction, "reach_error");
  EXPECT_EQ(input->programFile, (dir_ / "prog.c").string());
  EXPECT_EQ(input->dataModel, "ILP32");
  EXPECT_EQ(input->clangArgs, (std::vector<std::string>{"-DX", "-m32"}));
  ASSERT_TRUE(input->task);
  EXPECT_EQ(input->task->properties[0].expectedVerdict, "true");
}

TEST_F(SvcompInput, ProgramNeedsAPropertyAndDefaultsToLp64) {
  std::string program = write("prog.c", "int main() { return 0; }\n");
  EXPECT_FALSE(read({program, "", "", {}}));
  EXPECT_EQ(problem_, "a program needs --property=FILE in --svcomp mode");
  std::string property = write("no-data-race.prp", NoDataRace);
  std::optional<Input> input = read({program, property, "", {}});
  ASSERT_TRUE(input) << problem_;
  EXPECT_EQ(input->dataModel, "LP64");
  EXPECT_EQ(input->clangArgs, (std::vector<std::string>{"-m64"}));
  EXPECT_FALSE(input->task);
}

TEST_F(SvcompInput, UnsupportedTasksAreRefusedWithTheReason) {
  std::string program = write("prog.c", "int main() { return 0; }\n");
  std::string termination =
      write("termination.prp", "CHECK( init(main()), LTL(F end) )\n");
  EXPECT_FALSE(read({program, termination, "", {}}));
  EXPECT_EQ(problem_, "property termination is not supported (only unreach-call, no-data-race, "
                      "no-overflow, valid-memsafety and valid-memcleanup)");
  std::string otherError =
      write("other.prp", "CHECK( init(main()), LTL(G ! call(my_error())) )\n");
  EXPECT_FALSE(read({program, otherError, "", {}}));
  EXPECT_EQ(problem_, "the error function my_error is not supported (only reach_error and "
                      "__VERIFIER_error)");
  std::string unreach = write("unreach-call.prp", UnreachCall);
  EXPECT_FALSE(read({program, unreach, "LLP64", {}}));
  EXPECT_EQ(problem_, "data model LLP64 is not supported (ILP32 or LP64)");
  std::string two = write("two.yml", "format_version: '2.0'\n"
                                     "input_files: [prog.c, prog.c]\n"
                                     "properties:\n"
                                     "  - property_file: unreach-call.prp\n");
  EXPECT_FALSE(read({two, "", "", {}}));
  EXPECT_EQ(problem_, "tasks with 2 input files are not supported (only one)");
}

TEST_F(SvcompInput, NoOverflowCompilesClangsTrappingChecks) {
  std::string program = write("prog.c", "int main() { return 0; }\n");
  std::string property = write("no-overflow.prp", NoOverflow);
  std::optional<Input> input = read({program, property, "", {}});
  ASSERT_TRUE(input) << problem_;
  EXPECT_NE(std::find(input->clangArgs.begin(), input->clangArgs.end(),
                      "-fsanitize-trap=signed-integer-overflow,shift-base"),
            input->clangArgs.end());
  ModelRequest model;
  configureForProperty(*input, model);
  EXPECT_EQ(model.raceDetection, RaceDetection::Off);
  EXPECT_FALSE(model.errorFunctionsAreErrors); // reach_error is the program's own function
  ErrorInfo overflow = errorOf(ErrorKind::Overflow);
  EXPECT_TRUE(violatesProperty(*input, overflow));
  EXPECT_EQ(violatedProperty(*input, overflow), "no-overflow");
  EXPECT_EQ(violationPhrase(*input), "overflows a signed integer");
}

TEST_F(SvcompInput, EachPropertyHasItsViolations) {
  std::string program = write("prog.c", "int main() { return 0; }\n");
  ErrorInfo reach = errorOf(ErrorKind::AssertionFailure);
  reach.reachError = true;
  ErrorInfo race = errorOf(ErrorKind::DataRace);
  ErrorInfo deref = errorOf(ErrorKind::MemoryError);
  deref.memory = MemoryViolation::Deref;

  std::optional<Input> unreach = read({program, write("u.prp", UnreachCall), "", {}});
  ASSERT_TRUE(unreach) << problem_;
  EXPECT_TRUE(violatesProperty(*unreach, reach));
  EXPECT_FALSE(violatesProperty(*unreach, race));
  EXPECT_EQ(violationPhrase(*unreach), "calls reach_error()");
  ModelRequest model;
  configureForProperty(*unreach, model);
  EXPECT_TRUE(model.errorFunctionsAreErrors);

  std::optional<Input> races = read({program, write("r.prp", NoDataRace), "", {}});
  ASSERT_TRUE(races) << problem_;
  EXPECT_TRUE(violatesProperty(*races, race));
  EXPECT_FALSE(violatesProperty(*races, reach));
  configureForProperty(*races, model);
  EXPECT_EQ(model.raceDetection, RaceDetection::HappensBefore);

  std::optional<Input> memory = read({program, write("m.prp", MemSafety), "", {}});
  ASSERT_TRUE(memory) << problem_;
  EXPECT_TRUE(violatesProperty(*memory, deref));
  EXPECT_EQ(violatedProperty(*memory, deref), "valid-deref");
  EXPECT_FALSE(violatesProperty(*memory, errorOf(ErrorKind::MemoryError)));
  configureForProperty(*memory, model);
  EXPECT_EQ(model.leaks, LeakRule::Track);
  EXPECT_EQ(violationPhrase(*memory), "violates memory safety");
  ErrorInfo unfreed = errorOf(ErrorKind::MemoryError);
  unfreed.memory = MemoryViolation::Cleanup;
  EXPECT_FALSE(violatesProperty(*memory, unfreed));

  // valid-memcleanup: memory still allocated at the end is the violation; an invalid
  // dereference is undefined behaviour, not a violation of it.
  std::optional<Input> cleanup = read({program, write("c.prp", MemCleanup), "", {}});
  ASSERT_TRUE(cleanup) << problem_;
  EXPECT_TRUE(violatesProperty(*cleanup, unfreed));
  EXPECT_EQ(violatedProperty(*cleanup, unfreed), "valid-memcleanup");
  EXPECT_FALSE(violatesProperty(*cleanup, deref));
  configureForProperty(*cleanup, model);
  EXPECT_EQ(model.leaks, LeakRule::Cleanup);
  EXPECT_EQ(violationPhrase(*cleanup), "ends with heap memory not freed");
}

} // namespace
