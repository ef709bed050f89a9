// ms_queue: the Michael-Scott lock-free queue (PODC 1996) over a fixed pool of nodes, named by
// index and never reused. Head, tail and each node's next link hold an index in the low 32
// bits and a count of the compare-and-swaps that changed them in the high 32 bits. A queue
// starts with one dummy node; an enqueue links its node after the last one and then swings
// the tail, helping a lagging tail along first; a dequeue reads the value of the node after
// the dummy and swings the head to it. N threads each enqueue a value of their own and then
// dequeue one; main checks that the values dequeued and those left in the queue are the values
// enqueued, each once (docs/results.md, "Lock-free and barrier families against GenMC"; similar
// to GenMC's test data-structures/ms-queue, whose dequeue blocks where a compare-and-swap of the
// head fails instead of retrying). ms_queue_N.c set N.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifndef N
#define N 2
#endif

typedef unsigned long long link;  // count << 32 | node index; index 0 is null

static int index_of(link l) { return (int)(l & 0xffffffffu); }

static link moved(link old, int index) { return ((old >> 32) + 1) << 32 | (unsigned)index; }

struct node {
  int value;           // written before the node is linked, read by the dequeue that takes it
  _Atomic link next;
};

struct node pool[N + 2];  // pool[0] unused, pool[1] the first dummy, pool[2 + i] thread i's
_Atomic link head = 1, tail = 1;
int dequeued[N];

static void enqueue(int index, int value) {
  struct node *node = &pool[index];
  node->value = value;
  atomic_store(&node->next, 0);
  link last;
  for (;;) {
    last = atomic_load(&tail);
    link next = atomic_load(&pool[index_of(last)].next);
    if (last != atomic_load(&tail))
      continue;
    if (index_of(next) == 0) {
      if (atomic_compare_exchange_strong(&pool[index_of(last)].next, &next, moved(next, index)))
        break;
    } else {
      atomic_compare_exchange_strong(&tail, &last, moved(last, index_of(next)));
    }
  }
  atomic_compare_exchange_strong(&tail, &last, moved(last, index));
}

// The value of the node dequeued, or 0 if the queue was empty.
static int dequeue(void) {
  for (;;) {
    link first = atomic_load(&head);
    link last = atomic_load(&tail);
    link next = atomic_load(&pool[index_of(first)].next);
    if (first != atomic_load(&head))
      continue;
    if (index_of(first) == index_of(last)) {
      if (index_of(next) == 0)
        return 0;
      atomic_compare_exchange_strong(&tail, &last, moved(last, index_of(next)));
    } else {
      int value = pool[index_of(next)].value;
      if (atomic_compare_exchange_strong(&head, &first, moved(first, index_of(next))))
        return value;
    }
  }
}

void *enqueue_then_dequeue(void *arg) {
  int id = (int)(long)arg;
  enqueue(2 + id, 10 + id);
  dequeued[id] = dequeue();
  return 0;
}

int main(void) {
  pthread_t threads[N];
  for (long i = 0; i < N; i++)
    pthread_create(&threads[i], 0, enqueue_then_dequeue, (void *)i);
  for (int i = 0; i < N; i++)
    pthread_join(threads[i], 0);
  int seen[N] = {0};
  for (int i = 0; i < N; i++) {
    assert(dequeued[i] != 0);  // each thread's own value was in the queue when it dequeued
    seen[dequeued[i] - 10]++;
  }
  int left = index_of(atomic_load(&pool[index_of(atomic_load(&head))].next));
  assert(left == 0);  // as many dequeues as enqueues, none empty: nothing is left
  for (int i = 0; i < N; i++)
    assert(seen[i] == 1);
  return 0;
}
