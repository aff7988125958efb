#!/usr/bin/env python3
"""The idle step of `make bench` (Scripts/bench; issue 37, docs/bench.md "Quiet at rest").

usage: bench-quiet.py BIN_DIR QUICK(0|1) [idle|cold]   (one half alone; both by default)

1. At rest against the fixture (10,000 conversations; quick: 300): veetd with an
   unfocused veet-tui beside it, and in the same run, as the baseline, a veet-tui
   alone in a home of its own (no veetd: it walks the index itself every 30 s, as
   every TUI did before issue 37) and /bin/sleep (the floor of the wake-up count).
   After the warm-up (the first sync and the transcript fill: until the server has
   been quiet for 10 s), one window (60 s; quick: 5 s) reads CPU, wake-ups
   (voluntary context switches) and the requests and bytes each home's server
   proxy saw.
2. The TUI's cold start at 100,000 conversations (quick: 2,000): veetd fills a
   store, then `veet-tui --first-frame-exit` and /bin/true are timed on a pty,
   alternately, median of 9 (quick: 3).
"""
import os, statistics, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from quiet_harness import (Lab, Proxy, cached_sessions, load_average, proc_cpu, proc_rss, switches_since, synced,
                           thread_switches, timed_on_pty, warm_up)

bin_dir, quick = sys.argv[1], sys.argv[2] == "1"
only = sys.argv[3] if len(sys.argv) > 3 else None
sessions, window, warm_min, warm_max, quiet = (300, 5, 2, 90, 2) if quick else (10_000, 60, 30, 900, 10)
cold_sessions, cold_runs = (2_000, 3) if quick else (100_000, 9)


def ratio(value, base):
    return f"{value / base:.3f}x" if base else "-"


def line(name, text):
    print(f"  {name:<58} {text}")


def idle():
    lab = Lab(bin_dir)
    try:
        port, token = lab.fixture(sessions)
        pair, alone = Proxy(port), Proxy(port)
        env = lab.home()
        lab.connect(env, pair.url, token)
        daemon = lab.veetd(env)
        tui = lab.tui(env)
        env_alone = lab.home()
        lab.connect(env_alone, alone.url, token)
        tui_alone = lab.tui(env_alone)
        sleeper = lab.sleeper()
        warm = warm_up([pair, alone], warm_min, warm_max, quiet)
        pids = {"veetd": daemon.pid, "tui": tui, "alone": tui_alone, "sleep": sleeper.pid}
        before = {name: (proc_cpu(pid), thread_switches(pid)) for name, pid in pids.items()}
        counts0 = {"pair": pair.counts(), "alone": alone.counts()}
        t0 = time.time()
        time.sleep(window)
        minutes = (time.time() - t0) / 60
        cpu = {name: (proc_cpu(pid) - before[name][0]) * 1000 / minutes for name, pid in pids.items()}
        wakes = {name: switches_since(pid, before[name][1]) / minutes for name, pid in pids.items()}
        rss = {name: proc_rss(pid) for name, pid in pids.items()}
        sent = {name: [(now - then) / minutes for now, then in zip(proxy.counts(), counts0[name])]
                for name, proxy in (("pair", pair), ("alone", alone))}
        print(f"\n== idle: at rest, {sessions:,} conversations, {minutes * 60:.0f} s window "
              f"after a {warm:.0f} s warm-up, load {load_average()} ==")
        print("  baseline: veet-tui alone (no veetd, walks the index itself), /bin/sleep for wake-ups")
        line("veet-tui beside veetd, CPU per idle minute / alone",
             f"{cpu['tui']:.1f} ms vs {cpu['alone']:.1f} ms: {ratio(cpu['tui'], cpu['alone'])}")
        line("veet-tui beside veetd, wake-ups per idle minute / alone",
             f"{wakes['tui']:.0f} vs {wakes['alone']:.0f}: {ratio(wakes['tui'], wakes['alone'])}"
             f" (/bin/sleep {wakes['sleep']:.0f})")
        line("veetd, CPU per idle minute", f"{cpu['veetd']:.1f} ms ({cpu['veetd'] / 600:.3f} % of a core)")
        line("veetd, wake-ups per idle minute", f"{wakes['veetd']:.0f} (/bin/sleep {wakes['sleep']:.0f})")
        line("veetd (TUI beside it), requests per idle minute / TUI alone",
             f"{sent['pair'][0]:.1f} vs {sent['alone'][0]:.1f}: {ratio(sent['pair'][0], sent['alone'][0])}")
        line("veetd (TUI beside it), bytes per idle minute / TUI alone",
             f"{sent['pair'][1] / 1000:.1f} KB vs {sent['alone'][1] / 1000:.1f} KB: "
             f"{ratio(sent['pair'][1], sent['alone'][1])}")
        line("resident memory: veet-tui, veetd, veet-tui alone",
             f"{rss['tui']:.1f} MiB, {rss['veetd']:.1f} MiB, {rss['alone']:.1f} MiB")
    finally:
        lab.close()


def cold_start():
    lab = Lab(bin_dir)
    try:
        port, token = lab.fixture(cold_sessions)
        env = lab.home()
        lab.connect(env, f"http://127.0.0.1:{port}", token)
        daemon = lab.veetd(env)
        started = time.time()
        while not synced(env) and time.time() - started < (60 if quick else 900):
            time.sleep(1)
        filled = time.time() - started
        daemon.terminate()
        daemon.wait(timeout=30)
        cached = cached_sessions(env)
        env.update(LINES="48", COLUMNS="160")
        tui, tui_cpu, base, base_cpu = [], [], [], []
        for _ in range(cold_runs):
            milliseconds, cpu, status = timed_on_pty(f"{bin_dir}/veet-tui", ["--first-frame-exit"], env)
            if status != 0:
                sys.exit(f"veet-tui --first-frame-exit exited with {status}")
            tui.append(milliseconds)
            tui_cpu.append(cpu)
            milliseconds, cpu, _ = timed_on_pty("/bin/true", [], env)
            base.append(milliseconds)
            base_cpu.append(cpu)
        print(f"\n== idle: the TUI's cold start, {cached:,} cached conversations (veetd filled them in {filled:.0f} s), "
              f"160x48 pty, median of {cold_runs}, load {load_average()} ==")
        line("/bin/true (baseline)", f"{statistics.median(base):.2f} ms (cpu {statistics.median(base_cpu):.1f} ms)")
        line("veet-tui --first-frame-exit",
             f"{statistics.median(tui):.1f} ms (max {max(tui):.1f} ms; cpu {statistics.median(tui_cpu):.1f} ms)")
        line(f"veet-tui cold start at {cached:,} / /bin/true",
             ratio(statistics.median(tui), statistics.median(base)))
    finally:
        lab.close()


if only != "cold":
    idle()
if only != "idle":
    cold_start()
