#!/usr/bin/env python3
"""interrupt.py WHEN SIGNAL COMMAND...: run COMMAND, send it SIGNAL (INT or TERM) once WHEN says
the moment has come, pass its stdout and stderr through, and exit with COMMAND's exit code (a
COMMAND the signal killed: 128 + its number, as a shell says).

SIGNAL is INT or TERM, sent once; or INT+group: sent to COMMAND and 50 ms later to its process
group, as timeout(1) sends it (one request, delivered twice by one sender); or INT+again: sent
again 200 ms later by another process (a second request).

WHEN is
  progress      the first progress line ("[bporcheck] ...") on COMMAND's stderr: the search
                has run for a second, so the signal reaches it during the search;
  file:PATH     PATH exists (a stand-in compiler creates it: the signal reaches bporcheck
                while it compiles);
  after:S       S seconds after the start; if COMMAND had not begun its search by then
                (exit code 128 + the signal: a loaded machine), it is run again with twice
                the wait, up to four times.
No assertion here depends on timing: each WHEN makes sure of the phase the signal reaches, and a
command that outlives 300 s after the signal is killed (a hang is a failure, not a wait)."""
import os
import signal
import subprocess
import sys
import threading
import time

when, name, command = sys.argv[1], sys.argv[2], sys.argv[3:]
name, _, repeat = name.partition("+")
signum = {"INT": signal.SIGINT, "TERM": signal.SIGTERM}[name]


def run(wait_seconds=None):
    # A session of its own, so that what COMMAND started (a stand-in compiler) can be ended
    # with it.
    # lit's workers ignore SIGINT, and an ignored signal stays ignored in the programs they
    # start (bporcheck keeps it so, as for nohup): COMMAND gets the default disposition back.
    def default_signals():
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)

    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True, preexec_fn=default_signals)
    err_lines = []
    progress = threading.Event()

    def read_stderr():
        for line in proc.stderr:
            err_lines.append(line)
            if line.startswith(b"[bporcheck]"):
                progress.set()

    reader = threading.Thread(target=read_stderr)
    reader.start()
    out_chunks = []
    out_reader = threading.Thread(target=lambda: out_chunks.append(proc.stdout.read()))
    out_reader.start()
    if when == "progress":
        while not progress.wait(0.1):
            if proc.poll() is not None:
                break
    elif when.startswith("file:"):
        while not os.path.exists(when[5:]) and proc.poll() is None:
            time.sleep(0.05)
    else:
        time.sleep(wait_seconds)
    if proc.poll() is None:
        proc.send_signal(signum)
        if repeat == "group":
            time.sleep(0.05)
            os.killpg(proc.pid, signum)
        elif repeat == "again":
            time.sleep(0.2)
            subprocess.run(["kill", "-" + name, str(proc.pid)])
    try:
        proc.wait(timeout=300)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    try:
        os.killpg(proc.pid, signal.SIGKILL)  # whatever COMMAND left behind
    except ProcessLookupError:
        pass
    reader.join()
    out_reader.join()
    return proc.returncode, b"".join(out_chunks), b"".join(err_lines)


if when.startswith("after:"):
    wait = float(when[6:])
    for attempt in range(4):
        code, out, err = run(wait)
        if code != 128 + signum:  # 128 + the signal: it came while compiling (a death is -signal)
            break
        wait *= 2
else:
    code, out, err = run()
sys.stdout.buffer.write(out)
sys.stderr.buffer.write(err)
sys.exit(code if code >= 0 else 128 - code)
