#include "tools/bporcheck/MemorySize.h"

#include <gtest/gtest.h>

using bpor::tool::parseMemorySize;

TEST(MemorySize, BareNumbersAreMebibytes) {
  EXPECT_EQ(parseMemorySize("512"), uint64_t(512) << 20);
  EXPECT_EQ(parseMemorySize("0"), 0u);
}

TEST(MemorySize, BinaryUnitsInEitherCaseAndSpelling) {
  EXPECT_EQ(parseMemorySize("512M"), uint64_t(512) << 20);
  EXPECT_EQ(parseMemorySize("512MiB"), uint64_t(512) << 20);
  EXPECT_EQ(parseMemorySize("512mb"), uint64_t(512) << 20);
  EXPECT_EQ(parseMemorySize("2G"), uint64_t(2) << 30);
  EXPECT_EQ(parseMemorySize("100k"), uint64_t(100) << 10);
  EXPECT_EQ(parseMemorySize("1T"), uint64_t(1) << 40);
}

TEST(MemorySize, RefusesWhatIsNotASize) {
  EXPECT_EQ(parseMemorySize(""), std::nullopt);
  EXPECT_EQ(parseMemorySize("M"), std::nullopt);
  EXPECT_EQ(parseMemorySize("-1"), std::nullopt);
  EXPECT_EQ(parseMemorySize("512X"), std::nullopt);
  EXPECT_EQ(parseMemorySize("512MBs"), std::nullopt);
  EXPECT_EQ(parseMemorySize("1.5G"), std::nullopt);
  EXPECT_EQ(parseMemorySize("99999999999999999999"), std::nullopt);
  EXPECT_EQ(parseMemorySize("20000000T"), std::nullopt);
}
