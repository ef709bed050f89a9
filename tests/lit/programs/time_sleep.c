// Time: every read may advance the clock, sleeping advances it by at least the time slept, and
// sleeping is a yield. A program may not rely on two reads being equal.
// RUN: %bporcheck %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck -DBAD %s | %FileCheck --check-prefix=BAD %s
// CHECK: verdict: ok: no error in any schedule
// BAD: error: assertion failure: assertion 'a.tv_nsec == b.tv_nsec' failed
#define _DEFAULT_SOURCE
#include <assert.h>
#include <pthread.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

void *worker(void *arg) {
  struct timespec pause = {0, 1000};
  nanosleep(&pause, 0);
  usleep(10);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  struct timespec a, b;
  clock_gettime(CLOCK_MONOTONIC, &a);
  clock_gettime(CLOCK_MONOTONIC, &b);
#ifdef BAD
  assert(a.tv_nsec == b.tv_nsec);
#endif
  time_t before = time(0);
  sleep(2);
  struct timeval now;
  gettimeofday(&now, 0);
  assert(now.tv_sec >= before + 2);
  assert(b.tv_sec > a.tv_sec || (b.tv_sec == a.tv_sec && b.tv_nsec >= a.tv_nsec));
  pthread_join(t, 0);
  return 0;
}
