// A reference-counted buffer released with a decrement and a separate test of the count: when
// the two owners release at once, both can see the count at zero and both free the buffer (a
// double free). The fix tests the value the decrement returns.
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

struct buffer {
  atomic_int refs;
  int data[4];
};

struct buffer *buf;
pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
int log_lines;

static void release(struct buffer *b) {
  atomic_fetch_sub(&b->refs, 1);
  if (atomic_load(&b->refs) == 0) // should test what fetch_sub returned
    free(b);
}

static void *worker(void *arg) {
  struct buffer *b = arg;
  b->data[1] = 1;
  release(b);
  pthread_mutex_lock(&log_lock);
  ++log_lines;
  pthread_mutex_unlock(&log_lock);
  return 0;
}

int main(void) {
  pthread_t t;
  buf = malloc(sizeof *buf);
  atomic_init(&buf->refs, 2); // main's reference and the worker's
  pthread_create(&t, 0, worker, buf);
  buf->data[0] = 1;
  release(buf);
  pthread_join(t, 0);
  return 0;
}
