// core/ModelledFunctions.def against the C headers of the runtime's ABI: every __bpor_ name of
// the .def is declared in runtime/bpor_abi.h (what the pass emits) or runtime/cxx/bpor_cxx.h
// (what the C++ support library calls), and every function they declare is a row of the .def.
#include "runtime/Externals.h"

#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

namespace bpor::runtime {
namespace {

constexpr std::string_view BporPrefix = "__bpor_";

/// The __bpor_ functions a header declares (not @__bpor_source_locations, a global named in a
/// comment).
std::set<std::string> declaredIn(const std::string &header) {
  std::ifstream in(std::string(BPOR_SOURCE_DIR) + "/" + header);
  EXPECT_TRUE(in.good()) << header;
  std::stringstream text;
  text << in.rdbuf();
  std::string source = text.str();
  std::set<std::string> names;
  std::regex declaration(R"([^@\w](__bpor_\w+)\s*\()");
  for (auto it = std::sregex_iterator(source.begin(), source.end(), declaration);
       it != std::sregex_iterator(); ++it)
    names.insert((*it)[1]);
  return names;
}

std::vector<std::string> namesOf(const ExternalOp &op) {
  std::vector<std::string> names;
  std::istringstream in(op.names);
  for (std::string name; in >> name;)
    names.push_back(name);
  return names;
}

TEST(ModelledFunctions, BporNamesAreExactlyTheAbiHeadersDeclarations) {
  std::set<std::string> declared = declaredIn("runtime/bpor_abi.h");
  std::set<std::string> cxx = declaredIn("runtime/cxx/bpor_cxx.h");
  EXPECT_FALSE(cxx.empty());
  declared.insert(cxx.begin(), cxx.end());
  std::set<std::string> modelled;
  for (const ExternalOp &op : externalOps())
    for (const std::string &name : namesOf(op))
      if (name.starts_with(BporPrefix))
        modelled.insert(name);
  for (const std::string &name : modelled)
    EXPECT_TRUE(declared.count(name))
        << name << " is in core/ModelledFunctions.def: declare it in runtime/bpor_abi.h";
  for (const std::string &name : declared)
    EXPECT_TRUE(modelled.count(name))
        << name << " is declared in an ABI header: add its row to core/ModelledFunctions.def";
}

TEST(ModelledFunctions, RoutingAndPrivateArgumentsNeedABporName) {
  for (const ExternalOp &op : externalOps()) {
    SCOPED_TRACE(op.names);
    bool hasBporName = false;
    for (const std::string &name : namesOf(op))
      hasBporName |= name.starts_with(BporPrefix);
    EXPECT_TRUE(hasBporName || (!op.routed && op.privateArgs == 0));
  }
}

} // namespace
} // namespace bpor::runtime
