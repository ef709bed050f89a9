// Reading one element past the end of a global array.
// RUN: %expect-exit 1 %bporcheck %s | %FileCheck %s
// CHECK: error: memory error:  out-of-bounds access: load of 4 bytes at global table+16
int table[4];
int index_ = 4;

int main(void) {
  return table[index_];
}
