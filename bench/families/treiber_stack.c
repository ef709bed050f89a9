// treiber_stack: a Treiber stack (a lock-free stack whose top moves by compare-and-swap) over a
// fixed pool of nodes, named by index (0 is the empty stack) and never reused, so no ABA. N
// pusher threads each publish a payload, then push a node naming it; POPPERS threads (default
// 1) each pop once and, if they got a node, check its payload. A push or pop retries when its
// compare-and-swap finds the top moved since it read it. Main checks that every node pushed is
// on the stack or was popped exactly once (docs/results.md, "Lock-free and barrier families
// against GenMC": N = 2 with one popper is the scenario of GenMC's test
// data-structures/treiber-stack, written anew, seq_cst; -DBLOCK_FAILED_POP below).
// treiber_stack_N.c set N.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifdef BLOCK_FAILED_POP
// A pop whose compare-and-swap fails ends the execution instead of retrying, as GenMC's
// spin-assume transformation makes of a loop whose failed iteration changed nothing (the pop's;
// not the push's, which stores the node's link each time round).
void __VERIFIER_assume(int condition);
#endif

#ifndef N
#define N 2
#endif
#ifndef POPPERS
#define POPPERS 1
#endif

// The top is a node index in the low 32 bits and a count of the compare-and-swaps that moved
// it in the high 32 bits: a thread whose compare-and-swap expects an old top fails even if the
// index has come back (the empty stack after a push and a pop), as in the usual Treiber stack
// with a tagged top.
struct node {
  int value;         // written before the node is published, read after it is popped
  atomic_int next;   // index of the node below, 0 at the bottom
};

struct node pool[N + 1];  // pool[0] unused: index 0 is the empty stack
atomic_ullong top;
atomic_int payload[N + 1];
int popped[POPPERS];

static int index_of(unsigned long long tagged) { return (int)(tagged & 0xffffffffu); }

static unsigned long long moved(unsigned long long tagged, int index) {
  return ((tagged >> 32) + 1) << 32 | (unsigned)index;
}

static void push(int index) {
  struct node *node = &pool[index];
  node->value = index;
  for (;;) {
    unsigned long long old = atomic_load(&top);
    atomic_store(&node->next, index_of(old));
    if (atomic_compare_exchange_strong(&top, &old, moved(old, index)))
      return;
  }
}

static int pop(void) {
  for (;;) {
    unsigned long long old = atomic_load(&top);
    int index = index_of(old);
    if (index == 0)
      return 0;
    int below = atomic_load(&pool[index].next);
    int done = atomic_compare_exchange_strong(&top, &old, moved(old, below));
#ifdef BLOCK_FAILED_POP
    __VERIFIER_assume(done);
#endif
    if (done)
      return pool[index].value;
  }
}

void *pusher(void *arg) {
  int index = (int)(long)arg;
  atomic_store(&payload[index], 10 * index);
  push(index);
  return 0;
}

void *popper(void *arg) {
  int slot = (int)(long)arg;
  int index = pop();
  if (index != 0)
    assert(atomic_load(&payload[index]) == 10 * index);
  popped[slot] = index;
  return 0;
}

int main(void) {
  pthread_t pushers[N], poppers[POPPERS];
  for (long i = 0; i < N; i++)
    pthread_create(&pushers[i], 0, pusher, (void *)(i + 1));
  for (long i = 0; i < POPPERS; i++)
    pthread_create(&poppers[i], 0, popper, (void *)i);
  for (int i = 0; i < N; i++)
    pthread_join(pushers[i], 0);
  for (int i = 0; i < POPPERS; i++)
    pthread_join(poppers[i], 0);
  int seen[N + 1] = {0};
  for (int index = index_of(atomic_load(&top)); index != 0; index = atomic_load(&pool[index].next))
    seen[index]++;
  for (int i = 0; i < POPPERS; i++)
    if (popped[i] != 0)
      seen[popped[i]]++;
  for (int i = 1; i <= N; i++)
    assert(seen[i] == 1);
  return 0;
}
