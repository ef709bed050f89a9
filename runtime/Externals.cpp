// The table of external operations (Externals.h): one row per Ext, in its order.
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

  constexpr Row(Ext id, const char *names, bool alsoPlain = false) {
    op.id = id;
    op.names = names;
    op.alsoPlain = alsoPlain;
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

constexpr bool Plain = true;
using K = OpKind;
using P = Performer;

// ---- The table ----

} // namespace

constexpr ExternalOp ExternalOpTable[] = {
    // Memory accesses (bpor_abi.h): (address, size or value, ..., location).
    Row(Ext::Load, "__bpor_load")
        .pending(K::Load, P::Memory, 3)
        .access(sizedAt(0, 1, false))
        .symbolic(0b1, true),
    Row(Ext::Store, "__bpor_store")
        .pending(K::Store, P::Memory, 4)
        .access(sizedAt(0, 2, true))
        .symbolic(0b11, true),
    Row(Ext::LoadBytes, "__bpor_load_bytes")
        .pending(K::Load, P::Memory, 4)
        .access(sizedAt(0, 2, false))
        .symbolic(0, true),
    Row(Ext::StoreBytes, "__bpor_store_bytes")
        .pending(K::Store, P::Memory, 4)
        .access(sizedAt(0, 2, true))
        .symbolic(0, true),
    Row(Ext::Rmw, "__bpor_rmw").pending(K::ReadModifyWrite, P::Memory, 5).access(sizedAt(0, 2, true)),
    Row(Ext::Cmpxchg, "__bpor_cmpxchg")
        .pending(K::ReadModifyWrite, P::Memory, 6)
        .access(sizedAt(0, 3, true)),
    Row(Ext::Fence, "__bpor_fence").pending(K::Fence, P::Memory, 1),
    Row(Ext::BporMemcpy, "__bpor_memcpy")
        .pending(K::MemoryCopy, P::Memory, 3)
        .access(sizedAt(1, 2, false))
        .access(sizedAt(0, 2, true))
        .symbolic(0, true),
    Row(Ext::BporMemmove, "__bpor_memmove")
        .pending(K::MemoryCopy, P::Memory, 3)
        .access(sizedAt(1, 2, false))
        .access(sizedAt(0, 2, true))
        .symbolic(0, true),
    Row(Ext::BporMemset, "__bpor_memset")
        .pending(K::MemoryCopy, P::Memory, 3)
        .access(sizedAt(0, 2, true))
        .symbolic(0, true),
    Row(Ext::FrameEnd, "__bpor_frame_end").own(K::Free, P::Memory),
    // Scheduling, errors, exit.
    Row(Ext::SchedYield, "__bpor_sched_yield", Plain).pending(K::Yield, P::Yield),
    Row(Ext::SpinYield, "__bpor_spin_yield").pending(K::Yield, P::Yield, 0),
    // A spin loop's iteration begins and ends (answered at once: not visible).
    Row(Ext::SpinStart, "__bpor_spin_start"),
    Row(Ext::SpinEnd, "__bpor_spin_end"),
    Row(Ext::AssertFail, "__bpor_assert_fail __assert_fail"),
    Row(Ext::ReachError, "__bpor_reach_error", Plain),
    Row(Ext::Abort, "__bpor_abort", Plain),
    Row(Ext::CxxThrow, "__bpor_cxx_throw").identity("a C++ exception"),
    Row(Ext::CxxTerminate, "__bpor_cxx_terminate"),
    // (address, expected, timed): reads the 4-byte word.
    Row(Ext::FutexWait, "__bpor_futex_wait")
        .pending(K::Load, P::FutexWait)
        .access(bytesAt(0, 4, false))
        .enabledWhen(Enabling::FutexWordChanged)
        .identity("a futex wait"),
    Row(Ext::Setjmp, "setjmp _setjmp __sigsetjmp sigsetjmp").identity("setjmp/longjmp"),
    Row(Ext::Longjmp, "longjmp _longjmp siglongjmp __longjmp_chk").identity("setjmp/longjmp"),
    Row(Ext::Exit, "__bpor_exit", Plain).own(K::Exit, P::Process),
    // SV-COMP.
    Row(Ext::Assume, "__bpor_assume").symbolic(0b1, false),
    Row(Ext::Nondet, "__bpor_nondet __bpor_nondet_among").own(K::Nondet, P::Nondet),
    Row(Ext::AtomicBegin, "__bpor_atomic_begin").own(K::AtomicBlock, P::AtomicBegin),
    Row(Ext::AtomicEnd, "__bpor_atomic_end"),
    // Threads. A creation also writes the thread numbering (Execution.h).
    Row(Ext::ThreadCreate, "__bpor_pthread_create", Plain)
        .pending(K::Fork, P::Threads)
        .access(AccessRule{AccessAt::Arg, 0, AccessSize::Words, 1, true})
        .access(writes(AccessAt::ThreadNumbering)),
    Row(Ext::ThreadJoin, "__bpor_pthread_join", Plain)
        .own(K::Join, P::Threads)
        .enabledWhen(Enabling::JoinTargetEnded)
        .identity("pthread_join"),
    Row(Ext::ThreadExit, "__bpor_pthread_exit", Plain),
    Row(Ext::ThreadSelf, "__bpor_pthread_self", Plain).identity("pthread_self"),
    Row(Ext::ThreadEqual, "__bpor_pthread_equal", Plain).identity("pthread_equal"),
    Row(Ext::ThreadDetach, "__bpor_pthread_detach", Plain)
        .own(K::Other, P::Threads)
        .identity("pthread_detach"),
    Row(Ext::MutexInit, "__bpor_pthread_mutex_init", Plain)
        .pending(K::Other, P::Sync)
        .access(syncAt(0, MutexBytes))
        .identity("a pthread mutex"),
    Row(Ext::MutexDestroy, "__bpor_pthread_mutex_destroy", Plain)
        .pending(K::Other, P::Sync)
        .access(syncAt(0, MutexBytes))
        .identity("a pthread mutex"),
    Row(Ext::MutexLock, "__bpor_pthread_mutex_lock", Plain)
        .pending(K::Lock, P::Sync)
        .access(syncAt(0, MutexBytes))
        .enabledWhen(Enabling::MutexAvailable)
        .identity("a pthread mutex"),
    Row(Ext::MutexTrylock, "__bpor_pthread_mutex_trylock", Plain)
        .pending(K::Trylock, P::Sync)
        .access(syncAt(0, MutexBytes))
        .identity("a pthread mutex"),
    Row(Ext::MutexUnlock, "__bpor_pthread_mutex_unlock", Plain)
        .pending(K::Unlock, P::Sync)
        .access(syncAt(0, MutexBytes))
        .identity("a pthread mutex"),
    // Attribute objects are the caller's private data in practice: not visible.
    Row(Ext::MutexattrInit, "__bpor_pthread_mutexattr_init", Plain),
    Row(Ext::MutexattrDestroy, "__bpor_pthread_mutexattr_destroy", Plain),
    Row(Ext::MutexattrSettype, "__bpor_pthread_mutexattr_settype", Plain),
    Row(Ext::CondInit, "__bpor_pthread_cond_init", Plain)
        .pending(K::Other, P::Sync)
        .access(syncAt(0, CondBytes))
        .identity("a condition variable"),
    Row(Ext::CondDestroy, "__bpor_pthread_cond_destroy", Plain)
        .pending(K::Other, P::Sync)
        .access(syncAt(0, CondBytes))
        .identity("a condition variable"),
    Row(Ext::CondWait, "__bpor_pthread_cond_wait", Plain)
        .pending(K::CondWait, P::Sync)
        .access(syncAt(0, CondBytes))
        .access(syncAt(1, MutexBytes))
        .identity("a condition variable"),
    // The clock variant (what libstdc++'s timed waits call) takes the clock before the time.
    // A timed wait may time out or not whatever the time; a timeout moves the clock to the
    // deadline, so the wake half also writes the clock (PerformSync.cpp).
    Row(Ext::CondTimedwait, "__bpor_pthread_cond_timedwait pthread_cond_clockwait", Plain)
        .pending(K::CondWait, P::Sync)
        .access(syncAt(0, CondBytes))
        .access(syncAt(1, MutexBytes))
        .identity("a condition variable"),
    Row(Ext::CondSignal, "__bpor_pthread_cond_signal", Plain)
        .pending(K::CondSignal, P::Sync)
        .access(syncAt(0, CondBytes))
        .identity("a condition variable"),
    Row(Ext::CondBroadcast, "__bpor_pthread_cond_broadcast", Plain)
        .pending(K::CondBroadcast, P::Sync)
        .access(syncAt(0, CondBytes))
        .identity("a condition variable"),
    Row(Ext::RwlockInit, "__bpor_pthread_rwlock_init", Plain)
        .pending(K::Other, P::Sync)
        .access(syncAt(0, RwlockBytes))
        .identity("a read-write lock"),
    Row(Ext::RwlockDestroy, "__bpor_pthread_rwlock_destroy", Plain)
        .pending(K::Other, P::Sync)
        .access(syncAt(0, RwlockBytes))
        .identity("a read-write lock"),
    Row(Ext::RwlockRdlock, "__bpor_pthread_rwlock_rdlock", Plain)
        .pending(K::RwRdlock, P::Sync)
        .access(syncAt(0, RwlockBytes))
        .enabledWhen(Enabling::RwlockReadable)
        .identity("a read-write lock"),
    Row(Ext::RwlockWrlock, "__bpor_pthread_rwlock_wrlock", Plain)
        .pending(K::RwWrlock, P::Sync)
        .access(syncAt(0, RwlockBytes))
        .enabledWhen(Enabling::RwlockWritable)
        .identity("a read-write lock"),
    Row(Ext::RwlockTryrdlock, "__bpor_pthread_rwlock_tryrdlock", Plain)
        .pending(K::Trylock, P::Sync)
        .access(syncAt(0, RwlockBytes))
        .identity("a read-write lock"),
    Row(Ext::RwlockTrywrlock, "__bpor_pthread_rwlock_trywrlock", Plain)
        .pending(K::Trylock, P::Sync)
        .access(syncAt(0, RwlockBytes))
        .identity("a read-write lock"),
    Row(Ext::RwlockUnlock, "__bpor_pthread_rwlock_unlock", Plain)
        .pending(K::RwUnlock, P::Sync)
        .access(syncAt(0, RwlockBytes))
        .identity("a read-write lock"),
    Row(Ext::BarrierInit, "__bpor_pthread_barrier_init", Plain)
        .pending(K::Other, P::Sync)
        .access(syncAt(0, BarrierBytes))
        .identity("a barrier"),
    Row(Ext::BarrierDestroy, "__bpor_pthread_barrier_destroy", Plain)
        .pending(K::Other, P::Sync)
        .access(syncAt(0, BarrierBytes))
        .identity("a barrier"),
    // Waits in a second part (Stage::BarrierDepart) until the barrier is complete.
    Row(Ext::BarrierWait, "__bpor_pthread_barrier_wait", Plain)
        .pending(K::BarrierWait, P::Sync)
        .access(syncAt(0, BarrierBytes))
        .identity("a barrier"),
    Row(Ext::SemInit, "__bpor_sem_init", Plain)
        .pending(K::Other, P::Sync)
        .access(syncAt(0, SemBytes))
        .identity("a semaphore"),
    Row(Ext::SemDestroy, "__bpor_sem_destroy", Plain)
        .pending(K::Other, P::Sync)
        .access(syncAt(0, SemBytes))
        .identity("a semaphore"),
    Row(Ext::SemWait, "__bpor_sem_wait", Plain)
        .pending(K::SemWait, P::Sync)
        .access(syncAt(0, SemBytes))
        .enabledWhen(Enabling::SemaphorePositive)
        .identity("a semaphore"),
    Row(Ext::SemTrywait, "__bpor_sem_trywait", Plain)
        .pending(K::Trylock, P::Sync)
        .access(syncAt(0, SemBytes))
        .identity("a semaphore"),
    Row(Ext::SemPost, "__bpor_sem_post", Plain)
        .pending(K::SemPost, P::Sync)
        .access(syncAt(0, SemBytes))
        .identity("a semaphore"),
    Row(Ext::SemGetvalue, "__bpor_sem_getvalue", Plain)
        .pending(K::Other, P::Sync)
        .access(syncAt(0, SemBytes))
        .access(bytesAt(1, 4, true))
        .identity("a semaphore"),
    // (once control, location), from the pass's lowering of pthread_once.
    Row(Ext::OnceBegin, "__bpor_once_begin")
        .pending(K::Once, P::Sync, 1)
        .access(syncAt(0, OnceBytes))
        .enabledWhen(Enabling::OnceNotRunning)
        .identity("pthread_once"),
    Row(Ext::OnceEnd, "__bpor_once_end")
        .pending(K::OnceEnd, P::Sync, 1)
        .access(syncAt(0, OnceBytes))
        .identity("pthread_once"),
    Row(Ext::OnceAbort, "__bpor_once_abort")
        .pending(K::OnceEnd, P::Sync, 1)
        .access(syncAt(0, OnceBytes))
        .identity("pthread_once"),
    // pthread_once reached without the pass's lowering (through a pointer): refused.
    Row(Ext::OnceUnlowered, "pthread_once").identity("pthread_once"),
    // Keys are numbers in one table of the process, not objects.
    Row(Ext::KeyCreate, "__bpor_pthread_key_create", Plain)
        .pending(K::Other, P::Sync)
        .access(writes(AccessAt::KeyTable))
        .access(bytesAt(0, 4, true))
        .identity("thread-specific data"),
    Row(Ext::KeyDelete, "__bpor_pthread_key_delete", Plain)
        .pending(K::Other, P::Sync)
        .access(writes(AccessAt::KeyTable))
        .identity("thread-specific data"),
    Row(Ext::Getspecific, "__bpor_pthread_getspecific", Plain).identity("thread-specific data"),
    Row(Ext::Setspecific, "__bpor_pthread_setspecific", Plain).identity("thread-specific data"),
    Row(Ext::AttrInit, "__bpor_pthread_attr_init", Plain),
    Row(Ext::AttrDestroy, "__bpor_pthread_attr_destroy", Plain),
    Row(Ext::AttrSetdetachstate, "__bpor_pthread_attr_setdetachstate", Plain),
    // Threads-API functions added after the pass's routing table: modelled under their plain
    // names (the pass leaves them alone).
    Row(Ext::AttrGetdetachstate, "pthread_attr_getdetachstate"),
    Row(Ext::AttrSetstacksize, "pthread_attr_setstacksize"),
    Row(Ext::AttrGetstacksize, "pthread_attr_getstacksize"),
    Row(Ext::AttrSetIgnored, "pthread_attr_setguardsize pthread_attr_setscope "
                             "pthread_attr_setschedpolicy pthread_attr_setschedparam "
                             "pthread_attr_setinheritsched"),
    Row(Ext::MutexattrGettype, "pthread_mutexattr_gettype"),
    Row(Ext::MutexattrSetIgnored, "pthread_mutexattr_setpshared pthread_mutexattr_setprotocol"),
    Row(Ext::AttrInitIgnored, "pthread_condattr_init pthread_condattr_destroy "
                              "pthread_condattr_setclock pthread_condattr_setpshared "
                              "pthread_rwlockattr_init pthread_rwlockattr_destroy "
                              "pthread_barrierattr_init pthread_barrierattr_destroy"),
    Row(Ext::SetnameIgnored, "pthread_setname_np"),
    // A timed operation may time out or not, whatever the time: a try. A timeout moves the
    // clock to the deadline (POSIX: it has passed), so it writes the clock.
    Row(Ext::MutexTimedlock, "pthread_mutex_timedlock pthread_mutex_clocklock")
        .pending(K::Trylock, P::Sync)
        .access(syncAt(0, MutexBytes))
        .access(writes(AccessAt::Clock))
        .identity("a pthread mutex"),
    Row(Ext::SemTimedwait, "sem_timedwait")
        .pending(K::Trylock, P::Sync)
        .access(syncAt(0, SemBytes))
        .access(writes(AccessAt::Clock))
        .identity("a semaphore"),
    Row(Ext::SpinInit, "pthread_spin_init")
        .pending(K::Other, P::Sync)
        .access(syncAt(0, SpinBytes))
        .identity("a spin lock"),
    Row(Ext::SpinDestroy, "pthread_spin_destroy")
        .pending(K::Other, P::Sync)
        .access(syncAt(0, SpinBytes))
        .identity("a spin lock"),
    Row(Ext::SpinLock, "pthread_spin_lock")
        .pending(K::Lock, P::Sync)
        .access(syncAt(0, SpinBytes))
        .enabledWhen(Enabling::MutexAvailable)
        .identity("a spin lock"),
    Row(Ext::SpinTrylock, "pthread_spin_trylock")
        .pending(K::Trylock, P::Sync)
        .access(syncAt(0, SpinBytes))
        .identity("a spin lock"),
    Row(Ext::SpinUnlock, "pthread_spin_unlock")
        .pending(K::Unlock, P::Sync)
        .access(syncAt(0, SpinBytes))
        .identity("a spin lock"),
    Row(Ext::Cancel, "pthread_cancel").identity("pthread_cancel"),
    // pthread_cleanup_push/pop as glibc's macros expand them in C: the handler's buffer, set by
    // __sigsetjmp, is registered with the thread and unregistered; pthread_exit jumps to the
    // latest one, whose handler runs and goes on with __pthread_unwind_next. Only the thread's
    // own record changes: answered at the call.
    Row(Ext::CleanupPush, "__pthread_register_cancel __pthread_register_cancel_defer")
        .identity("pthread_cleanup_push"),
    Row(Ext::CleanupPop, "__pthread_unregister_cancel __pthread_unregister_cancel_restore")
        .identity("pthread_cleanup_push"),
    Row(Ext::CleanupUnwind, "__pthread_unwind_next").identity("pthread_cleanup_push"),
    // Program start and end, per-thread state, time (Process.cpp). The exit-handler table and
    // the clock are shared state: the calls touching them are visible.
    Row(Ext::Atexit, "atexit").pending(K::Other, P::Process).access(writes(AccessAt::ExitTable)),
    Row(Ext::CxaAtexit, "__cxa_atexit")
        .pending(K::Other, P::Process)
        .access(writes(AccessAt::ExitTable)),
    Row(Ext::AtQuickExit, "at_quick_exit")
        .pending(K::Other, P::Process)
        .access(writes(AccessAt::ExitTable)),
    Row(Ext::QuickExit, "quick_exit").own(K::Exit, P::Process),
    Row(Ext::ImmediateExit, "_exit _Exit").own(K::Exit, P::Process), // no handlers
    Row(Ext::CxaThreadAtexit, "__cxa_thread_atexit __cxa_thread_atexit_impl")
        .identity("a thread_local destructor"),
    Row(Ext::ThreadLocalAddress, "__bpor_thread_local_address"),
    Row(Ext::ErrnoLocation, "__errno_location"),
    // clock_gettime(clock, struct timespec *): two longs.
    Row(Ext::ClockGettime, "clock_gettime")
        .pending(K::Other, P::Process)
        .access(writes(AccessAt::Clock))
        .access(optionalWords(1, 2, true)),
    Row(Ext::Time, "time")
        .pending(K::Other, P::Process)
        .access(writes(AccessAt::Clock))
        .access(optionalWords(0, 1, true)),
    // gettimeofday(struct timeval *, timezone *): two longs.
    Row(Ext::Gettimeofday, "gettimeofday")
        .pending(K::Other, P::Process)
        .access(writes(AccessAt::Clock))
        .access(optionalWords(0, 2, true)),
    Row(Ext::Clock, "clock").pending(K::Other, P::Process).access(writes(AccessAt::Clock)),
    // Sleeping lets the others run: a yield, which also advances the clock.
    Row(Ext::Nanosleep, "nanosleep")
        .pending(K::Yield, P::Process)
        .access(writes(AccessAt::Clock))
        .access(optionalWords(0, 2, false)),
    // libc (Libc.cpp). The string functions' footprints depend on the bytes they reach; they
    // are performed at the call when that touches nothing shared.
    Row(Ext::Malloc, "malloc"),
    Row(Ext::Calloc, "calloc"),
    Row(Ext::Realloc, "realloc").own(K::Free, P::Libc),
    Row(Ext::Free, "free").own(K::Free, P::Libc).readsNoPointee(),
    Row(Ext::Memcpy, "memcpy").own(K::MemoryCopy, P::Libc),
    Row(Ext::Memmove, "memmove").own(K::MemoryCopy, P::Libc),
    Row(Ext::Memset, "memset").own(K::MemoryCopy, P::Libc),
    // clang turns memcmp(...) == 0 into bcmp at -O2.
    Row(Ext::Memcmp, "memcmp bcmp").own(K::MemoryCopy, P::Libc),
    Row(Ext::Strlen, "strlen").own(K::MemoryCopy, P::Libc),
    Row(Ext::Strcmp, "strcmp").own(K::MemoryCopy, P::Libc),
    Row(Ext::Strncmp, "strncmp").own(K::MemoryCopy, P::Libc),
    Row(Ext::Strcpy, "strcpy").own(K::MemoryCopy, P::Libc),
    Row(Ext::Strncpy, "strncpy").own(K::MemoryCopy, P::Libc),
    Row(Ext::Strcat, "strcat").own(K::MemoryCopy, P::Libc),
    Row(Ext::Strchr, "strchr index").own(K::MemoryCopy, P::Libc),
    Row(Ext::Strdup, "strdup").own(K::MemoryCopy, P::Libc),
    // The output functions read memory (the format, %s arguments, puts' string) and the sprintf
    // family writes it: visible when any of that may be shared (Execution::pauseWithFootprint).
    Row(Ext::Printf, "printf").own(K::MemoryCopy, P::AtCall),
    Row(Ext::Puts, "puts").own(K::MemoryCopy, P::AtCall),
    Row(Ext::Putchar, "putchar"),
    Row(Ext::Fprintf, "fprintf").own(K::MemoryCopy, P::AtCall),
    Row(Ext::Sprintf, "sprintf").own(K::MemoryCopy, P::AtCall),
    Row(Ext::Snprintf, "snprintf").own(K::MemoryCopy, P::AtCall),
    Row(Ext::Atoi, "atoi").own(K::MemoryCopy, P::Libc),
    Row(Ext::Atol, "atol atoll").own(K::MemoryCopy, P::Libc),
    Row(Ext::Strtol, "strtol strtoll").own(K::MemoryCopy, P::Libc),
    Row(Ext::Strtoul, "strtoul strtoull").own(K::MemoryCopy, P::Libc),
    Row(Ext::Strrchr, "strrchr rindex").own(K::MemoryCopy, P::Libc),
    Row(Ext::Strnlen, "strnlen").own(K::MemoryCopy, P::Libc),
    Row(Ext::Memchr, "memchr").own(K::MemoryCopy, P::Libc),
    Row(Ext::Strstr, "strstr").own(K::MemoryCopy, P::Libc),
    Row(Ext::Strncat, "strncat").own(K::MemoryCopy, P::Libc),
    Row(Ext::PosixMemalign, "posix_memalign").own(K::MemoryCopy, P::Libc),
    Row(Ext::AlignedAlloc, "aligned_alloc memalign"),
    Row(Ext::Fflush, "fflush"),
    Row(Ext::Fputs, "fputs").own(K::MemoryCopy, P::AtCall),
    Row(Ext::Fputc, "fputc putc"),
    Row(Ext::Getenv, "getenv secure_getenv"),
    Row(Ext::AssertBsd, "__assert"), // (assertion, file, line)
    Row(Ext::Abs, "abs"),
    Row(Ext::Labs, "labs llabs"),
    Row(Ext::Rand, "rand").pending(K::Other, P::Process).access(writes(AccessAt::RandomState)),
    Row(Ext::Srand, "srand").pending(K::Other, P::Process).access(writes(AccessAt::RandomState)),
    Row(Ext::Sleep, "sleep").pending(K::Yield, P::Process).access(writes(AccessAt::Clock)),
    Row(Ext::Usleep, "usleep").pending(K::Yield, P::Process).access(writes(AccessAt::Clock)),
    Row(Ext::Strspn, "strspn").own(K::MemoryCopy, P::Libc),
    Row(Ext::Strcspn, "strcspn").own(K::MemoryCopy, P::Libc),
    Row(Ext::Strpbrk, "strpbrk").own(K::MemoryCopy, P::Libc),
    Row(Ext::Strcasecmp, "strcasecmp").own(K::MemoryCopy, P::Libc),
    Row(Ext::Strncasecmp, "strncasecmp").own(K::MemoryCopy, P::Libc),
    Row(Ext::Atof, "atof").own(K::MemoryCopy, P::Libc),
    Row(Ext::Strtod, "strtod").own(K::MemoryCopy, P::Libc),
    Row(Ext::Strtof, "strtof").own(K::MemoryCopy, P::Libc),
    Row(Ext::Random, "random").pending(K::Other, P::Process).access(writes(AccessAt::RandomState)),
    Row(Ext::RandR, "rand_r").own(K::MemoryCopy, P::Libc),
    Row(Ext::Getpid, "getpid"),
    Row(Ext::Vprintf, "vprintf").own(K::MemoryCopy, P::AtCall),
    Row(Ext::Vfprintf, "vfprintf").own(K::MemoryCopy, P::AtCall),
    Row(Ext::Vsprintf, "vsprintf").own(K::MemoryCopy, P::AtCall),
    Row(Ext::Vsnprintf, "vsnprintf").own(K::MemoryCopy, P::AtCall),
};

namespace {

constexpr bool rowsInOrder() {
  for (size_t i = 0; i < std::size(ExternalOpTable); ++i)
    if (uint32_t(ExternalOpTable[i].id) != i)
      return false;
  return std::size(ExternalOpTable) == size_t(Ext::Last) + 1;
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
      if (op.alsoPlain && name.starts_with(BporPrefix))
        registry.add(name.substr(BporPrefix.size()), uint32_t(op.id));
    });
}

std::vector<std::string> modelledFunctionNames() {
  std::vector<std::string> names;
  for (const ExternalOp &op : ExternalOpTable)
    forEachName(op, [&](std::string_view name) {
      if (!name.starts_with(BporPrefix))
        names.emplace_back(name);
      else if (op.alsoPlain)
        names.emplace_back(name.substr(BporPrefix.size()));
    });
  return names;
}

} // namespace bpor::runtime
