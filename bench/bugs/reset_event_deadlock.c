// Variant of bench/bpor/reset_event.c with the MRSE-style deadlock (dissertation, Table 8.2):
// worker 1 treats the manual-reset event as an auto-reset one and resets `go` as soon as it
// has passed it. If it does so before worker 0 has waited, worker 0 blocks for ever and main,
// waiting for worker 0's `done`, blocks too.
#include <assert.h>
#include <pthread.h>

typedef struct {
  pthread_mutex_t lock;
  pthread_cond_t changed;
  int signaled;
} reset_event;

static void event_set(reset_event *e) {
  pthread_mutex_lock(&e->lock);
  e->signaled = 1;
  pthread_cond_broadcast(&e->changed);
  pthread_mutex_unlock(&e->lock);
}

static void event_reset(reset_event *e) {
  pthread_mutex_lock(&e->lock);
  e->signaled = 0;
  pthread_mutex_unlock(&e->lock);
}

static void event_wait(reset_event *e) {
  pthread_mutex_lock(&e->lock);
  while (!e->signaled)
    pthread_cond_wait(&e->changed, &e->lock);
  pthread_mutex_unlock(&e->lock);
}

reset_event go = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0};
reset_event done[2] = {{PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0},
                       {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0}};
int data;
int copy[2];

void *worker(void *arg) {
  long id = (long)arg;
  event_wait(&go);
  if (id == 1)
    event_reset(&go); // BUG: only main may reset go, after both workers have passed it
  copy[id] = data;
  event_set(&done[id]);
  return 0;
}

int main(void) {
  pthread_t t[2];
  for (long i = 0; i < 2; i++)
    pthread_create(&t[i], 0, worker, (void *)i);
  data = 42;
  event_set(&go);
  event_wait(&done[0]);
  event_wait(&done[1]);
  event_reset(&go);
  assert(copy[0] == 42 && copy[1] == 42);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], 0);
  return 0;
}
