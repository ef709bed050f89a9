/* The bporcheck runtime ABI: every function the instrumentation pass (passes/) emits a call to.
 *
 * The pass rewrites a program's visible operations into calls to these functions; the embedded
 * interpreter (interp/) dispatches each call to its handler in runtime/. Nothing here is ever
 * compiled natively: this header documents the contract and is checked against the handlers by
 * the runtime's tests. C, so that it reads like what the pass emits.
 *
 * Conventions
 * - `loc` is a source-location id: an index into the module's constant array
 *   @__bpor_source_locations (type [N x { ptr file, i32 line, i32 column }]) that the pass
 *   creates from debug info; 0 is "unknown" and entry 0 is a placeholder.
 * - `size` is in bytes. Values of up to 8 bytes travel as uint64_t: integers zero-extended,
 *   float/double bit-cast, pointers converted with ptrtoint. Larger or aggregate values go
 *   through the *_bytes functions and a private buffer.
 * - `order` is an llvm::AtomicOrdering value (0 not atomic, 2 monotonic, 4 acquire, 5 release,
 *   6 acq_rel, 7 seq_cst), plus 0x100 (the protocol flag) on an access the compiler made as part
 *   of the C++ ABI's own protocol (the acquire load of a function-local static's guard), or
 *   0x200 (the caller's flag) on an access in a function of std::atomic's interface that is not
 *   inlined into the program (std::atomic<bool>::load at -O0): its caller chose the order. The
 *   checker explores sequentially consistent executions; an order weaker than seq_cst in the
 *   program's own code is a coverage gap the verdict names (runtime/Perform.cpp).
 * - A call of these functions whose result the program never uses (an atomicrmw's, a
 *   pthread_barrier_wait's, discarded or stored only to a temporary nobody reads) carries the
 *   metadata !bpor.ignored: such an update commutes with others of its kind
 *   (passes/IgnoredResults.h, docs/design.md "Commuting updates").
 * - Functions with concurrency semantics keep their C signature and gain the prefix __bpor_:
 *   the pass renames a call to pthread_mutex_lock into a call to __bpor_pthread_mutex_lock.
 *   libc functions without concurrency semantics (malloc, printf, strlen, ...) keep their names
 *   and are modelled by the runtime under those names.
 */
#ifndef BPOR_ABI_H
#define BPOR_ABI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Memory accesses that may touch shared memory (each is a visible operation) ---- */
uint64_t __bpor_load(const void *addr, uint64_t size, uint32_t order, uint32_t loc);
void __bpor_store(void *addr, uint64_t value, uint64_t size, uint32_t order, uint32_t loc);
void __bpor_load_bytes(const void *addr, void *dst, uint64_t size, uint32_t order, uint32_t loc);
void __bpor_store_bytes(void *addr, const void *src, uint64_t size, uint32_t order, uint32_t loc);

/* atomicrmw; `op` is an llvm::AtomicRMWInst::BinOp value. Returns the old value. */
uint64_t __bpor_rmw(void *addr, uint64_t operand, uint64_t size, uint32_t op, uint32_t order,
                    uint32_t loc);
/* cmpxchg; returns the old value (the pass compares it with `expected` for the success flag). */
uint64_t __bpor_cmpxchg(void *addr, uint64_t expected, uint64_t desired, uint64_t size,
                        uint32_t success_order, uint32_t failure_order, uint32_t loc);
void __bpor_fence(uint32_t order, uint32_t loc);

/* llvm.memcpy/memmove/memset whose operands may be shared. */
void __bpor_memcpy(void *dst, const void *src, uint64_t n, uint32_t loc);
void __bpor_memmove(void *dst, const void *src, uint64_t n, uint32_t loc);
void __bpor_memset(void *dst, uint8_t byte, uint64_t n, uint32_t loc);
/* Just before a function with shared stack objects returns: visible (it frees them) when one of
   them is published, i.e. its address was stored where another thread may read it. */
void __bpor_frame_end(uint32_t loc);

/* ---- Scheduling ---- */
/* sched_yield(), and the yield the pass inserts on the back edge of a spin loop. */
int __bpor_sched_yield(void);
void __bpor_spin_yield(uint32_t loc);
/* The back edge of a loop whose iteration only reads and fails its compare-and-swaps (a
   test-and-set lock, a compare-and-swap retry loop): the spin yield above where the
   weak-memory search asks for it, else no operation at all. */
void __bpor_update_loop_yield(uint32_t loc);
/* A spin loop's iteration begins (at the loop's header) and ends (on its back edge, before the
   yield or assume there): `loop` numbers the module's spin loops. Not visible: they tell the
   weak-memory search which of the thread's operations the iteration made. */
void __bpor_spin_start(uint32_t loop);
void __bpor_spin_end(uint32_t loop);

/* ---- Errors and program exit ---- */
void __bpor_assert_fail(const char *assertion, const char *file, unsigned line,
                        const char *function);
void __bpor_reach_error(void);
void __bpor_abort(void);
void __bpor_exit(int status);

/* ---- SV-COMP ---- */
void __bpor_assume(int condition);
/* Every __VERIFIER_nondet_<type>() call becomes this: a data choice that the checker explores
 * over a finite domain. `bits` is the width of the result, `is_signed` its kind (core/
 * NondetKind.h: 0 unsigned, 1 signed, 2 the bits of a float or double); the pass truncates the
 * result to the declared type (a float's bits are reinterpreted as the float). */
uint64_t __bpor_nondet(uint32_t bits, uint32_t is_signed, uint32_t loc);
/* A nondet result the program only compares with constants becomes this: the checker draws one
 * of the `count` values at `values`, one of each class of values those comparisons cannot tell
 * apart (passes/NondetDomain.h), so that a plain-values search covers the input completely. */
uint64_t __bpor_nondet_among(uint32_t bits, uint32_t is_signed, uint32_t loc,
                             const uint64_t *values, uint32_t count);
/* __VERIFIER_atomic_begin/end, and around every call of a __VERIFIER_atomic_* function. */
void __bpor_atomic_begin(uint32_t loc, const uint64_t *footprint, uint32_t ranges);
void __bpor_atomic_end(uint32_t loc);

/* ---- Thread-local variables ---- */
/* Every llvm.threadlocal.address(@g) (and any other use of a thread_local global @g) becomes
 * this: the calling thread's copy of @g (thread 0 uses @g itself). */
void *__bpor_thread_local_address(void *global);

/* ---- POSIX threads (C signatures as in <pthread.h>; opaque types as void *) ---- */
int __bpor_pthread_create(void *thread, const void *attr, void *(*start)(void *), void *arg);
int __bpor_pthread_join(uint64_t thread, void **retval);
void __bpor_pthread_exit(void *retval);
uint64_t __bpor_pthread_self(void);
int __bpor_pthread_equal(uint64_t a, uint64_t b);
int __bpor_pthread_detach(uint64_t thread);

int __bpor_pthread_mutex_init(void *mutex, const void *attr);
int __bpor_pthread_mutex_destroy(void *mutex);
int __bpor_pthread_mutex_lock(void *mutex);
int __bpor_pthread_mutex_trylock(void *mutex);
int __bpor_pthread_mutex_unlock(void *mutex);
int __bpor_pthread_mutexattr_init(void *attr);
int __bpor_pthread_mutexattr_destroy(void *attr);
int __bpor_pthread_mutexattr_settype(void *attr, int type);

int __bpor_pthread_cond_init(void *cond, const void *attr);
int __bpor_pthread_cond_destroy(void *cond);
int __bpor_pthread_cond_wait(void *cond, void *mutex);
int __bpor_pthread_cond_timedwait(void *cond, void *mutex, const void *abstime);
int __bpor_pthread_cond_signal(void *cond);
int __bpor_pthread_cond_broadcast(void *cond);

int __bpor_pthread_rwlock_init(void *rwlock, const void *attr);
int __bpor_pthread_rwlock_destroy(void *rwlock);
int __bpor_pthread_rwlock_rdlock(void *rwlock);
int __bpor_pthread_rwlock_wrlock(void *rwlock);
int __bpor_pthread_rwlock_tryrdlock(void *rwlock);
int __bpor_pthread_rwlock_trywrlock(void *rwlock);
int __bpor_pthread_rwlock_unlock(void *rwlock);

int __bpor_pthread_barrier_init(void *barrier, const void *attr, unsigned count);
int __bpor_pthread_barrier_destroy(void *barrier);
int __bpor_pthread_barrier_wait(void *barrier);

int __bpor_sem_init(void *sem, int pshared, unsigned value);
int __bpor_sem_destroy(void *sem);
int __bpor_sem_wait(void *sem);
int __bpor_sem_trywait(void *sem);
int __bpor_sem_post(void *sem);
int __bpor_sem_getvalue(void *sem, int *value);

/* pthread_once(control, routine) is lowered by the pass to
 *   if (__bpor_once_begin(control, loc)) { routine(); __bpor_once_end(control, loc); }
 * (in C++ the routine runs under a cleanup that calls __bpor_once_abort if it throws)
 * with result 0. once_begin waits while another thread runs the routine and returns 1 to the
 * thread that must run it, 0 once it has run; once_end marks it done and lets the waiters go. */
int __bpor_once_begin(void *control, uint32_t loc);
void __bpor_once_end(void *control, uint32_t loc);
/* The routine ended by an exception (C++ only: the lowering then runs the routine under a
   cleanup): the control is as if never run, and the next caller runs the routine. */
void __bpor_once_abort(void *control, uint32_t loc);
int __bpor_pthread_key_create(void *key, void (*destructor)(void *));
int __bpor_pthread_key_delete(uint32_t key);
void *__bpor_pthread_getspecific(uint32_t key);
int __bpor_pthread_setspecific(uint32_t key, const void *value);

/* pthread_attr_* calls are accepted and ignored (detach state is honoured). Later additions to
 * the threads API (spin locks, timed locks, attribute getters, ...) are modelled under their
 * plain C names, which the pass leaves alone: core/ModelledFunctions.def lists them. */
int __bpor_pthread_attr_init(void *attr);
int __bpor_pthread_attr_destroy(void *attr);
int __bpor_pthread_attr_setdetachstate(void *attr, int state);

#ifdef __cplusplus
}
#endif

#endif /* BPOR_ABI_H */
