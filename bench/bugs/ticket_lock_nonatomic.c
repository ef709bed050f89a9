// A ticket lock whose ticket dispenser is read and incremented in two steps: two threads can
// draw the same ticket and both enter the critical section (the shared counter then loses an
// update). The spin on now_serving needs the fair bound.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int next_ticket, now_serving;
int counter;

static void lock(void) {
  int mine = atomic_load(&next_ticket);
  atomic_store(&next_ticket, mine + 1); // should be atomic_fetch_add
  while (atomic_load(&now_serving) != mine)
    ;
}

static void unlock(void) { atomic_store(&now_serving, atomic_load(&now_serving) + 1); }

static void *worker(void *arg) {
  lock();
  int c = counter;
  counter = c + 1;
  unlock();
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker, 0);
  pthread_create(&b, 0, worker, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(counter == 2);
  return 0;
}
