/* A ticket lock as in ticket.c. */
#ifndef THREADS
#define THREADS 3
#endif
byte next_ticket, now_serving, inside;

proctype W() {
  byte mine;
  atomic { mine = next_ticket; next_ticket++ };
  do :: now_serving == mine -> break :: else -> skip od;
  inside++;
  assert(inside == 1);
  inside--;
  now_serving = mine + 1
}

init { byte i; atomic { for (i : 1 .. THREADS) { run W() } } }
