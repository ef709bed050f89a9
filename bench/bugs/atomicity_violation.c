// Atomicity violation: two tellers withdraw from one account; each checks the balance and
// withdraws under the lock, but in two separate critical sections, so both can pass the check
// before either withdraws and the balance goes negative. Each teller then appends to a
// shared audit log under the lock: those appends have many orders (traces) that a depth-first
// search without a bound explores before it returns to the early check-then-act race.
#include <assert.h>
#include <pthread.h>

pthread_mutex_t account_lock = PTHREAD_MUTEX_INITIALIZER;
int balance = 100;

#define AUDIT 4
int audit_log[2 * AUDIT];
int audit_length;

static void audit(int entry) {
  pthread_mutex_lock(&account_lock);
  audit_log[audit_length++] = entry;
  pthread_mutex_unlock(&account_lock);
}

static int read_balance(void) {
  pthread_mutex_lock(&account_lock);
  int b = balance;
  pthread_mutex_unlock(&account_lock);
  return b;
}

static void debit(int amount) {
  pthread_mutex_lock(&account_lock);
  balance -= amount;
  pthread_mutex_unlock(&account_lock);
}

void *teller(void *arg) {
  int amount = (int)(long)arg;
  if (read_balance() >= amount) // BUG: check and act are separate critical sections
    debit(amount);
  for (int i = 0; i < AUDIT; i++)
    audit(amount + i);
  return 0;
}

int main(void) {
  pthread_t t[2];
  pthread_create(&t[0], 0, teller, (void *)80L);
  pthread_create(&t[1], 0, teller, (void *)70L);
  pthread_join(t[0], 0);
  pthread_join(t[1], 0);
  assert(balance >= 0);
  return 0;
}
