// A thread publishes the address of a local, does one more thing and returns; another thread
// reads the pointer and dereferences it. Whether the local is still alive depends on whether
// the owner's return comes first: the return is a visible release of the published local
// (runtime FrameEnd), so every search orders it against the dereference and finds the use
// after its frame ended, the unfolding-based one included (its continuation after the
// reversed race runs the reader first, which only the release event makes it reverse).
// RUN: %expect-exit 1 %bporcheck --por=none %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --por=dpor %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --por=source %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --por=optimal %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --por=unfolding %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --preemptions=0 %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --search=stateful %s | %FileCheck %s
// CHECK: error: memory error: use after free: load of 4 bytes at stack of thread 2 (freed)
// CHECK: verdict: error (memory error)
//
// With the owner waiting until the reader is done, the release comes after every use: no error,
// and the release races with nothing: the 4 executions are the 2 orders of the read of `shared`
// times the 2 orders of the lock.
//
// A local reachable only through another: `second` is linked into the caller's `first` while
// `first` is private, then `first` is published; publishing it publishes `second` with it, and
// the reader's use of `second` after its frame ended is found.
// RUN: %expect-exit 1 %bporcheck --por=unfolding -DCHAIN %s | %FileCheck %s --check-prefix=CHAIN
// RUN: %expect-exit 1 %bporcheck --por=optimal -DCHAIN %s | %FileCheck %s --check-prefix=CHAIN
// RUN: %expect-exit 1 %bporcheck -m32 --por=unfolding -DCHAIN %s | %FileCheck %s --check-prefix=CHAIN
// CHAIN: error: memory error: use after free: load of 4 bytes at stack of thread 2 (freed)
// RUN: %expect-exit 0 %bporcheck --por=optimal -DWAITS %s | %FileCheck %s --check-prefixes=WAITS,COUNT
// RUN: %expect-exit 0 %bporcheck --por=unfolding -DWAITS %s | %FileCheck %s --check-prefix=WAITS
// WAITS: verdict: ok
// COUNT: executions: 4{{$}}
#include <assert.h>
#include <pthread.h>

int *shared;
int other;
int readerDone;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t done = PTHREAD_COND_INITIALIZER;

#ifdef CHAIN
struct node {
  int value;
  struct node *next;
};
struct node *sharedNode;

void link(struct node *first) {
  struct node second = {42, 0};
  first->next = &second;
  sharedNode = first;
  other = 1;
}

void *owner(void *arg) {
  struct node first = {1, 0};
  link(&first);
  pthread_mutex_lock(&m); // `first` outlives the reader's use
  while (!readerDone)
    pthread_cond_wait(&done, &m);
  pthread_mutex_unlock(&m);
  return 0;
}

void *reader(void *arg) {
  struct node *p = sharedNode;
  if (p) {
    struct node *q = p->next;
    assert(q->value == 42);
  }
  pthread_mutex_lock(&m);
  readerDone = 1;
  pthread_cond_signal(&done);
  pthread_mutex_unlock(&m);
  return 0;
}
#else
void publish(void) {
  int local = 42;
  shared = &local;
  other = 1;
#ifdef WAITS
  pthread_mutex_lock(&m);
  while (!readerDone)
    pthread_cond_wait(&done, &m);
  pthread_mutex_unlock(&m);
#endif
}

void *owner(void *arg) {
  publish();
  return 0;
}

void *reader(void *arg) {
  int *p = shared;
  if (p) {
    int v = *p;
    assert(v == 42);
  }
  pthread_mutex_lock(&m);
  readerDone = 1;
  pthread_cond_signal(&done);
  pthread_mutex_unlock(&m);
  return 0;
}

#endif

int main(void) {
  pthread_t a, b;
  pthread_create(&b, 0, reader, 0);
  pthread_create(&a, 0, owner, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
