// pthread attribute getters and setters, pthread_setname_np, spin locks, and
// pthread_mutex_timedlock, whose timeout may fire while another thread holds the mutex.
// RUN: %bporcheck %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck -DBAD %s | %FileCheck --check-prefix=BAD %s
// CHECK: verdict: ok: no error in any schedule
// BAD: error: assertion failure: assertion 'pthread_mutex_timedlock(&m, &ts) == 0' failed
#define _GNU_SOURCE
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
pthread_spinlock_t lock;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int counter;
void *worker(void *arg) {
  pthread_setname_np(pthread_self(), "worker");
  pthread_spin_lock(&lock);
  counter++;
  pthread_spin_unlock(&lock);
  struct timespec ts = {0, 0};
#ifdef BAD
  assert(pthread_mutex_timedlock(&m, &ts) == 0);
#else
  if (pthread_mutex_timedlock(&m, &ts) == 0)
#endif
    pthread_mutex_unlock(&m);
  return 0;
}
int main(void) {
  pthread_spin_init(&lock, 0);
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, 1 << 20);
  size_t size;
  pthread_attr_getstacksize(&attr, &size);
  assert(size == 1 << 20);
  int state;
  pthread_attr_getdetachstate(&attr, &state);
  assert(state == PTHREAD_CREATE_JOINABLE);
  pthread_mutexattr_t ma;
  pthread_mutexattr_init(&ma);
  pthread_mutexattr_settype(&ma, PTHREAD_MUTEX_RECURSIVE);
  int type;
  pthread_mutexattr_gettype(&ma, &type);
  assert(type == PTHREAD_MUTEX_RECURSIVE);
  pthread_t t1, t2;
  pthread_create(&t1, &attr, worker, 0);
  pthread_create(&t2, &attr, worker, 0);
  pthread_mutex_lock(&m);
  pthread_mutex_unlock(&m);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  assert(counter == 2);
  return 0;
}
