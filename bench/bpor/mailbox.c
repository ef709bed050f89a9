// A message-passing runtime with exceptions, in the spirit of the dissertation's CCR
// Exception test (Table 8.1: message passing with orchestration primitives, 3 threads).
// A client posts messages to a worker's mailbox; the worker's handler can fail. C has no
// exceptions, so a failure is error propagation: the handler returns an error, the worker
// reports the failed message to its supervisor (main) and dies; the supervisor restarts a
// new worker that retries the failed message first. Every message must be handled once.
#include <assert.h>
#include <pthread.h>

#define CAPACITY 2
#define CLOSED (-1)

typedef struct {
  pthread_mutex_t lock;
  pthread_cond_t nonempty;
  int slot[CAPACITY];
  int head, count, closed;
} mailbox;

static void post(mailbox *mb, int message) {
  pthread_mutex_lock(&mb->lock);
  mb->slot[(mb->head + mb->count) % CAPACITY] = message;
  mb->count++;
  pthread_cond_signal(&mb->nonempty);
  pthread_mutex_unlock(&mb->lock);
}

static void close_mailbox(mailbox *mb) {
  pthread_mutex_lock(&mb->lock);
  mb->closed = 1;
  pthread_cond_broadcast(&mb->nonempty);
  pthread_mutex_unlock(&mb->lock);
}

// The next message, or CLOSED once the mailbox is closed and drained.
static int receive(mailbox *mb) {
  pthread_mutex_lock(&mb->lock);
  while (mb->count == 0 && !mb->closed)
    pthread_cond_wait(&mb->nonempty, &mb->lock);
  int message = CLOSED;
  if (mb->count > 0) {
    message = mb->slot[mb->head];
    mb->head = (mb->head + 1) % CAPACITY;
    mb->count--;
  }
  pthread_mutex_unlock(&mb->lock);
  return message;
}

mailbox inbox = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, {0}, 0, 0, 0};
mailbox reports = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, {0}, 0, 0, 0};
int handled;   // sum of the messages handled, written by one worker at a time
int faults;    // the handler fails on message 2 the first time only (a transient fault)

#define DONE 0

// The handler "throws" (returns non-zero) on a transient fault.
static int handle(int message) {
  if (message == 2 && faults == 0) {
    faults = 1;
    return 1;
  }
  handled += message;
  return 0;
}

void *client(void *arg) {
  post(&inbox, 1);
  post(&inbox, 2);
  close_mailbox(&inbox);
  return 0;
}

// Handles its retry message (if any) first, then the mailbox, until it closes or a handler
// fails; either way it tells the supervisor (the failed message, or DONE) and ends.
void *worker(void *arg) {
  int message = (int)(long)arg;
  if (message == DONE)
    message = receive(&inbox);
  while (message != CLOSED) {
    if (handle(message) != 0) {
      post(&reports, message);
      return 0;
    }
    message = receive(&inbox);
  }
  post(&reports, DONE);
  return 0;
}

int main(void) {
  pthread_t c, w;
  pthread_create(&c, 0, client, 0);
  pthread_create(&w, 0, worker, (void *)(long)DONE);
  for (;;) {
    int report = receive(&reports);
    pthread_join(w, 0);
    if (report == DONE)
      break;
    pthread_create(&w, 0, worker, (void *)(long)report); // restart with the failed message
  }
  pthread_join(c, 0);
  assert(handled == 3);
  return 0;
}
