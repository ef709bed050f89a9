// Signal sets and masks (C support library): no signal is ever delivered in the model, so the
// mask functions keep each thread's mask and report it back. Every result is glibc's (the
// program passes natively too): internal signals 32 and 33 refused by sigaddset and left out
// of sigfillset, SIGKILL never blocked, an unknown `how` refused, a mask per thread.
// RUN: %bporcheck --print-output %s | %FileCheck %s
// RUN: %clang %s -o %t && %t | %FileCheck %s
// CHECK: sets: 0 1 0 -1 22 -1 0 1 1
// CHECK: masks: 1 0 0 1 0 22 -1
// CHECK: thread: 0 1
// CHECK: main: 1
// CHECK-NOT: verdict: error
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>

static void *worker(void *arg) {
  sigset_t set, old;
  sigemptyset(&set);
  sigaddset(&set, SIGUSR1);
  // (Not asked: whether SIGINT, blocked in main, was inherited. In the model each thread's
  // mask starts empty.)
  pthread_sigmask(SIG_BLOCK, &set, 0);
  pthread_sigmask(SIG_SETMASK, 0, &old);
  printf("thread: %d %d\n", sigismember(&old, SIGUSR2), sigismember(&old, SIGUSR1));
  return 0;
}

int main(void) {
  sigset_t set, old;
  int empty = sigemptyset(&set);
  int add = sigaddset(&set, SIGINT);
  int member = sigismember(&set, SIGTERM);
  errno = 0;
  int internal = sigaddset(&set, 32);
  int internalErrno = errno;
  int outOfRange = sigaddset(&set, 65);
  sigfillset(&set);
  printf("sets: %d %d %d %d %d %d %d %d %d\n", empty, add + 1, member, internal, internalErrno,
         outOfRange, sigismember(&set, 33), sigismember(&set, SIGKILL),
         sigismember(&set, 64));

  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGKILL);
  pthread_sigmask(SIG_BLOCK, &set, 0);
  sigprocmask(SIG_SETMASK, 0, &old);
  int blocked = sigismember(&old, SIGINT), kill = sigismember(&old, SIGKILL);
  sigprocmask(SIG_UNBLOCK, &set, 0);
  sigprocmask(SIG_SETMASK, 0, &old);
  int unblocked = sigismember(&old, SIGINT);
  sigprocmask(SIG_BLOCK, &set, &old);
  int badHow = pthread_sigmask(12345, &set, 0);
  errno = 0;
  int badHowProc = sigprocmask(12345, &set, 0);
  printf("masks: %d %d %d %d %d %d %d\n", blocked, kill, unblocked,
         sigismember(&set, SIGINT), sigismember(&old, SIGINT), badHow, badHowProc);

  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_join(t, 0);
  pthread_sigmask(SIG_SETMASK, 0, &old);
  printf("main: %d\n", sigismember(&old, SIGINT));
  return 0;
}
