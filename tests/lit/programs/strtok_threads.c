// strtok keeps its position in one hidden global, so two threads tokenising their own strings
// race on it: one can go on in the other's string, which the search finds. strtok_r, with the
// position in the caller's variable, is correct.
// RUN: not %bporcheck --no-progress %s | %FileCheck --check-prefix=RACE %s
// RUN: %bporcheck --no-progress -DREENTRANT %s | %FileCheck --check-prefix=OK %s
// RACE: error: assertion failure
// RACE: global strtokSaved
// RACE: verdict: error (assertion failure)
// OK: verdict: ok: no error in any schedule
#include <assert.h>
#include <pthread.h>
#include <string.h>

static char texts[2][8] = {"a1 a2", "b1 b2"};

static void *tokens(void *arg) {
  char *text = texts[(long)arg];
#ifdef REENTRANT
  char *saved;
  char *first = strtok_r(text, " ", &saved);
  char *second = strtok_r(NULL, " ", &saved);
#else
  char *first = strtok(text, " ");
  char *second = strtok(NULL, " ");
#endif
  assert(first && second && first[0] == second[0]); /* "a1 a2" or "b1 b2" */
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, tokens, (void *)0);
  pthread_create(&b, 0, tokens, (void *)1);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
