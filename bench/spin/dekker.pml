/* Dekker's mutual exclusion as in dekker.c. */
#ifndef ROUNDS
#define ROUNDS 2
#endif
bit wants[2];
bit turn;
byte inside;

proctype P(bit me) {
  byte round = 0;
  do
  :: round < ROUNDS ->
     wants[me] = 1;
     do
     :: wants[1 - me] == 0 -> break
     :: else ->
        if
        :: turn != me ->
           wants[me] = 0;
           do :: turn == me -> break :: else -> skip od;
           wants[me] = 1
        :: else -> skip
        fi
     od;
     inside++;
     assert(inside == 1);
     inside--;
     turn = 1 - me;
     wants[me] = 0;
     round++
  :: else -> break
  od
}

init { atomic { run P(0); run P(1) } }
