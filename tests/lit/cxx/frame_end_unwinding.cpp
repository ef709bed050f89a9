// A frame left by an exception ends like one left by a return: the owner publishes the address of
// a local and leaves the function by a throw; the reader dereferences the pointer. The release
// of the local is a visible operation on the unwinding path too (__bpor_frame_end in a cleanup,
// passes/FrameEnds.h), so every search orders it against the dereference and finds the use
// after the frame ended. Without it the unfolding search, whose continuation after the reversed
// race on `shared` runs the reader on, sees only the dereference before the release (its
// verdict was ok, 2 executions), as tests/lit/programs/dead_frame_published.c shows for returns.
// The frame is left by a throw in it, by a call that throws (an invoke of the frame-end
// cleanup), past a destructor's cleanup (the frame end before its resume), and past a handler
// for another type (its pad made a cleanup, so the unwinder stops there).
// RUN: %expect-exit 1 %bporcheck --por=unfolding %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --por=unfolding -DTHROUGH %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --por=unfolding -DCLEANUP %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --por=unfolding -DOTHER_CATCH %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --por=optimal -DOTHER_CATCH %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --por=source -DTHROUGH %s | %FileCheck %s
// CHECK: error: memory error: use after free: load of 4 bytes at stack of thread 2 (freed)
// CHECK: verdict: error (memory error)
//
// With the owner waiting until the reader is done before it throws, the release comes after
// every use: no error, and the release races with nothing (the 4 executions are the 2 orders of
// the read of `shared` times the 2 orders of the lock). An exception caught within the frame
// does not end it: the reader's use there is no error either.
// RUN: %expect-exit 0 %bporcheck --por=optimal -DWAITS %s \
// RUN:   | %FileCheck %s --check-prefixes=OK,COUNT
// RUN: %expect-exit 0 %bporcheck --por=unfolding -DWAITS %s | %FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %bporcheck --por=unfolding -DCAUGHT_INSIDE %s \
// RUN:   | %FileCheck %s --check-prefix=OK
// OK: verdict: ok
// COUNT: executions: 4{{$}}
#include <cassert>
#include <pthread.h>

int *shared;
int other;
int readerDone;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t done = PTHREAD_COND_INITIALIZER;

void fail() { throw 1; }

struct Guard {
  ~Guard() { other = 2; }
};

void waitForReader() {
  pthread_mutex_lock(&m);
  while (!readerDone)
    pthread_cond_wait(&done, &m);
  pthread_mutex_unlock(&m);
}

void publish() {
  int local = 42;
  shared = &local;
  other = 1;
#if defined(THROUGH)
  fail();
#elif defined(CLEANUP)
  Guard guard;
  fail();
#elif defined(OTHER_CATCH)
  try {
    fail();
  } catch (double) {
  }
#elif defined(WAITS)
  waitForReader();
  fail();
#elif defined(CAUGHT_INSIDE)
  try {
    fail();
  } catch (int) {
  }
  waitForReader();
#else
  throw 1;
#endif
}

void *owner(void *) {
  try {
    publish();
  } catch (int) {
  }
  return nullptr;
}

void *reader(void *) {
  int *p = shared;
  if (p) {
    int v = *p;
    assert(v == 42);
  }
  pthread_mutex_lock(&m);
  readerDone = 1;
  pthread_cond_signal(&done);
  pthread_mutex_unlock(&m);
  return nullptr;
}

int main() {
  pthread_t a, b;
  pthread_create(&b, nullptr, reader, nullptr);
  pthread_create(&a, nullptr, owner, nullptr);
  pthread_join(a, nullptr);
  pthread_join(b, nullptr);
  return 0;
}
