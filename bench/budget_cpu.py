"""The CPU time the page's processes spent, beside the wall time the budget benches measure.

On this shared machine a run's wall time grows with the load (other processes take the cores); the
CPU seconds Chromium's processes spend on it grow much less (two hardware threads share a core, so
they still grow: kernel poly 2 on 1,500 rows took 1.1 CPU s at load 8.6 and 3.1 at load 11, its wall
time 1.5 and 11.2 s). They are nearer what the run takes in an unloaded tab (a little more: the
browser's own threads are counted too), so estimate / CPU is the ratio to read when the load
average is high. Linux only (/proc)."""
import os

TICK = os.sysconf("SC_CLK_TCK")


def _children():
    """{ppid: [pid, ...]} of every process now alive."""
    kids = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        ppid = int(stat[stat.rindex(")") + 2:].split()[1])
        kids.setdefault(ppid, []).append(int(name))
    return kids


def tree_cpu_seconds(root=None):
    """User + system CPU seconds of every live descendant of `root` (this process by default):
    the Playwright driver and the Chromium it launched, with all their threads."""
    root = os.getpid() if root is None else root
    kids, total = _children(), 0
    todo = list(kids.get(root, []))
    while todo:
        pid = todo.pop()
        todo += kids.get(pid, [])
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue  # ended meanwhile
        total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15 of stat)
    return total / TICK
