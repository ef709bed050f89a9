#!/usr/bin/env python3
"""kill_rank.py RANK [--after-file=PATH] COMMAND...: run COMMAND (an mpirun), and once the
process of MPI rank RANK has searched for a second (its progress is not visible: one second after
it appears), or once the checkpoint PATH holds a finished unit (a divided search's) or is there
at all (the stateful search's, put in place whole), kill it with SIGKILL. Passes COMMAND's
stdout through and exits with its exit code; 124 if it does not end within 120 s of the kill (a
hang), 125 if the rank was gone before the kill."""
import os
import signal
import subprocess
import sys
import time


def parent_of(pid):
    """The parent of process `pid`, or None once it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            # The command name, in parentheses, may hold spaces: the fields after it count.
            return int(f.read().rsplit(")", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        return None


def descends_from(pid, ancestor):
    while pid and pid > 1:
        if pid == ancestor:
            return True
        pid = parent_of(pid)
    return False


def rank_process(rank, run):
    """The pid of the bporcheck process of MPI rank `rank` that `run` (an mpirun) started, or
    None (other tests may run ranks of their own at the same time)."""
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
                and descends_from(int(pid), run):
            return int(pid)
    return None


def finished_units(checkpoint):
    """How many finished units the checkpoint at `checkpoint` holds (0 if none yet; 1 for a
    stateful search's checkpoint)."""
    try:
        with open(checkpoint, "rb") as f:
            if f.read(36) == b"bporcheck stateful search checkpoint":
                return 1
            f.seek(0)
            for line in f:
                if line.startswith(b"finished "):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def main():
    rank = int(sys.argv[1])
    command = sys.argv[2:]
    after_file = None
    if command[0].startswith("--after-file="):
        after_file = command.pop(0).split("=", 1)[1]
    run = subprocess.Popen(command)
    deadline = time.time() + 60
    victim = None
    while victim is None and time.time() < deadline and run.poll() is None:
        victim = rank_process(rank, run.pid)
        time.sleep(0.1)
    if victim is None:
        print("kill_rank: the rank never started", file=sys.stderr)
        run.kill()
        return 125
    if after_file:
        while not finished_units(after_file) and time.time() < deadline and run.poll() is None:
            time.sleep(0.01)
    else:
        time.sleep(1)
    try:
        os.kill(victim, signal.SIGKILL)
    except ProcessLookupError:
        print("kill_rank: the rank ended before it was killed", file=sys.stderr)
        run.kill()
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
