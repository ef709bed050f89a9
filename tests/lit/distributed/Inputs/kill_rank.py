#!/usr/bin/env python3
"""kill_rank.py RANK COMMAND...: run COMMAND (an mpirun), and once the process of MPI rank RANK
has searched for a second (its progress is not visible: one second after it appears), kill it
with SIGKILL. Passes COMMAND's stdout through and exits with its exit code; 124 if it does not
end within 120 s of the kill (a hang)."""
import os
import signal
import subprocess
import sys
import time


def rank_process(rank, parent):
    """The pid of a bporcheck process below `parent` whose MPI rank is `rank`, or None."""
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/environ", "rb") as f:
                environ = f.read().split(b"\0")
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                command = f.read().split(b"\0")[0]
        except OSError:
            continue
        if command.endswith(b"bporcheck") and f"OMPI_COMM_WORLD_RANK={rank}".encode() in environ \
                and pid != str(parent):
            return int(pid)
    return None


def main():
    rank = int(sys.argv[1])
    run = subprocess.Popen(sys.argv[2:])
    deadline = time.time() + 60
    victim = None
    while victim is None and time.time() < deadline and run.poll() is None:
        victim = rank_process(rank, run.pid)
        time.sleep(0.1)
    if victim is None:
        print("kill_rank: the rank never started", file=sys.stderr)
        run.kill()
        return 125
    time.sleep(1)
    try:
        os.kill(victim, signal.SIGKILL)
    except ProcessLookupError:
        print("kill_rank: the rank ended before it was killed", file=sys.stderr)
        run.wait()
        return 125
    try:
        return run.wait(timeout=120)
    except subprocess.TimeoutExpired:
        run.kill()
        print("kill_rank: the run did not end after a rank was killed", file=sys.stderr)
        return 124


if __name__ == "__main__":
    sys.exit(main())
