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
    {"__bpor_exit", Ext::Exit, true},
    {"__bpor_assume", Ext::Assume, false},
    {"__bpor_nondet", Ext::Nondet, false},
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
    {"abs", Ext::Abs, false},
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

} // namespace bpor::runtime
