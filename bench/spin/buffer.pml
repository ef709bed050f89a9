/* The bounded buffer of buffer.c. */
#ifndef SIZE
#define SIZE 2
#endif
#ifndef ITEMS
#define ITEMS 4
#endif
byte buffer[SIZE];
byte count;

proctype Producer() {
  byte in = 0, i = 1;
  do
  :: i <= ITEMS ->
     do :: count != SIZE -> break :: else -> skip od;
     buffer[in] = i;
     in = (in + 1) % SIZE;
     atomic { count++ };
     i++
  :: else -> break
  od
}

proctype Consumer() {
  byte out = 0, i = 1;
  do
  :: i <= ITEMS ->
     do :: count != 0 -> break :: else -> skip od;
     assert(buffer[out] == i);
     out = (out + 1) % SIZE;
     atomic { count-- };
     i++
  :: else -> break
  od
}

init { atomic { run Producer(); run Consumer() } }
