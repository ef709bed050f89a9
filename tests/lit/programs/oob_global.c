// Reading one element past the end of a global array.
// RUN: %expect-exit 1 %bporcheck %s | %FileCheck %s
// CHECK: error: memory error: {{.*}}out of bounds{{.*}}table
int table[4];
int index_ = 4;

int main(void) {
  return table[index_];
}
