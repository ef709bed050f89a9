// Training program for the profile-guided build (scripts/pgo-train.sh): four tellers move money
// between four accounts, each transfer under both accounts' mutexes taken in a fixed order, and
// an auditor sums the accounts under all four locks.
#include <assert.h>
#include <pthread.h>

#define ACCOUNTS 4
static int balance[ACCOUNTS] = {10, 10, 10, 10};
static pthread_mutex_t lock[ACCOUNTS] = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
                                         PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER};

static void transfer(int from, int to, int amount) {
  int first = from < to ? from : to, second = from < to ? to : from;
  pthread_mutex_lock(&lock[first]);
  pthread_mutex_lock(&lock[second]);
  if (balance[from] >= amount) {
    balance[from] -= amount;
    balance[to] += amount;
  }
  pthread_mutex_unlock(&lock[second]);
  pthread_mutex_unlock(&lock[first]);
}

static void *teller(void *arg) {
  long k = (long)arg;
  transfer(k, (k + 1) % ACCOUNTS, 3);
  transfer((k + 2) % ACCOUNTS, k, 2);
  return 0;
}

static void *auditor(void *arg) {
  int total = 0;
  for (int i = 0; i < ACCOUNTS; i++)
    pthread_mutex_lock(&lock[i]);
  for (int i = 0; i < ACCOUNTS; i++)
    total += balance[i];
  for (int i = ACCOUNTS - 1; i >= 0; i--)
    pthread_mutex_unlock(&lock[i]);
  assert(total == 10 * ACCOUNTS);
  return 0;
}

int main(void) {
  pthread_t t[5];
  for (long k = 0; k < 4; k++)
    pthread_create(&t[k], 0, teller, (void *)k);
  pthread_create(&t[4], 0, auditor, 0);
  for (int k = 0; k < 5; k++)
    pthread_join(t[k], 0);
  return 0;
}
