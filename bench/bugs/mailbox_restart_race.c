// Variant of bench/bpor/mailbox.c with a bug in the exception path: the handler updates the
// total before it fails, and the failing worker undoes that partial effect only after it has
// reported the failure ("unwinding" after the throw is visible). The supervisor restarts the
// worker without waiting for the failed one to finish unwinding, so the new worker's update
// and the old worker's undo can interleave and one is lost (the final assertion fails).
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
  handled += message;
  if (message == 2 && faults == 0) {
    faults = 1;
    return 1; // the partial update is still in place: the caller must undo it
  }
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
      handled -= message; // BUG: undone after the report, while a restarted worker may run
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
    if (report == DONE) {
      pthread_join(w, 0);
      break;
    }
    pthread_t failed = w;
    pthread_create(&w, 0, worker, (void *)(long)report); // restart before the join: BUG
    pthread_join(failed, 0);
  }
  pthread_join(c, 0);
  assert(handled == 3);
  return 0;
}
