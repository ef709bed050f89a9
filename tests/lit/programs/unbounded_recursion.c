// Recursion without end hits the stack limit: an internal limit, exit code 3.
// RUN: %expect-exit 3 %bporcheck --stack-limit=200 %s | %FileCheck %s
// CHECK: error: resource limit: {{.*}}stack
int depth(int n) { return depth(n + 1) + 1; }

int main(void) { return depth(0); }
