// Thread-local variables (_Thread_local, __thread) and errno are per thread: each thread starts
// from the initial value, and sem_trywait's EAGAIN is seen only by the thread that failed.
// RUN: %bporcheck %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck -DBAD %s | %FileCheck --check-prefix=BAD %s
// CHECK: verdict: ok: no error in any schedule (optimal DPOR, 2 executions)
// BAD: error: assertion failure: assertion 'counter == 11' failed
// BAD-NEXT: in thread 2 (worker) at
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
_Thread_local int counter = 10;
__thread int *mine;
sem_t s;
void *worker(void *arg) {
  assert(counter == 10);
  counter += (int)(long)arg;
  mine = &counter;
  assert(sem_trywait(&s) == -1 && errno == EAGAIN);
  assert(*mine == 10 + (int)(long)arg);
#ifdef BAD
  assert(counter == 11); // thread 2 has 12
#endif
  return 0;
}
int main(void) {
  sem_init(&s, 0, 0);
  errno = 0;
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, (void *)1);
  pthread_create(&t2, 0, worker, (void *)2);
  counter = 3;
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  assert(errno == 0);
  assert(counter == 3);
  return 0;
}
