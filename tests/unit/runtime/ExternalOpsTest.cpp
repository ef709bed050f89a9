// The table of external operations (runtime/Externals.h) against the rules the reductions rely
// on: an operation that blocks on an object has that object, written, in its footprint (so the
// operations that unblock it are dependent with it); every operation on a synchronisation
// object writes it; thread symmetry hears of every operation that records threads; every name
// is registered once, for its own row.
#include "runtime/Externals.h"
#include "runtime/ProgramThread.h"

#include <gtest/gtest.h>

#include <map>
#include <string>

namespace bpor::runtime {
namespace {

using Rule = AccessRule;

bool hasAccessAt(const ExternalOp &op, uint8_t arg, bool write) {
  for (const Rule &rule : op.accesses)
    if (rule.at == AccessAt::Arg && rule.arg == arg && (!write || rule.write))
      return true;
  return false;
}

std::string nameOf(const ExternalOp &op) {
  std::string names = op.names;
  return names.substr(0, names.find(' '));
}

TEST(ExternalOps, EveryRowIsConsistent) {
  for (const ExternalOp &op : externalOps()) {
    SCOPED_TRACE(nameOf(op));
    EXPECT_EQ(&externalOp(op.id), &op);
    EXPECT_NE(std::string(op.names), "");
    bool visible = op.performer != Performer::None;
    // A row that describes its pending operation is performed by someone.
    if (op.preparation == Preparation::Pending) {
      EXPECT_TRUE(visible);
    }
    // The families' code prepares what their performer expects.
    if (op.preparation == Preparation::StringFunction) {
      EXPECT_EQ(op.performer, Performer::Libc);
    }
    if (op.preparation == Preparation::FormattedOutput) {
      EXPECT_EQ(op.performer, Performer::AtCall);
    }
    // free and realloc are the heap family's steps; a frame's end is a plain memory step.
    if (op.preparation == Preparation::Heap && op.performer != Performer::None &&
        op.id != Ext::FrameEnd) {
      EXPECT_EQ(op.performer, Performer::Heap);
    }
    // Attribute objects, the libc functions without memory and the C++ runtime's calls are
    // answered at once.
    if (op.preparation == Preparation::Attribute || op.preparation == Preparation::Libc ||
        op.preparation == Preparation::Cxx) {
      EXPECT_FALSE(visible);
    }
    // One answered at the call has no footprint and never waits.
    if (!visible) {
      EXPECT_EQ(op.enabled, Enabling::Always);
      for (const Rule &rule : op.accesses)
        EXPECT_EQ(rule.at, AccessAt::None);
    }
    // Access rules fill the slots from the first; each names an argument the ABI has.
    bool ended = false;
    for (const Rule &rule : op.accesses) {
      if (rule.at == AccessAt::None)
        ended = true;
      else {
        EXPECT_FALSE(ended);
      }
      if (rule.at == AccessAt::Arg || rule.at == AccessAt::ArgIfNotNull) {
        EXPECT_LT(rule.arg, Request::MaxArgs);
      }
      if (rule.size == AccessSize::Arg) {
        EXPECT_LT(rule.amount, Request::MaxArgs);
      }
    }
    if (op.locationArg >= 0) {
      EXPECT_LT(unsigned(op.locationArg), Request::MaxArgs);
    }
  }
}

TEST(ExternalOps, BlockingOperationsWriteWhatTheyWaitOn) {
  for (const ExternalOp &op : externalOps()) {
    SCOPED_TRACE(nameOf(op));
    switch (op.enabled) {
    case Enabling::MutexAvailable:
    case Enabling::RwlockReadable:
    case Enabling::RwlockWritable:
    case Enabling::SemaphorePositive:
    case Enabling::OnceNotRunning:
      // The unlock, post or end that enables it writes the same object: dependent.
      EXPECT_TRUE(hasAccessAt(op, 0, true));
      break;
    case Enabling::FutexWordChanged:
      // Any store to the word conflicts with this read of it.
      EXPECT_TRUE(hasAccessAt(op, 0, false));
      break;
    case Enabling::JoinTargetEnded: // the thread handle, which depends on the state
      EXPECT_EQ(op.preparation, Preparation::Own);
      break;
    case Enabling::Always:
      break;
    }
  }
}

TEST(ExternalOps, SynchronisationObjectsAreWrittenAndSeenBySymmetry) {
  int rules = 0;
  for (const ExternalOp &op : externalOps())
    for (const Rule &rule : op.accesses)
      if (rule.size == AccessSize::SyncObject) {
        SCOPED_TRACE(nameOf(op));
        ++rules;
        EXPECT_TRUE(rule.write);
        EXPECT_EQ(op.performer, Performer::Sync);
        EXPECT_NE(op.identityUse, nullptr); // such objects record owners and waiters
      }
  EXPECT_GE(rules, 30); // the mutex, condition, lock, barrier, semaphore, once and spin rows
}

TEST(ExternalOps, SymbolicArgumentsAreAddressesOrValues) {
  for (const ExternalOp &op : externalOps()) {
    SCOPED_TRACE(nameOf(op));
    // The runtime confines an access at a symbolic argument to its object only for argument 0
    // (Execution::addAccessFootprint).
    for (const Rule &rule : op.accesses)
      if (rule.at == AccessAt::Arg && (op.symbolicArgs >> rule.arg & 1)) {
        EXPECT_EQ(rule.arg, 0);
      }
    // Memory's performers carry the bytes' expressions (SymbolicData::afterMemoryOperation);
    // an atomic block's start reads none of its footprint's bytes.
    if (op.symbolicMemory) {
      EXPECT_TRUE(op.performer == Performer::Memory || op.performer == Performer::AtomicBegin);
    }
  }
  // The block's own instructions read (and split) what its footprint names.
  EXPECT_TRUE(externalOp(Ext::AtomicBegin).symbolicMemory);
  EXPECT_FALSE(externalOp(Ext::Free).readsPointees);
  EXPECT_FALSE(externalOp(Ext::FrameEnd).readsPointees); // a frame's objects die unread
  EXPECT_EQ(externalOp(Ext::ThreadCreate).untouchedPointees, 0b1000); // the new thread's arg
  EXPECT_TRUE(externalOp(Ext::Realloc).readsPointees);
}

TEST(ExternalOps, EveryNameIsRegisteredForItsRow) {
  ExternalRegistry registry;
  registerExternals(registry);
  std::map<std::string, Ext> seen;
  for (const ExternalOp &op : externalOps()) {
    std::string names = op.names;
    for (size_t begin = 0; begin < names.size();) {
      size_t end = std::min(names.find(' ', begin), names.size());
      std::string name = names.substr(begin, end - begin);
      EXPECT_TRUE(seen.emplace(name, op.id).second) << name << " is in two rows";
      EXPECT_EQ(registry.find(name), uint32_t(op.id)) << name;
      if (op.routed && name.starts_with("__bpor_")) {
        EXPECT_EQ(registry.find(name.substr(7)), uint32_t(op.id)) << name;
      }
      begin = end + 1;
    }
  }
  EXPECT_EQ(registry.find("pthread_mutex_lock"), uint32_t(Ext::MutexLock));
  EXPECT_EQ(registry.find("__bpor_load"), uint32_t(Ext::Load));
  EXPECT_EQ(registry.find("bcmp"), uint32_t(Ext::Memcmp));
  EXPECT_EQ(registry.find("no_such_function"), ExternalRegistry::UnknownExternal);
  EXPECT_EQ(findExternalOp(ExternalRegistry::UnknownExternal), nullptr);
}

} // namespace
} // namespace bpor::runtime
