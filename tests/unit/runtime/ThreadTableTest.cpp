// The thread table's copy-on-write sharing with checkpoints (runtime/ThreadTable.h).
#include "runtime/ThreadTable.h"

#include <gtest/gtest.h>

using bpor::runtime::ThreadTable;

TEST(ThreadTable, ACheckpointHoldsTheRecordAndAChangeCopiesIt) {
  ThreadTable table;
  table.reserve(2);
  table.modify(0).exitValue = 7;
  ThreadTable::SharedRecord *saved = table.share(0);
  EXPECT_EQ(&saved->record, &table[0]); // no copy at the checkpoint
  table.modify(0).exitValue = 8;
  EXPECT_NE(&saved->record, &table[0]); // the change copied it
  EXPECT_EQ(saved->record.exitValue, 7u);
  EXPECT_EQ(table[0].exitValue, 8u);
  // A record no checkpoint shares any more is changed in place.
  const bpor::runtime::ProgramThread *before = &table[1];
  table.pool()->release(table.share(1));
  EXPECT_EQ(&table.modify(1), before);
  table.restore(0, saved);
  EXPECT_EQ(&table[0], &saved->record); // restoring copies nothing either
  EXPECT_EQ(table[0].exitValue, 7u);
  table.pool()->release(saved);
}

TEST(ThreadTable, AFreshRecordSharedWithACheckpointIsNotCopied) {
  ThreadTable table;
  table.reserve(1);
  table.modify(0).exitValue = 5;
  ThreadTable::SharedRecord *saved = table.share(0);
  table.fresh(0).reset(0);
  EXPECT_NE(&table[0], &saved->record);
  EXPECT_EQ(saved->record.exitValue, 5u);
  EXPECT_EQ(table[0].exitValue, 0u);
  table.pool()->release(saved);
}
