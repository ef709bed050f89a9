#include "svcomp/Task.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

using namespace bpor::svcomp;

namespace {

YamlNode parseOk(const std::string &text) {
  std::string error;
  std::optional<YamlNode> node = parseYaml(text, error);
  EXPECT_TRUE(node) << error;
  return node ? *node : YamlNode{};
}

TEST(SvcompYaml, TaskDefinitionShapes) {
  YamlNode root = parseOk("format_version: '2.0'  # comment\n"
                          "\n"
                          "input_files: 'fkp2014.i'\n"
                          "properties:\n"
                          "  - property_file: ../properties/unreach-call.prp\n"
                          "    expected_verdict: true\n"
                          "  - property_file: \"../properties/valid-memsafety.prp\"\n"
                          "    expected_verdict: false\n"
                          "    subproperty: valid-deref\n"
                          "options:\n"
                          "  language: C\n"
                          "  data_model: ILP32\n");
  ASSERT_EQ(root.kind, YamlNode::Kind::Mapping);
  EXPECT_EQ(root.find("format_version")->scalar, "2.0");
  EXPECT_EQ(root.find("input_files")->scalar, "fkp2014.i");
  const YamlNode *properties = root.find("properties");
  ASSERT_EQ(properties->kind, YamlNode::Kind::Sequence);
  ASSERT_EQ(properties->items.size(), 2u);
  EXPECT_EQ(properties->items[0].find("property_file")->scalar, "../properties/unreach-call.prp");
  EXPECT_EQ(properties->items[0].find("expected_verdict")->scalar, "true");
  EXPECT_EQ(properties->items[1].find("property_file")->scalar,
            "../properties/valid-memsafety.prp");
  EXPECT_EQ(properties->items[1].find("subproperty")->scalar, "valid-deref");
  EXPECT_EQ(root.find("options")->find("data_model")->scalar, "ILP32");
}

TEST(SvcompYaml, SequencesOfScalars) {
  YamlNode block = parseOk("input_files:\n  - a.c\n  - 'b c.c'\n");
  ASSERT_EQ(block.find("input_files")->items.size(), 2u);
  EXPECT_EQ(block.find("input_files")->items[1].scalar, "b c.c");
  // A sequence at its key's own indentation, and a flow sequence.
  YamlNode same = parseOk("input_files:\n- a.c\n- b.c\nx: 1\n");
  EXPECT_EQ(same.find("input_files")->items.size(), 2u);
  EXPECT_EQ(same.find("x")->scalar, "1");
  YamlNode flow = parseOk("input_files: [a.c, 'b.c']\n");
  ASSERT_EQ(flow.find("input_files")->items.size(), 2u);
  EXPECT_EQ(flow.find("input_files")->items[1].scalar, "b.c");
  EXPECT_EQ(parseOk("s: 'it''s # not a comment'\n").find("s")->scalar, "it's # not a comment");
}

TEST(SvcompYaml, ErrorsAreReported) {
  std::string error;
  EXPECT_FALSE(parseYaml("a: 1\na: 2\n", error));
  EXPECT_EQ(error, "line 2: duplicate key 'a'");
  EXPECT_FALSE(parseYaml("a: 1\n  b: 2\n", error));
  EXPECT_FALSE(parseYaml("a: {b: 1}\n", error));
  EXPECT_NE(error.find("unsupported"), std::string::npos);
  EXPECT_FALSE(parseYaml("just text\n", error));
}

TEST(SvcompTask, LoadResolvesFilesAgainstTheTaskFolder) {
  auto dir = std::filesystem::temp_directory_path() / "bpor_svcomp_task_test";
  std::filesystem::create_directories(dir / "tasks");
  {
    std::ofstream(dir / "tasks" / "t.yml") << "format_version: '2.0'\n"
                                              "input_files: 't.i'\n"
                                              "properties:\n"
                                              "  - property_file: ../p/unreach-call.prp\n"
                                              "    expected_verdict: false\n"
                                              "options:\n  language: C\n  data_model: LP64\n";
  }
  std::string error;
  auto task = loadTaskDefinition((dir / "tasks" / "t.yml").string(), error);
  ASSERT_TRUE(task) << error;
  ASSERT_EQ(task->inputFiles.size(), 1u);
  EXPECT_EQ(task->inputFiles[0], (dir / "tasks" / "t.i").string());
  ASSERT_EQ(task->properties.size(), 1u);
  EXPECT_EQ(task->properties[0].propertyFile, (dir / "tasks" / "../p/unreach-call.prp").string());
  EXPECT_EQ(task->properties[0].expectedVerdict, "false");
  EXPECT_EQ(task->language, "C");
  EXPECT_EQ(task->dataModel, "LP64");
  { std::ofstream(dir / "tasks" / "old.yml") << "format_version: '1.0'\ninput_files: t.i\n"; }
  EXPECT_FALSE(loadTaskDefinition((dir / "tasks" / "old.yml").string(), error));
  EXPECT_NE(error.find("format 1.0 is not supported"), std::string::npos);
  std::filesystem::remove_all(dir);
}

Property parsePropertyOk(const std::string &text) {
  std::string error;
  std::optional<Property> property = parseProperty(text, error);
  EXPECT_TRUE(property) << error;
  return property ? *property : Property{};
}

TEST(SvcompProperty, TheCompetitionsFormulas) {
  Property unreach = parsePropertyOk("CHECK( init(main()), LTL(G ! call(reach_error())) )\n");
  EXPECT_EQ(unreach.name, "unreach-call");
  EXPECT_EQ(unreach.errorFunction, "reach_error");
  EXPECT_EQ(unreach.entry, "main");
  EXPECT_EQ(
      parsePropertyOk("CHECK( init(main()), LTL(G ! call(__VERIFIER_error())) )").errorFunction,
      "__VERIFIER_error");
  EXPECT_EQ(parsePropertyOk("CHECK( init(main()), LTL(G ! data-race) )").name, "no-data-race");
  EXPECT_EQ(parsePropertyOk("CHECK( init(main()), LTL(G ! overflow) )").name, "no-overflow");
  EXPECT_EQ(parsePropertyOk("CHECK( init(main()), LTL(F end) )").name, "termination");
  Property memsafety = parsePropertyOk("CHECK( init(main()), LTL(G valid-free) )\n"
                                       "CHECK( init(main()), LTL(G valid-deref) )\n"
                                       "CHECK( init(main()), LTL(G valid-memtrack) )\n");
  EXPECT_EQ(memsafety.name, "valid-memsafety");
  EXPECT_EQ(memsafety.parts,
            (std::vector<std::string>{"valid-free", "valid-deref", "valid-memtrack"}));
}

TEST(SvcompProperty, UnknownFormulasAreRefused) {
  std::string error;
  EXPECT_FALSE(parseProperty("CHECK( init(main()), LTL(G something-new) )", error));
  EXPECT_EQ(error, "unknown property formula 'Gsomething-new'");
  EXPECT_FALSE(parseProperty("", error));
  EXPECT_FALSE(parseProperty("reach_error is unreachable", error));
  EXPECT_FALSE(parseProperty("CHECK( init(main()), LTL(G valid-free) )\n"
                             "CHECK( init(main()), LTL(G ! data-race) )",
                             error));
}

} // namespace
