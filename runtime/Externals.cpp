// The table of external operations (Externals.h), built from core/ModelledFunctions.def.
#include "runtime/Externals.h"

#include <pthread.h>
#include <semaphore.h>
#include <string>

namespace bpor::runtime {

namespace {

// ---- The pieces of a row ----

/// `bytes` at the address in argument `arg`.
constexpr AccessRule bytesAt(uint8_t arg, uint16_t bytes, bool write) {
  return AccessRule{AccessAt::Arg, arg, AccessSize::Bytes, bytes, write};
}
/// At the address in argument `arg`, as many bytes as argument `sizeArg` says.
constexpr AccessRule sizedAt(uint8_t arg, uint8_t sizeArg, bool write) {
  return AccessRule{AccessAt::Arg, arg, AccessSize::Arg, sizeArg, write};
}
/// `words` pointer-sized words at the address in argument `arg`.
constexpr AccessRule wordsAt(uint8_t arg, uint16_t words, bool write) {
  return AccessRule{AccessAt::Arg, arg, AccessSize::Words, words, write};
}
/// `words` pointer-sized words at the address in argument `arg`, if it is not null.
constexpr AccessRule optionalWords(uint8_t arg, uint16_t words, bool write) {
  return AccessRule{AccessAt::ArgIfNotNull, arg, AccessSize::Words, words, write};
}
/// The synchronisation object (of `bytes` bytes) argument `arg` points to: every operation on
/// it writes it, so any two are dependent.
constexpr AccessRule syncAt(uint8_t arg, uint16_t bytes) {
  return AccessRule{AccessAt::Arg, arg, AccessSize::SyncObject, bytes, true};
}
/// A runtime object that is not program memory, written.
constexpr AccessRule writes(AccessAt object) {
  return AccessRule{object, 0, AccessSize::Bytes, 1, true};
}

constexpr uint16_t MutexBytes = sizeof(pthread_mutex_t);
constexpr uint16_t CondBytes = sizeof(pthread_cond_t);
constexpr uint16_t RwlockBytes = sizeof(pthread_rwlock_t);
constexpr uint16_t BarrierBytes = sizeof(pthread_barrier_t);
constexpr uint16_t SemBytes = sizeof(sem_t);
constexpr uint16_t OnceBytes = sizeof(pthread_once_t);
constexpr uint16_t SpinBytes = sizeof(pthread_spinlock_t);

/// A row under construction.
struct Row {
  ExternalOp op;

  constexpr Row(Ext id, const char *names, bool routed, uint8_t privateArgs) {
    op.id = id;
    op.names = names;
    op.routed = routed;
    op.privateArgs = privateArgs;
  }
  /// Becomes the pending operation of `kind`, performed by `by`, with the accesses added.
  constexpr Row pending(OpKind kind, Performer by, int8_t locationArg = -1) const {
    Row r = *this;
    r.op.preparation = Preparation::Pending;
    r.op.kind = kind;
    r.op.performer = by;
    r.op.locationArg = locationArg;
    return r;
  }
  /// Prepared by code of its own, which makes it pending of `kind` (performed by `by`) when it
  /// is visible.
  constexpr Row own(OpKind kind, Performer by) const {
    Row r = *this;
    r.op.kind = kind;
    r.op.performer = by;
    return r;
  }
  /// Prepared by the family `by` (Preparation).
  constexpr Row preparedBy(Preparation by) const {
    Row r = *this;
    r.op.preparation = by;
    return r;
  }
  /// A libc function of the bytes it reaches, performed by the libc family (LibcHandler.h).
  constexpr Row stringFunction() const {
    return own(OpKind::MemoryCopy, Performer::Libc).preparedBy(Preparation::StringFunction);
  }
  /// The printf family: answered at the call, visible first when it touches shared memory.
  constexpr Row formattedOutput() const {
    return own(OpKind::MemoryCopy, Performer::AtCall).preparedBy(Preparation::FormattedOutput);
  }
  constexpr Row access(AccessRule rule) const {
    Row r = *this;
    for (AccessRule &slot : r.op.accesses)
      if (slot.at == AccessAt::None) {
        slot = rule;
        return r;
      }
    throw "a row has at most three access rules";
  }
  constexpr Row enabledWhen(Enabling enabling) const {
    Row r = *this;
    r.op.enabled = enabling;
    return r;
  }
  constexpr Row symbolic(uint8_t args, bool memory) const {
    Row r = *this;
    r.op.symbolicArgs = args;
    r.op.symbolicMemory = memory;
    return r;
  }
  constexpr Row printsOnly() const {
    Row r = *this;
    r.op.onlyPrints = true;
    return r;
  }
  constexpr Row handsOn(uint8_t args) const {
    Row r = *this;
    r.op.untouchedPointees = args;
    return r;
  }
  constexpr Row readsNoPointee() const {
    Row r = *this;
    r.op.readsPointees = false;
    return r;
  }
  constexpr Row identity(const char *use) const {
    Row r = *this;
    r.op.identityUse = use;
    return r;
  }
  constexpr operator ExternalOp() const { return op; }
};

// The Routing column of ModelledFunctions.def.
constexpr bool Routed = true;
constexpr bool AsNamed = false;
using K = OpKind;
using P = Performer;
using Prep = Preparation;

// ---- The table ----

} // namespace

constexpr ExternalOp ExternalOpTable[] = {
#define BPOR_MODELLED(Id, Names, Routing, PrivateArgs, ...)                                       \
  Row(Ext::Id, Names, Routing, PrivateArgs) __VA_ARGS__,
#include "core/ModelledFunctions.def"
};

namespace {

constexpr bool rowsInOrder() {
  for (size_t i = 0; i < std::size(ExternalOpTable); ++i)
    if (uint32_t(ExternalOpTable[i].id) != i)
      return false;
  return std::size(ExternalOpTable) == NumExternalOps;
}
static_assert(rowsInOrder(), "one row per Ext, in the order of the enum");

constexpr std::string_view BporPrefix = "__bpor_";

/// Calls `visit` with each name of a row.
template <typename Visit> void forEachName(const ExternalOp &op, Visit visit) {
  std::string_view names = op.names;
  while (!names.empty()) {
    size_t end = names.find(' ');
    visit(names.substr(0, end));
    names = end == std::string_view::npos ? std::string_view() : names.substr(end + 1);
  }
}

} // namespace

const ExternalOp *findExternalOp(uint32_t id) {
  return id < std::size(ExternalOpTable) ? &ExternalOpTable[id] : nullptr;
}

std::span<const ExternalOp> externalOps() { return ExternalOpTable; }

void registerExternals(ExternalRegistry &registry) {
  for (const ExternalOp &op : ExternalOpTable)
    forEachName(op, [&](std::string_view name) {
      registry.add(name, uint32_t(op.id));
      if (op.routed && name.starts_with(BporPrefix))
        registry.add(name.substr(BporPrefix.size()), uint32_t(op.id));
    });
}

std::vector<std::string> modelledFunctionNames() {
  std::vector<std::string> names;
  for (const ExternalOp &op : ExternalOpTable)
    forEachName(op, [&](std::string_view name) {
      if (!name.starts_with(BporPrefix))
        names.emplace_back(name);
      else if (op.routed)
        names.emplace_back(name.substr(BporPrefix.size()));
    });
  return names;
}

} // namespace bpor::runtime
