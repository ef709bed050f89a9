// chase_lev: the Chase-Lev work-stealing deque in the C11 formulation of Lê, Pop, Cohen and
// Zappa Nardelli (PPoPP 2013), all seq_cst, over a small fixed array that never grows. The
// owner thread pushes 5 items at the bottom, takes 3 back from the bottom and pushes 2 more;
// one thief tries N steals from the top, each of which may find the deque empty or lose a
// race for the last item (no retry). Main checks that every item pushed was taken, stolen or
// left in the deque, exactly once (docs/results.md, "Lock-free and barrier families against
// GenMC": N = 1 is the scenario of GenMC's test data-structures/chase-lev, written anew).
// chase_lev_N.c set N.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifndef N
#define N 1
#endif

#define CAPACITY 10
#define FIRST_PUSHES 5
#define TAKES 3
#define SECOND_PUSHES 2
#define ITEMS (FIRST_PUSHES + SECOND_PUSHES)
#define EMPTY 0
#define LOST (-1)

atomic_long top, bottom;
atomic_int slots[CAPACITY];
int got[ITEMS + 1];  // how often each item (1..ITEMS) came out

static int push(int item) {
  long b = atomic_load(&bottom);
  long t = atomic_load(&top);
  if (b - t >= CAPACITY)
    return 0;
  atomic_store(&slots[b % CAPACITY], item);
  atomic_store(&bottom, b + 1);
  return 1;
}

// The owner's take from the bottom: the item, EMPTY or LOST (the thief took the last one).
static int take(void) {
  long b = atomic_load(&bottom) - 1;
  atomic_store(&bottom, b);
  atomic_thread_fence(memory_order_seq_cst);
  long t = atomic_load(&top);
  if (t > b) {
    atomic_store(&bottom, b + 1);
    return EMPTY;
  }
  int item = atomic_load(&slots[b % CAPACITY]);
  if (t < b)
    return item;
  if (!atomic_compare_exchange_strong(&top, &t, t + 1))
    item = LOST;
  atomic_store(&bottom, b + 1);
  return item;
}

// The thief's steal from the top: the item, EMPTY or LOST (another took it first).
static int steal(void) {
  long t = atomic_load(&top);
  atomic_thread_fence(memory_order_seq_cst);
  long b = atomic_load(&bottom);
  if (t >= b)
    return EMPTY;
  int item = atomic_load(&slots[t % CAPACITY]);
  if (!atomic_compare_exchange_strong(&top, &t, t + 1))
    return LOST;
  return item;
}

int owner_got[TAKES], thief_got[N];

void *owner(void *arg) {
  (void)arg;
  int next = 1;
  for (int i = 0; i < FIRST_PUSHES; i++)
    next += push(next);
  for (int i = 0; i < TAKES; i++)
    owner_got[i] = take();
  for (int i = 0; i < SECOND_PUSHES; i++)
    next += push(next);
  assert(next == ITEMS + 1);
  return 0;
}

void *thief(void *arg) {
  (void)arg;
  for (int i = 0; i < N; i++)
    thief_got[i] = steal();
  return 0;
}

int main(void) {
  pthread_t owner_thread, thief_thread;
  pthread_create(&owner_thread, 0, owner, 0);
  pthread_create(&thief_thread, 0, thief, 0);
  pthread_join(owner_thread, 0);
  pthread_join(thief_thread, 0);
  for (int i = 0; i < TAKES; i++)
    if (owner_got[i] > 0)
      got[owner_got[i]]++;
  for (int i = 0; i < N; i++)
    if (thief_got[i] > 0)
      got[thief_got[i]]++;
  for (long i = atomic_load(&top); i < atomic_load(&bottom); i++)
    got[atomic_load(&slots[i % CAPACITY])]++;
  for (int item = 1; item <= ITEMS; item++)
    assert(got[item] == 1);
  return 0;
}
