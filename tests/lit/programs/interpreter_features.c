// Sequential C features the interpreter must get right, with output shown by --print-output.
// RUN: %bporcheck --por=none --print-output %s | %FileCheck %s
// CHECK: sum=55 fact=3628800 avg=2.50
// CHECK: point=(3,4) shape=square
// CHECK: verdict: ok: no error in any schedule
// CHECK: executions: 1{{$}}
// One thread: 1.
#include <stdio.h>
#include <string.h>

struct point { int x, y; };
enum shape { CIRCLE, SQUARE };

static long fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
static int add(int a, int b) { return a + b; }
static int (*op)(int, int) = add;

static const char *name(enum shape s) {
  switch (s) {
  case CIRCLE: return "circle";
  case SQUARE: return "square";
  default: return "?";
  }
}

int main(void) {
  int sum = 0;
  for (int i = 1; i <= 10; i++)
    sum = op(sum, i);
  double values[] = {1.0, 2.0, 3.0, 4.0};
  double total = 0;
  for (int i = 0; i < 4; i++)
    total += values[i];
  struct point p = {3, 4}, q;
  memcpy(&q, &p, sizeof p);
  printf("sum=%d fact=%ld avg=%.2f\n", sum, fact(10), total / 4);
  printf("point=(%d,%d) shape=%s\n", q.x, q.y, name(SQUARE));
  return 0;
}
