/* Peterson's mutual exclusion as in peterson.c: two processes, ROUNDS rounds each; the wait
   reads flag and turn in two steps, as the C loop does. */
#ifndef ROUNDS
#define ROUNDS 2
#endif
bit flag[2];
bit turn;
byte inside;

proctype P(bit me) {
  byte round = 0;
  do
  :: round < ROUNDS ->
     flag[me] = 1;
     turn = 1 - me;
     do
     :: flag[1 - me] == 0 -> break
     :: else -> if :: turn != 1 - me -> break :: else -> skip fi
     od;
     inside++;
     assert(inside == 1);
     inside--;
     flag[me] = 0;
     round++
  :: else -> break
  od
}

init { atomic { run P(0); run P(1) } }
