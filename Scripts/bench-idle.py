#!/usr/bin/env python3
"""Idle cost of veetd and veet-tui against the fixture (issue 37; docs/bench.md, "Quiet at rest").

Usage: Scripts/bench-idle.py BIN_DIR [--fixture-bin DIR] [--sessions N] [--warmup S] [--warmup-max S]
                              [--window S] [--focused] [--threads] [--label NAME]

Starts veet-fixture with N seeded conversations behind a counting proxy, saves a
connection to it in a private home, starts veetd and veet-tui (on a pty, 160x48),
tells the TUI its terminal lost the focus (unless --focused), waits for the
warm-up (at least --warmup seconds and until the server has been quiet for 10 s:
the first sync and the transcript fill done; at most --warmup-max), then reads over --window seconds:
CPU (utime+stime from /proc/PID/stat), voluntary context switches (the sum over
the process's threads, /proc/PID/task/*/status: its wake-ups), resident memory,
and the requests and response bytes the server answered. Prints one JSON object
(--threads: each thread's wake-ups too). A thread that ends in the window takes its
count with it: read the sums of a short-lived thread's process with care.
`make bench` runs the same measurement in its idle step (Scripts/bench-quiet.py).
"""
import json, os, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from quiet_harness import Lab, Proxy, proc_cpu, proc_rss, proc_switches, thread_switches, warm_up

args = sys.argv[1:]
if not args:
    sys.exit(__doc__)
bin_dir = args[0]
def opt(name, default):
    return args[args.index(name) + 1] if name in args else default
sessions = int(opt("--sessions", "10000"))
window = float(opt("--window", "60"))
focused = "--focused" in args
lab = Lab(bin_dir, opt("--fixture-bin", bin_dir))
try:
    port, token = lab.fixture(sessions)
    proxy = Proxy(port)
    env = lab.home()
    lab.connect(env, proxy.url, token)
    daemon = lab.veetd(env)
    tui_pid = lab.tui(env, focused=focused)
    warm = warm_up([proxy], float(opt("--warmup", "60")), float(opt("--warmup-max", "600")))
    pids = {"veetd": daemon.pid, "veet-tui": tui_pid, "fixture": lab.children[0].pid}
    before = {name: (proc_cpu(pid), proc_switches(pid)) for name, pid in pids.items()}
    threads0 = {name: thread_switches(pid) for name, pid in pids.items()}
    requests0, bytes0 = proxy.counts()
    t0 = time.time()
    time.sleep(window)
    elapsed = time.time() - t0
    requests1, bytes1 = proxy.counts()
    result = {"label": opt("--label", bin_dir), "sessions": sessions, "focused": focused, "warmup_s": round(warm),
              "window_s": round(elapsed), "requests_per_min": round((requests1 - requests0) * 60 / elapsed, 1),
              "bytes_per_min": round((bytes1 - bytes0) * 60 / elapsed)}
    for name, pid in pids.items():
        cpu, switches = proc_cpu(pid), proc_switches(pid)
        result[name] = {"cpu_percent": round(100 * (cpu - before[name][0]) / elapsed, 3),
                        "wakeups_per_s": round((switches - before[name][1]) / elapsed, 2),
                        "rss_mib": round(proc_rss(pid), 1)}
        if "--threads" in args:
            now_threads = thread_switches(pid)
            result[name]["threads"] = {task: round((count - threads0[name].get(task, 0)) / elapsed, 2)
                                       for task, count in now_threads.items() if count != threads0[name].get(task, 0)}
    print(json.dumps(result))
finally:
    lab.close()
