#include "runtime/libc/Format.h"

#include <bit>
#include <cstring>
#include <gtest/gtest.h>
#include <map>
#include <vector>

using namespace bpor::runtime;

namespace {

// Arguments as the interpreter passes them: raw 64-bit slots; a string argument is an "address"
// looked up in a small table.
class TestArgs : public FormatArgs {
public:
  std::vector<uint64_t> slots;
  std::map<uint64_t, std::string> strings;
  size_t next = 0;

  uint64_t nextInteger() override { return slots.at(next++); }
  double nextDouble() override { return std::bit_cast<double>(slots.at(next++)); }
  bool nextString(size_t limit, std::string &out) override {
    auto it = strings.find(slots.at(next++));
    if (it == strings.end())
      return false;
    out = it->second.substr(0, limit);
    return true;
  }
};

std::string format(const char *f, TestArgs &args) {
  std::string out, error;
  EXPECT_TRUE(formatPrintf(f, args, out, error)) << error;
  return out;
}

} // namespace

TEST(Format, IntegersHonourLengthAndSign) {
  TestArgs a;
  a.slots = {uint64_t(uint32_t(-5)), 0xffffffffu, uint64_t(-7), 255, 0x1ff};
  EXPECT_EQ(format("%d %u %lld %x %hhu", a), "-5 4294967295 -7 ff 255");
}

TEST(Format, FlagsWidthPrecisionAndStar) {
  TestArgs a;
  a.slots = {42, 6, 42, 3, std::bit_cast<uint64_t>(3.14159), 'z'};
  EXPECT_EQ(format("[%05d] [%-*d] [%.*f] [%c] 100%%", a), "[00042] [42    ] [3.142] [z] 100%");
}

TEST(Format, StringsAndPointers) {
  TestArgs a;
  a.strings[0x100000000] = "hello";
  a.slots = {0x100000000, 0x100000000, 0, 0x20};
  EXPECT_EQ(format("%s|%.3s|%p|%p", a), "hello|hel|(nil)|0x20");
}

TEST(Format, RejectsPercentNAndBadStrings) {
  TestArgs a;
  a.slots = {0, 99};
  std::string out, error;
  EXPECT_FALSE(formatPrintf("%n", a, out, error));
  EXPECT_NE(error.find("%n"), std::string::npos);
  EXPECT_FALSE(formatPrintf("%s", a, out, error));
  EXPECT_FALSE(formatPrintf("abc%", a, out, error));
}
