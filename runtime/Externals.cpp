#include "runtime/Externals.h"

#include <string>

namespace bpor::runtime {

namespace {

struct Entry {
  const char *name;
  Ext id;
  bool alsoPlain; // also register the name without the __bpor_ prefix
};

constexpr Entry Entries[] = {
    {"__bpor_load", Ext::Load, false},
    {"__bpor_store", Ext::Store, false},
    {"__bpor_load_bytes", Ext::LoadBytes, false},
    {"__bpor_store_bytes", Ext::StoreBytes, false},
    {"__bpor_rmw", Ext::Rmw, false},
    {"__bpor_cmpxchg", Ext::Cmpxchg, false},
    {"__bpor_fence", Ext::Fence, false},
    {"__bpor_memcpy", Ext::BporMemcpy, false},
    {"__bpor_memmove", Ext::BporMemmove, false},
    {"__bpor_memset", Ext::BporMemset, false},
    {"__bpor_sched_yield", Ext::SchedYield, true},
    {"__bpor_spin_yield", Ext::SpinYield, false},
    {"__bpor_assert_fail", Ext::AssertFail, false},
    {"__assert_fail", Ext::AssertFail, false},
    {"__bpor_reach_error", Ext::ReachError, true},
    {"__bpor_abort", Ext::Abort, true},
    {"__bpor_cxx_throw", Ext::CxxThrow, false},
    {"__bpor_cxx_terminate", Ext::CxxTerminate, false},
    {"__bpor_futex_wait", Ext::FutexWait, false},
    {"setjmp", Ext::Setjmp, false},
    {"_setjmp", Ext::Setjmp, false},
    {"__sigsetjmp", Ext::Setjmp, false},
    {"sigsetjmp", Ext::Setjmp, false},
    {"longjmp", Ext::Longjmp, false},
    {"_longjmp", Ext::Longjmp, false},
    {"siglongjmp", Ext::Longjmp, false},
    {"__longjmp_chk", Ext::Longjmp, false},
    {"__bpor_exit", Ext::Exit, true},
    {"__bpor_assume", Ext::Assume, false},
    {"__bpor_nondet", Ext::Nondet, false},
    {"__bpor_nondet_among", Ext::Nondet, false},
    {"__bpor_atomic_begin", Ext::AtomicBegin, false},
    {"__bpor_atomic_end", Ext::AtomicEnd, false},
    {"__bpor_pthread_create", Ext::ThreadCreate, true},
    {"__bpor_pthread_join", Ext::ThreadJoin, true},
    {"__bpor_pthread_exit", Ext::ThreadExit, true},
    {"__bpor_pthread_self", Ext::ThreadSelf, true},
    {"__bpor_pthread_equal", Ext::ThreadEqual, true},
    {"__bpor_pthread_detach", Ext::ThreadDetach, true},
    {"__bpor_pthread_mutex_init", Ext::MutexInit, true},
    {"__bpor_pthread_mutex_destroy", Ext::MutexDestroy, true},
    {"__bpor_pthread_mutex_lock", Ext::MutexLock, true},
    {"__bpor_pthread_mutex_trylock", Ext::MutexTrylock, true},
    {"__bpor_pthread_mutex_unlock", Ext::MutexUnlock, true},
    {"__bpor_pthread_mutexattr_init", Ext::MutexattrInit, true},
    {"__bpor_pthread_mutexattr_destroy", Ext::MutexattrDestroy, true},
    {"__bpor_pthread_mutexattr_settype", Ext::MutexattrSettype, true},
    {"__bpor_pthread_cond_init", Ext::CondInit, true},
    {"__bpor_pthread_cond_destroy", Ext::CondDestroy, true},
    {"__bpor_pthread_cond_wait", Ext::CondWait, true},
    {"__bpor_pthread_cond_timedwait", Ext::CondTimedwait, true},
    {"__bpor_pthread_cond_signal", Ext::CondSignal, true},
    {"__bpor_pthread_cond_broadcast", Ext::CondBroadcast, true},
    {"__bpor_pthread_rwlock_init", Ext::RwlockInit, true},
    {"__bpor_pthread_rwlock_destroy", Ext::RwlockDestroy, true},
    {"__bpor_pthread_rwlock_rdlock", Ext::RwlockRdlock, true},
    {"__bpor_pthread_rwlock_wrlock", Ext::RwlockWrlock, true},
    {"__bpor_pthread_rwlock_tryrdlock", Ext::RwlockTryrdlock, true},
    {"__bpor_pthread_rwlock_trywrlock", Ext::RwlockTrywrlock, true},
    {"__bpor_pthread_rwlock_unlock", Ext::RwlockUnlock, true},
    {"__bpor_pthread_barrier_init", Ext::BarrierInit, true},
    {"__bpor_pthread_barrier_destroy", Ext::BarrierDestroy, true},
    {"__bpor_pthread_barrier_wait", Ext::BarrierWait, true},
    {"__bpor_sem_init", Ext::SemInit, true},
    {"__bpor_sem_destroy", Ext::SemDestroy, true},
    {"__bpor_sem_wait", Ext::SemWait, true},
    {"__bpor_sem_trywait", Ext::SemTrywait, true},
    {"__bpor_sem_post", Ext::SemPost, true},
    {"__bpor_sem_getvalue", Ext::SemGetvalue, true},
    {"__bpor_once_begin", Ext::OnceBegin, false},
    {"__bpor_once_end", Ext::OnceEnd, false},
    {"pthread_once", Ext::OnceUnlowered, false},
    {"__bpor_pthread_key_create", Ext::KeyCreate, true},
    {"__bpor_pthread_key_delete", Ext::KeyDelete, true},
    {"__bpor_pthread_getspecific", Ext::Getspecific, true},
    {"__bpor_pthread_setspecific", Ext::Setspecific, true},
    {"__bpor_pthread_attr_init", Ext::AttrInit, true},
    {"__bpor_pthread_attr_destroy", Ext::AttrDestroy, true},
    {"__bpor_pthread_attr_setdetachstate", Ext::AttrSetdetachstate, true},
    // Threads-API functions added after the pass's routing table: modelled under their plain
    // names (the pass leaves them alone).
    {"pthread_attr_getdetachstate", Ext::AttrGetdetachstate, false},
    {"pthread_attr_setstacksize", Ext::AttrSetstacksize, false},
    {"pthread_attr_getstacksize", Ext::AttrGetstacksize, false},
    {"pthread_attr_setguardsize", Ext::AttrSetIgnored, false},
    {"pthread_attr_setscope", Ext::AttrSetIgnored, false},
    {"pthread_attr_setschedpolicy", Ext::AttrSetIgnored, false},
    {"pthread_attr_setschedparam", Ext::AttrSetIgnored, false},
    {"pthread_attr_setinheritsched", Ext::AttrSetIgnored, false},
    {"pthread_mutexattr_gettype", Ext::MutexattrGettype, false},
    {"pthread_mutexattr_setpshared", Ext::MutexattrSetIgnored, false},
    {"pthread_mutexattr_setprotocol", Ext::MutexattrSetIgnored, false},
    {"pthread_condattr_init", Ext::AttrInitIgnored, false},
    {"pthread_condattr_destroy", Ext::AttrInitIgnored, false},
    {"pthread_condattr_setclock", Ext::AttrInitIgnored, false},
    {"pthread_condattr_setpshared", Ext::AttrInitIgnored, false},
    {"pthread_rwlockattr_init", Ext::AttrInitIgnored, false},
    {"pthread_rwlockattr_destroy", Ext::AttrInitIgnored, false},
    {"pthread_barrierattr_init", Ext::AttrInitIgnored, false},
    {"pthread_barrierattr_destroy", Ext::AttrInitIgnored, false},
    {"pthread_setname_np", Ext::SetnameIgnored, false},
    {"pthread_mutex_timedlock", Ext::MutexTimedlock, false},
    // The clock variants (what libstdc++'s timed waits call) take the clock before the time:
    // neither is read, a timed operation may time out or not either way.
    {"pthread_mutex_clocklock", Ext::MutexTimedlock, false},
    {"pthread_cond_clockwait", Ext::CondTimedwait, false},
    {"sem_timedwait", Ext::SemTimedwait, false},
    {"pthread_spin_init", Ext::SpinInit, false},
    {"pthread_spin_destroy", Ext::SpinDestroy, false},
    {"pthread_spin_lock", Ext::SpinLock, false},
    {"pthread_spin_trylock", Ext::SpinTrylock, false},
    {"pthread_spin_unlock", Ext::SpinUnlock, false},
    {"pthread_cancel", Ext::Cancel, false},
    // Program start and end, per-thread state, time.
    {"atexit", Ext::Atexit, false},
    {"__cxa_atexit", Ext::CxaAtexit, false},
    {"at_quick_exit", Ext::AtQuickExit, false},
    {"quick_exit", Ext::QuickExit, false},
    {"_exit", Ext::ImmediateExit, false},
    {"_Exit", Ext::ImmediateExit, false},
    {"__cxa_thread_atexit", Ext::CxaThreadAtexit, false},
    {"__cxa_thread_atexit_impl", Ext::CxaThreadAtexit, false},
    {"__bpor_thread_local_address", Ext::ThreadLocalAddress, false},
    {"__errno_location", Ext::ErrnoLocation, false},
    {"clock_gettime", Ext::ClockGettime, false},
    {"time", Ext::Time, false},
    {"gettimeofday", Ext::Gettimeofday, false},
    {"clock", Ext::Clock, false},
    {"nanosleep", Ext::Nanosleep, false},
    {"malloc", Ext::Malloc, false},
    {"calloc", Ext::Calloc, false},
    {"realloc", Ext::Realloc, false},
    {"free", Ext::Free, false},
    {"memcpy", Ext::Memcpy, false},
    {"memmove", Ext::Memmove, false},
    {"memset", Ext::Memset, false},
    {"memcmp", Ext::Memcmp, false},
    {"bcmp", Ext::Memcmp, false}, // clang turns memcmp(...) == 0 into bcmp at -O2
    {"strlen", Ext::Strlen, false},
    {"strcmp", Ext::Strcmp, false},
    {"strncmp", Ext::Strncmp, false},
    {"strcpy", Ext::Strcpy, false},
    {"strncpy", Ext::Strncpy, false},
    {"strcat", Ext::Strcat, false},
    {"strchr", Ext::Strchr, false},
    {"strdup", Ext::Strdup, false},
    {"printf", Ext::Printf, false},
    {"puts", Ext::Puts, false},
    {"putchar", Ext::Putchar, false},
    {"fprintf", Ext::Fprintf, false},
    {"sprintf", Ext::Sprintf, false},
    {"snprintf", Ext::Snprintf, false},
    {"atoi", Ext::Atoi, false},
    {"atol", Ext::Atol, false},
    {"atoll", Ext::Atol, false},
    {"strtol", Ext::Strtol, false},
    {"strtoll", Ext::Strtol, false},
    {"strtoul", Ext::Strtoul, false},
    {"strtoull", Ext::Strtoul, false},
    {"strrchr", Ext::Strrchr, false},
    {"strnlen", Ext::Strnlen, false},
    {"memchr", Ext::Memchr, false},
    {"strstr", Ext::Strstr, false},
    {"strncat", Ext::Strncat, false},
    {"posix_memalign", Ext::PosixMemalign, false},
    {"aligned_alloc", Ext::AlignedAlloc, false},
    {"memalign", Ext::AlignedAlloc, false},
    {"fflush", Ext::Fflush, false},
    {"fputs", Ext::Fputs, false},
    {"fputc", Ext::Fputc, false},
    {"putc", Ext::Fputc, false},
    {"getenv", Ext::Getenv, false},
    {"secure_getenv", Ext::Getenv, false},
    {"__assert", Ext::AssertBsd, false},
    {"abs", Ext::Abs, false},
    {"labs", Ext::Labs, false},
    {"llabs", Ext::Labs, false},
    {"rand", Ext::Rand, false},
    {"srand", Ext::Srand, false},
    {"sleep", Ext::Sleep, false},
    {"usleep", Ext::Usleep, false},
};

} // namespace

void registerExternals(ExternalRegistry &registry) {
  constexpr std::string_view Prefix = "__bpor_";
  for (const Entry &entry : Entries) {
    registry.add(entry.name, uint32_t(entry.id));
    if (entry.alsoPlain)
      registry.add(std::string_view(entry.name).substr(Prefix.size()), uint32_t(entry.id));
  }
}

std::vector<std::string> modelledFunctionNames() {
  constexpr std::string_view Prefix = "__bpor_";
  std::vector<std::string> names;
  for (const Entry &entry : Entries) {
    std::string_view name = entry.name;
    if (name.substr(0, Prefix.size()) != Prefix)
      names.emplace_back(name);
    else if (entry.alsoPlain)
      names.emplace_back(name.substr(Prefix.size()));
  }
  return names;
}

} // namespace bpor::runtime
