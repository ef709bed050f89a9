// A bug that needs three preemptions: the writer publishes a version number in three steps
// and the reader takes two snapshots; the assertion fails only if the reader sees version 1
// and then version 2, i.e. writer, reader, writer and reader each take a step in turn in the
// middle of their sequences (three preemptions; the writer's end makes the last switch free).
// Both threads then append to a shared log under a lock: many orders (traces) that a
// depth-first search without a bound explores before it returns to the early steps, and many
// useless places for a bounded search to preempt.
#include <assert.h>
#include <pthread.h>

int version;
int scratch[2];

#define LOG 4
pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
int log_entries[2 * LOG];
int log_length;

static void log_steps(int who) {
  for (int i = 0; i < LOG; i++) {
    pthread_mutex_lock(&log_lock);
    log_entries[log_length++] = who;
    pthread_mutex_unlock(&log_lock);
  }
}

void *writer(void *arg) {
  version = 1;
  version = 2;
  version = 3;
  scratch[0] = 1;
  log_steps(1);
  return 0;
}

void *reader(void *arg) {
  int first = version;
  int second = version;
  scratch[1] = first;
  assert(!(first == 1 && second == 2)); // BUG: an intermediate version pair is observable
  log_steps(2);
  return 0;
}

int main(void) {
  pthread_t w, r;
  pthread_create(&w, 0, writer, 0);
  pthread_create(&r, 0, reader, 0);
  pthread_join(w, 0);
  pthread_join(r, 0);
  return 0;
}
