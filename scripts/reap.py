#!/usr/bin/env python3
# Runs a command as a child subreaper: /usr/bin/time python3 scripts/reap.py CMD... counts the CPU time of every process
# CMD starts, orphaned ones too (Chromium's renderers are reparented here and reaped, so RUSAGE_CHILDREN includes them).
# It returns CMD's exit code once every descendant has ended (a daemon CMD leaves running keeps it waiting).
import ctypes, os, sys
ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
pid = os.fork()
if pid == 0:
    os.execvp(sys.argv[1], sys.argv[1:])
rc = 1
while True:
    try:
        p, status = os.wait()
    except ChildProcessError:
        break
    if p == pid:
        rc = os.waitstatus_to_exitcode(status)
sys.exit(rc)
