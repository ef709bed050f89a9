// Deadlock by lock order: two transfers between the same two accounts lock the source
// account first, so opposite transfers take the two locks in opposite orders. Each transfer
// is first announced in a shared journal under its own lock (many orders, none of them
// wrong), which a depth-first search without a bound explores before the deadlock.
#include <pthread.h>

typedef struct {
  pthread_mutex_t lock;
  int balance;
} account;

#define JOURNAL 4
pthread_mutex_t journal_lock = PTHREAD_MUTEX_INITIALIZER;
int journal[2 * JOURNAL];
int journal_length;

static void announce(int amount) {
  for (int i = 0; i < JOURNAL; i++) {
    pthread_mutex_lock(&journal_lock);
    journal[journal_length++] = amount;
    pthread_mutex_unlock(&journal_lock);
  }
}

account accounts[2] = {{PTHREAD_MUTEX_INITIALIZER, 50}, {PTHREAD_MUTEX_INITIALIZER, 50}};

static void transfer(account *from, account *to, int amount) {
  announce(amount);
  pthread_mutex_lock(&from->lock); // BUG: lock order depends on the direction of the transfer
  pthread_mutex_lock(&to->lock);
  from->balance -= amount;
  to->balance += amount;
  pthread_mutex_unlock(&to->lock);
  pthread_mutex_unlock(&from->lock);
}

void *a_to_b(void *arg) {
  transfer(&accounts[0], &accounts[1], 10);
  return 0;
}

void *b_to_a(void *arg) {
  transfer(&accounts[1], &accounts[0], 20);
  return 0;
}

int main(void) {
  pthread_t t[2];
  pthread_create(&t[0], 0, a_to_b, 0);
  pthread_create(&t[1], 0, b_to_a, 0);
  pthread_join(t[0], 0);
  pthread_join(t[1], 0);
  return 0;
}
