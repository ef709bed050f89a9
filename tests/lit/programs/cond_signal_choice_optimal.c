// Optimal DPOR and source-DPOR find the schedule in which a condition-variable signal wakes
// the thread that started waiting second (cond_signal_choice.c). The first waiter's CondWake
// takes the signal's only wakeup and so disables the second waiter's pending CondWake, which
// runs only after the broadcast: the race is between the executed CondWake and the pending
// one it disabled (docs/optimal-dpor.md, "Enabling and disabling").
// RUN: %expect-exit 1 %bporcheck --por=optimal %S/cond_signal_choice.c | %FileCheck %S/cond_signal_choice.c
// RUN: %expect-exit 1 %bporcheck --por=source %S/cond_signal_choice.c | %FileCheck %S/cond_signal_choice.c
