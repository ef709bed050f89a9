// KNOWN GAP (issue: optimal DPOR): optimal DPOR and source-DPOR miss the schedule in which a
// condition-variable signal wakes the second waiter (cond_signal_choice.c, which the default
// DPOR finds). Taking a signal's wakeup disables the other waiter's CondWake; these explorers
// look for races between executed events only, and the other waiter's CondWake runs later,
// ordered after the first through the broadcast. Remove the XFAIL when they find it.
// XFAIL: *
// RUN: %expect-exit 1 %bporcheck --por=optimal %S/cond_signal_choice.c | %FileCheck %S/cond_signal_choice.c
// RUN: %expect-exit 1 %bporcheck --por=source %S/cond_signal_choice.c | %FileCheck %S/cond_signal_choice.c
