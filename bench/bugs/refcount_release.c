// A reference-counted buffer whose count is changed without atomic read-modify-writes: a
// worker that takes a reference while main drops its own can lose main's decrement-to-zero
// race, so main frees the buffer while the worker still holds a reference and writes to it (a
// use after free).
#include <pthread.h>
#include <stdlib.h>

struct buffer {
  int refs;
  int data[4];
};

struct buffer *buf;
pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
int log_lines;

static void acquire(struct buffer *b) { b->refs = b->refs + 1; } // not atomic

static void release(struct buffer *b) {
  int left = b->refs - 1; // not atomic
  b->refs = left;
  if (left == 0)
    free(b);
}

static void *worker(void *arg) {
  struct buffer *b = buf;
  acquire(b);
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
  buf->refs = 1; // main's reference
  pthread_create(&t, 0, worker, 0);
  pthread_mutex_lock(&log_lock);
  ++log_lines;
  pthread_mutex_unlock(&log_lock);
  release(buf);
  pthread_join(t, 0);
  return 0;
}
