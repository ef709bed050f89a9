// A char input through a double division, a float rounding and a double multiplication
// (docs/results.md, "Floating-point values"): each decision asks Z3 about a chain of IEEE
// operations on doubles, the costly case of its floating-point theory.
extern char __VERIFIER_nondet_char(void);
void reach_error(void);
int flag;
int main(void) {
  signed char c = __VERIFIER_nondet_char();
  float f = c / 7.0;
  double d = f;
  if (d * 7.0 == (double)c)
    flag = 1;
  if (flag && c == 14)
    reach_error();
  return 0;
}
