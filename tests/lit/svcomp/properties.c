// The property comes from the property file's formula, never from its name (no-data-race,
// no-overflow, valid-memsafety and valid-memcleanup are checked: data_race.c, overflow.c,
// memsafety.c, memcleanup.c); a
// property bporcheck does not check, or a formula it does not know, gives unknown with the
// reason.
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/no-data-race.prp %s | %FileCheck --check-prefix=RACE %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/valid-memsafety.prp %s | %FileCheck --check-prefix=MEMSAFETY %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/valid-memcleanup.prp %s | %FileCheck --check-prefix=MEMCLEANUP %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/termination.prp %s | %FileCheck --check-prefix=TERMINATION %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/unknown.prp %s | %FileCheck --check-prefix=UNKNOWN-FORMULA %s
// RUN: %bporcheck --svcomp --no-progress %s | %FileCheck --check-prefix=NO-PROPERTY %s
// RUN: %expect-exit 2 %bporcheck --property=%S/Inputs/unreach-call.prp %s 2>&1 | %FileCheck --check-prefix=USAGE %s
// RACE: reason: no execution has a data race
// RACE-NEXT: SV-COMP result: true
// MEMSAFETY: reason: no execution violates memory safety
// MEMSAFETY-NEXT: SV-COMP result: true
// MEMCLEANUP: reason: no execution ends with heap memory not freed
// MEMCLEANUP-NEXT: SV-COMP result: true
// TERMINATION: reason: property termination is not supported (only unreach-call, no-data-race, no-overflow, valid-memsafety and valid-memcleanup)
// TERMINATION-NEXT: SV-COMP result: unknown
// UNKNOWN-FORMULA: reason: cannot read the property: {{.*}}unknown.prp: unknown property formula 'Gsomething-else'
// UNKNOWN-FORMULA-NEXT: SV-COMP result: unknown
// NO-PROPERTY: reason: a program needs --property=FILE in --svcomp mode
// NO-PROPERTY-NEXT: SV-COMP result: unknown
// RUN: %expect-exit 2 %bporcheck --svcomp --preemptions=2 --property=%S/Inputs/unreach-call.prp %s 2>&1 | %FileCheck --check-prefix=OWN-SEARCH %s
// RUN: %expect-exit 2 %bporcheck --svcomp --spin-assume --property=%S/Inputs/unreach-call.prp %s 2>&1 | %FileCheck --check-prefix=OWN-SEARCH %s
// USAGE: --property, --data-model and --witness need --svcomp
// OWN-SEARCH: --svcomp chooses its own search: it cannot be combined with --por (except --por=unfolding), a bound, --iterate, --spin-assume or --keep-going
void reach_error() {}
int main(void) { return 0; }
