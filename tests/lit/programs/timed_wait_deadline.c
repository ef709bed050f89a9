// A timed wait that times out returns only once its deadline has passed (POSIX): after
// ETIMEDOUT the clock reads at least the deadline, for pthread_cond_timedwait,
// pthread_mutex_timedlock and sem_timedwait alike. Each may time out or not, whatever the time.
// RUN: %bporcheck %s | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule (optimal DPOR, 18 executions)
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <time.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t held = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
sem_t sem;
int ready;

void *producer(void *arg) {
  pthread_mutex_lock(&m);
  ready = 1;
  pthread_cond_signal(&c);
  pthread_mutex_unlock(&m);
  return 0;
}

void *holder(void *arg) {
  pthread_mutex_lock(&held);
  pthread_mutex_unlock(&held);
  sem_post(&sem);
  return 0;
}

static void assertPassed(const struct timespec *deadline) {
  struct timespec now;
  clock_gettime(CLOCK_REALTIME, &now);
  assert(now.tv_sec > deadline->tv_sec ||
         (now.tv_sec == deadline->tv_sec && now.tv_nsec >= deadline->tv_nsec));
}

int main(void) {
  sem_init(&sem, 0, 0);
  pthread_t p, h;
  pthread_create(&p, 0, producer, 0);
  pthread_create(&h, 0, holder, 0);
  struct timespec deadline;
  clock_gettime(CLOCK_REALTIME, &deadline);
  deadline.tv_sec += 1;
  pthread_mutex_lock(&m);
  while (!ready)
    if (pthread_cond_timedwait(&c, &m, &deadline) == ETIMEDOUT) {
      assertPassed(&deadline);
      break;
    }
  pthread_mutex_unlock(&m);
  deadline.tv_sec += 1;
  if (pthread_mutex_timedlock(&held, &deadline) == ETIMEDOUT)
    assertPassed(&deadline);
  else
    pthread_mutex_unlock(&held);
  deadline.tv_sec += 1;
  if (sem_timedwait(&sem, &deadline) != 0)
    assertPassed(&deadline);
  pthread_join(p, 0);
  pthread_join(h, 0);
  return 0;
}
