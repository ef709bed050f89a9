// Locking a mutex after pthread_mutex_destroy is undefined behaviour: reported as misuse of the
// threads API at the lock, in the schedule where the destroy comes first (not taken for a
// fresh mutex). pthread_mutex_init makes it usable again; a spin lock is the same.
// RUN: %expect-exit 1 %bporcheck %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck -DSPIN %s | %FileCheck --check-prefix=SPIN %s
// RUN: %bporcheck -DREINIT %s | %FileCheck --check-prefix=REINIT %s
// CHECK: error: threads API misuse: pthread_mutex_lock: the lock was destroyed and not initialised again
// CHECK-NEXT: in thread 1 (worker) at {{.*}}mutex_destroyed.c:[[@LINE+22]]:
// CHECK: verdict: error
// SPIN: pthread_spin_lock: the lock was destroyed and not initialised again
// REINIT: verdict: ok: no error in any schedule
#include <pthread.h>

#ifdef SPIN
pthread_spinlock_t m;
#define INIT() pthread_spin_init(&m, 0)
#define LOCK() pthread_spin_lock(&m)
#define UNLOCK() pthread_spin_unlock(&m)
#define DESTROY() pthread_spin_destroy(&m)
#else
pthread_mutex_t m;
#define INIT() pthread_mutex_init(&m, 0)
#define LOCK() pthread_mutex_lock(&m)
#define UNLOCK() pthread_mutex_unlock(&m)
#define DESTROY() pthread_mutex_destroy(&m)
#endif
int counter;

void *worker(void *arg) {
  LOCK();
  ++counter;
  UNLOCK();
  return 0;
}

int main(void) {
  INIT();
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
#ifdef REINIT
  pthread_join(t, 0);
  DESTROY();
  INIT(); // usable again
  LOCK();
  UNLOCK();
  DESTROY();
#else
  // The worker is not joined before the destroy: in some schedules it locks afterwards.
  DESTROY();
  pthread_join(t, 0);
#endif
  return 0;
}
