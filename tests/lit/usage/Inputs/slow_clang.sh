#!/bin/sh
# A stand-in for clang that never finishes compiling: it says it has started (the file given as
# BPOR_SLOW_CLANG_STARTED) and waits, so that a signal reaches bporcheck while it compiles.
touch "$BPOR_SLOW_CLANG_STARTED"
exec sleep 600 </dev/null >/dev/null 2>&1
