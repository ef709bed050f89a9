// A violation that needs a float and a double input with fractional values: both witness
// formats state them as C constants (0.13125f, -0.000103...), and --validate-witness draws exactly
// those numbers for the calls (svcomp/WitnessReader.h, WitnessValue), so it confirms the
// witness, its trace showing the numbers (not their bits); plain integer values could not
// reach the violation.
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/unreach-call.prp --witness=%t.graphml %s | %FileCheck --check-prefix=ANSWER %s
// RUN: %FileCheck --check-prefix=GRAPHML %s < %t.graphml
// RUN: %bporcheck --validate-witness=%t.graphml --property=%S/Inputs/unreach-call.prp %s | %FileCheck --check-prefix=CONFIRMED %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/unreach-call.prp --witness=%t.yml %s | %FileCheck --check-prefix=ANSWER %s
// RUN: %FileCheck --check-prefix=YAML %s < %t.yml
// RUN: %bporcheck --validate-witness=%t.yml --property=%S/Inputs/unreach-call.prp %s | %FileCheck --check-prefix=CONFIRMED %s
// ANSWER: SV-COMP result: false(unreach-call)
// GRAPHML: \result == {{-?[0-9]*\.[0-9e+-]+}}f;
// GRAPHML: \result == {{-?[0-9]*\.[0-9e+-]+}};
// YAML: value: "\\result == {{-?[0-9]*\.[0-9e+-]+}}f"
// YAML: value: "\\result == {{-?[0-9]*\.[0-9e+-]+}}"
// CONFIRMED: nondet value {{-?[0-9]*\.[0-9e+-]+}} {{.*}}witness_float_inputs.c
// CONFIRMED: witness confirmed: the execution calls reach_error()
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);
extern void reach_error(void);

int main(void) {
  float x = __VERIFIER_nondet_float();
  double y = __VERIFIER_nondet_double();
  if (x > 0.1f && x < 0.2f && y > -1e-3 && y < -1e-4)
    reach_error();
  return 0;
}
