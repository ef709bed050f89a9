// Heap bytes malloc returns hold no value until the program writes one. A scalar load of such a
// byte reads 0, where the program may see any value: the search is then not complete over the
// program's values, and the verdict says so instead of a plain "ok" (SV-COMP mode answers
// unknown, not TRUE). Bytes that calloc zeroes, that the program writes (stores, memset,
// memcpy from written bytes, strcpy), and a struct copied whole with fields never set (padding
// and all; one wider than 8 bytes, which is not copied by a scalar load), are no gap; realloc's
// new bytes are.
// RUN: %expect-exit 4 %bporcheck --no-progress -DFIELD %s | %FileCheck --check-prefix=GAP %s
// RUN: %expect-exit 4 %bporcheck --no-progress -DREALLOC %s | %FileCheck --check-prefix=GAP %s
// RUN: %expect-exit 4 %bporcheck --no-progress -DCOPIED %s | %FileCheck --check-prefix=GAP %s
// RUN: %expect-exit 4 %bporcheck --no-progress -DTHREAD %s | %FileCheck --check-prefix=GAP %s
// RUN: %bporcheck --no-progress -DCALLOC %s | %FileCheck --check-prefix=OK %s
// RUN: %bporcheck --no-progress -DWRITTEN %s | %FileCheck --check-prefix=OK %s
// RUN: %bporcheck --no-progress -DSTRUCT_COPY %s | %FileCheck --check-prefix=OK %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/../svcomp/Inputs/unreach-call.prp -DFIELD %s | %FileCheck --check-prefix=UNKNOWN %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/../svcomp/Inputs/unreach-call.prp -DWRITTEN %s | %FileCheck --check-prefix=TRUE %s
// GAP: verdict: ok: no error in any schedule, but not every behaviour was covered: 1 load read memory never written (malloc'd, or a local variable; read as 0, where the program may see any value), the first at {{.*}}uninitialized_heap.c:[[#]]
// OK: verdict: ok: no error in any schedule (
// UNKNOWN: memory never written
// UNKNOWN: SV-COMP result: unknown
// TRUE: SV-COMP result: true
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

void reach_error(void) {}

struct node {
  int value; // 4 bytes of padding follow on LP64
  struct node *next;
  int more[4]; // a struct of at most 8 bytes is copied by one scalar load, which counts
};

static struct node *shared;

static void *reader(void *arg) {
  if (shared->next != 0) // never written by anyone
    reach_error();
  return 0;
}

int main(void) {
#if defined(CALLOC)
  struct node *n = calloc(1, sizeof *n);
#else
  struct node *n = malloc(sizeof *n);
#endif
  n->value = 1;
#if defined(WRITTEN)
  memset(&n->next, 0, sizeof n->next);
  char *name = malloc(8);
  strcpy(name, "abc");
  if (name[1] != 'b')
    reach_error();
  char *copy = malloc(8);
  memcpy(copy, name, 4);
  if (copy[3] != 0)
    reach_error();
#endif
#if defined(STRUCT_COPY)
  struct node local = *n; // copies the padding and `next`, both never written
  if (local.value != 1)
    reach_error();
  n->next = 0;
#endif
#if defined(REALLOC)
  n->next = 0;
  int *grown = malloc(sizeof(int));
  *grown = 7;
  grown = realloc(grown, 2 * sizeof(int));
  if (grown[0] != 7) // copied, written: no gap
    reach_error();
  if (grown[1] != 0) // new: never written
    reach_error();
#endif
#if defined(COPIED)
  struct node *other = malloc(sizeof *other);
  memcpy(other, n, sizeof *n); // `next` stays never written in the copy
  n->next = 0;
  if (other->next != 0)
    reach_error();
#endif
#if defined(THREAD)
  shared = n;
  pthread_t t;
  pthread_create(&t, 0, reader, 0);
  pthread_join(t, 0);
  n->next = 0;
#endif
#if defined(FIELD)
  if (n->next != 0)
    reach_error();
#endif
  return 0;
}
