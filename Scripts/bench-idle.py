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
"""
import json, os, pty, select, shutil, signal, socket, subprocess, sys, tempfile, threading, time, uuid

args = sys.argv[1:]
if not args:
    sys.exit(__doc__)
bin_dir = args[0]
def opt(name, default):
    return args[args.index(name) + 1] if name in args else default
fixture_bin = opt("--fixture-bin", bin_dir)
sessions = int(opt("--sessions", "10000"))
warmup = float(opt("--warmup", "60"))
window = float(opt("--window", "60"))
warmup_max = float(opt("--warmup-max", "600"))
focused = "--focused" in args
label = opt("--label", bin_dir)
CLK = os.sysconf("SC_CLK_TCK")

class Proxy:
    """Forwards one port to the fixture, counting requests (request lines) and response bytes."""
    def __init__(self, target_port):
        self.target = target_port
        self.requests = 0
        self.bytes = 0
        self.last_request = time.time()
        self.lock = threading.Lock()
        self.server = socket.socket()
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(64)
        self.port = self.server.getsockname()[1]
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self):
        while True:
            client, _ = self.server.accept()
            upstream = socket.create_connection(("127.0.0.1", self.target))
            threading.Thread(target=self.pump, args=(client, upstream, True), daemon=True).start()
            threading.Thread(target=self.pump, args=(upstream, client, False), daemon=True).start()

    def pump(self, source, sink, is_request):
        tail = b""
        try:
            while True:
                data = source.recv(65536)
                if not data:
                    break
                with self.lock:
                    if is_request:
                        seen = tail + data
                        for method in (b"GET ", b"POST ", b"PUT ", b"PATCH ", b"DELETE "):
                            self.requests += seen.count(b"\r\n" + method) + (1 if seen.startswith(method) and not tail else 0)
                        tail = data[-8:]
                        self.last_request = time.time()
                    else:
                        self.bytes += len(data)
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for s in (source, sink):
                try: s.shutdown(socket.SHUT_RDWR)
                except OSError: pass

    def counts(self):
        with self.lock:
            return self.requests, self.bytes

def proc_cpu(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLK

def proc_switches(pid):
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            for line in open(f"/proc/{pid}/task/{task}/status"):
                if line.startswith("voluntary_ctxt_switches"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total

def thread_switches(pid):
    found = {}
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            name = open(f"/proc/{pid}/task/{task}/comm").read().strip()
            for line in open(f"/proc/{pid}/task/{task}/status"):
                if line.startswith("voluntary_ctxt_switches"):
                    found[f"{task}:{name}"] = int(line.split()[1])
        except OSError:
            pass
    return found

def proc_rss(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS"):
            return int(line.split()[1]) / 1024
    return 0.0

root = tempfile.mkdtemp(prefix="vqi-", dir="/tmp")
env = dict(os.environ)
for key in ("DBUS_SESSION_BUS_ADDRESS", "NOTIFY_SOCKET", "VEET_URL", "VEET_TOKEN", "TERMINAL"):
    env.pop(key, None)
for sub in ("config", "data", "state", "run"):
    os.makedirs(f"{root}/{sub}", mode=0o700)
env.update(HOME=root, XDG_CONFIG_HOME=f"{root}/config", XDG_DATA_HOME=f"{root}/data",
           XDG_STATE_HOME=f"{root}/state", XDG_RUNTIME_DIR=f"{root}/run", TERM="xterm-256color", VEET_APPEARANCE="dark")
token = "bench-" + uuid.uuid4().hex
children = []
try:
    fixture = subprocess.Popen([f"{fixture_bin}/veet-fixture", "--port", "0", "--token", token,
                                "--seed-sessions", str(sessions)],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, start_new_session=True)
    children.append(fixture)
    url = fixture.stdout.readline().decode().strip()
    threading.Thread(target=lambda: fixture.stdout.read(), daemon=True).start()
    proxy = Proxy(int(url.rsplit(":", 1)[1].split("/")[0]))
    proxied = f"http://127.0.0.1:{proxy.port}"
    subprocess.run([f"{bin_dir}/veet", "connect", proxied, "--name", "fx"], input=token.encode(), env=env,
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    daemon = subprocess.Popen([f"{bin_dir}/veetd", "--notifier", "log"], env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, start_new_session=True)
    children.append(daemon)
    deadline = time.time() + 60
    while not os.path.exists(f"{root}/run/veet/veetd.sock") and time.time() < deadline:
        time.sleep(0.1)
    tui_pid, tui_fd = pty.fork()
    if tui_pid == 0:
        os.execve(f"{bin_dir}/veet-tui", [f"{bin_dir}/veet-tui"], env)
    import fcntl, struct, termios
    fcntl.ioctl(tui_fd, termios.TIOCSWINSZ, struct.pack("HHHH", 48, 160, 0, 0))
    os.kill(tui_pid, signal.SIGWINCH)
    screen_bytes = [0]
    def drain():
        while True:
            try:
                ready, _, _ = select.select([tui_fd], [], [], 1)
                if ready:
                    screen_bytes[0] += len(os.read(tui_fd, 65536))
            except OSError:
                return
    threading.Thread(target=drain, daemon=True).start()
    time.sleep(2)
    if not focused:
        os.write(tui_fd, b"\x1b[O")  # the terminal reports the focus lost
    started = time.time()
    while time.time() - started < warmup or time.time() - proxy.last_request < 10:
        if time.time() - started > max(warmup, warmup_max):
            break
        time.sleep(1)
    warm = time.time() - started
    pids = {"veetd": daemon.pid, "veet-tui": tui_pid, "fixture": fixture.pid}
    before = {name: (proc_cpu(pid), proc_switches(pid)) for name, pid in pids.items()}
    threads0 = {name: thread_switches(pid) for name, pid in pids.items()}
    requests0, bytes0 = proxy.counts()
    t0 = time.time()
    time.sleep(window)
    elapsed = time.time() - t0
    requests1, bytes1 = proxy.counts()
    result = {"label": label, "sessions": sessions, "focused": focused, "warmup_s": round(warm), "window_s": round(elapsed),
              "requests_per_min": round((requests1 - requests0) * 60 / elapsed, 1),
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
    try:
        os.kill(tui_pid, signal.SIGTERM)
        os.waitpid(tui_pid, 0)
    except Exception:
        pass
    for child in children:
        try:
            os.killpg(child.pid, signal.SIGTERM)
            child.wait(timeout=10)
        except Exception:
            child.kill()
    shutil.rmtree(root, ignore_errors=True)
