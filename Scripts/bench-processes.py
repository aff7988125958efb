#!/usr/bin/env python3
"""The whole-process half of `make bench` (Scripts/bench): `veet debug sse` over a
generated stream, start-up next to /bin/true, the Python client's side when
BENCH_PYTHON is given, then issue 22's table from these figures and the
veet-bench log, every row a ratio measured in this run.

usage: bench-processes.py BIN_DIR QUICK(0|1) VEET_BENCH_LOG [BENCH_PYTHON]
"""
import os
import re
import subprocess
import sys
import tempfile
import time

bin_dir, quick, log_path = sys.argv[1], sys.argv[2] == "1", sys.argv[3]
python = sys.argv[4] if len(sys.argv) > 4 and sys.argv[4] else None
veet = os.path.join(bin_dir, "veet")
runs = 5 if quick else 15

# httpx-sse's own line and event decoders over stdin, printing what `veet debug sse` prints.
HTTPX_SSE = r"""
import json, sys
from httpx_sse._decoders import SSEDecoder, SSELineDecoder
lines, events, out = SSELineDecoder(), SSEDecoder(), sys.stdout
def emit(event):
    out.write(json.dumps({"data": event.data, "event": event.event, "id": event.id or None,
                          "retry": event.retry}, sort_keys=True, ensure_ascii=False, separators=(",", ":")) + "\n")
reader = sys.stdin.buffer
while True:
    chunk = reader.read(65536)
    if not chunk:
        break
    for line in lines.decode(chunk.decode("utf-8")):
        event = events.decode(line)
        if event is not None:
            emit(event)
for line in lines.flush():
    event = events.decode(line)
    if event is not None:
        emit(event)
"""


def timed(cmd, stdin_path=None, n=runs):
    """Median wall milliseconds of n runs after one warm-up."""
    samples = []
    for index in range(n + 1):
        stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
        start = time.perf_counter()
        subprocess.run(cmd, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        elapsed = (time.perf_counter() - start) * 1000
        if stdin_path:
            stdin.close()
        if index:
            samples.append(elapsed)
    samples.sort()
    return samples[len(samples) // 2]


def stream_file(events):
    """A run's replay shaped like the recordings: persisted frames and deltas, ~210 bytes each."""
    run = "0198d6a2-5a07-7c44-8e19-2b6f3c9d1e08"
    attempt = "0198d6a2-6b31-7f9e-9c07-3e5a8d1f2b46"
    handle = tempfile.NamedTemporaryFile("w", suffix=".sse", delete=False, encoding="utf-8")
    with handle:
        for n in range(events):
            if n % 8 == 0:
                handle.write(f'id: {n // 8 + 1}\nevent: tool.call.started\ndata: {{"call_id":"call_{n}","name":'
                             f'"workspace.write_text","run_id":"{run}","note":"caf\\u00e9 \\"quoted\\" é"}}\n\n')
            else:
                handle.write(f'event: message.delta\ndata: {{"attempt_id":"{attempt}","item_index":0,'
                             f'"run_id":"{run}","step_number":1,"text":"chunk {n} of the answer, with a line\\n"}}\n\n')
    return handle.name


print("\n== processes ==")
rows = []  # (figure, now, aim)

events = 20_000 if quick else 320_000
path = stream_file(events)
try:
    size = os.path.getsize(path)
    veet_sse = timed([veet, "debug", "sse"], path, n=3 if quick else 7)
    cat_ms = timed(["cat", path], path, n=3 if quick else 7)
    print(f"veet debug sse, {events} events ({size / 1048576:.1f} MiB): {veet_sse:.1f} ms (cat: {cat_ms:.1f} ms)")
    if python:
        probe = subprocess.run([python, "-c", "import httpx_sse"], capture_output=True)
        if probe.returncode == 0:
            py_sse = timed([python, "-c", HTTPX_SSE], path, n=1 if quick else 3)
            print(f"httpx-sse ({python}) on the same file: {py_sse:.1f} ms")
            rows.append(("veet debug sse vs httpx-sse, same file", f"{py_sse / veet_sse:.1f}x faster", "at least 10x"))
        else:
            rows.append(("veet debug sse vs httpx-sse, same file", "skipped: httpx_sse not importable", "at least 10x"))
    else:
        rows.append(("veet debug sse vs httpx-sse, same file", "skipped: BENCH_PYTHON not given", "at least 10x"))
    with open(log_path, encoding="utf-8") as log:
        text = log.read()
    decoder = re.search(r"\(a\) small frames, 16 KiB chunks\s+[\d.]+\s+([\d.]+)", text)
    if decoder:
        decode_ms = size / 1e6 / float(decoder.group(1)) * 1000
        output_ms = max(veet_sse - decode_ms, 0)
        rows.append(("debug sse: output time / SSE decoding time", f"{output_ms / decode_ms:.1f}x",
                     "at most 1x (output no slower than decoding)"))
    else:
        rows.append(("debug sse: output time / SSE decoding time", "not run (suite not selected: sse)",
                     "at most 1x (output no slower than decoding)"))
finally:
    os.unlink(path)

true_ms = timed(["/bin/true"], n=runs * 2)
version_ms = timed([veet, "--version"], n=runs * 2)
help_ms = timed([veet, "--help"], n=runs * 2)
print(f"start-up, median of {runs * 2}: /bin/true {true_ms:.2f} ms, veet --version {version_ms:.2f} ms, "
      f"veet --help {help_ms:.2f} ms")
rows.append(("veet --version / /bin/true", f"{version_ms / true_ms:.1f}x ({version_ms:.1f} ms)", "-"))
rows.append(("veet --help / /bin/true", f"{help_ms / true_ms:.1f}x ({help_ms:.1f} ms)", "-"))
probe = subprocess.run([python, "-c", "import veetbot_client"], capture_output=True) if python else None
if probe is not None and probe.returncode == 0:
    py_version = timed([python, "-m", "veetbot_client", "--version"], n=runs)
    rows.append(("veet --version vs python -m veetbot_client --version", f"{py_version / version_ms:.1f}x faster",
                 "at least 10x"))
else:
    why = "BENCH_PYTHON not given" if python is None else "veetbot_client not importable"
    rows.append(("veet --version vs python -m veetbot_client --version", f"skipped: {why}", "at least 10x"))


def from_log(pattern, describe):
    with open(log_path, encoding="utf-8") as log:
        found = re.search(pattern, log.read())
    return describe(found) if found else "not run (suite not selected)"


rows.append(("RunEventStream vs curl, same stream", from_log(
    r"RunEventStream \(\d+ frames\)\s+[\d.]+\s+([\d.]+)", lambda m: f"{m.group(1)}x"), "0.3x or better"))
rows.append(("run events decoded and reduced", from_log(
    r"decoded and reduced: (\d+) events/s", lambda m: f"{int(m.group(1)):,} events/s"), "1,000,000 events/s"))
rows.append(("veet-tui cold start to first frame / /bin/true", from_log(
    r"/bin/true \(baseline\)\s+([\d.]+) ms\n\s+veet-tui --first-frame-exit\s+([\d.]+) ms",
    lambda m: f"{float(m.group(2)) / float(m.group(1)):.1f}x ({m.group(2)} ms)"), "60 ms"))
rows.append(("Markdown to terminal / cmark-gfm HTML", from_log(
    r"terminal, width 100, SGR \+ OSC 8\s+[\d.]+\s+([\d.]+)", lambda m: f"{m.group(1)}x"), "at least 0.6x"))
rows.append(("search p95 / bare FTS5 p95", from_log(
    r"ratio p50 [\d.]+x, p95 ([\d.]+)x", lambda m: f"{m.group(1)}x"), "at most 1.3x"))
rows.append(("TUI streaming frame / plain full repaint (p50)", from_log(
    r"ratio p50 to baseline: streaming ([\d.]+)x", lambda m: f"{m.group(1)}x"), "at most 2x"))

print(f"\n== issue 22 figures ({'quick' if quick else 'full'} mode, every ratio from this run) ==")
width = max(len(r[0]) for r in rows)
now_width = max(len(r[1]) for r in rows)
for figure, now, aim in rows:
    print(f"  {figure.ljust(width)}  {now.ljust(now_width)}  aim: {aim}")
