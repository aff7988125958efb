"""What the idle measurements share (Scripts/bench-idle.py, Scripts/bench-quiet.py; docs/bench.md,
"Quiet at rest"): a counting proxy in front of the fixture, private homes with a saved connection,
veetd and veet-tui started in them (veet-tui on a pseudo-terminal), and readings from /proc."""
import os, pty, select, shutil, signal, socket, sqlite3, subprocess, tempfile, threading, time, uuid

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
        self.url = f"http://127.0.0.1:{self.port}"
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
    """CPU seconds (user and system) the process has used."""
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLK


def thread_switches(pid):
    """Voluntary context switches (wake-ups) of each thread, by "task:name"."""
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


def proc_switches(pid):
    return sum(thread_switches(pid).values())


def switches_since(pid, before):
    """Wake-ups since `before` (a `thread_switches` reading): threads that ended meanwhile take theirs with them."""
    return sum(max(0, count - before.get(task, 0)) for task, count in thread_switches(pid).items())


def synced(env):
    """Whether veetd's log reports a finished sync of the connection "fx" (the one `Lab.connect` saves)."""
    try:
        return "sync fx:" in open(f"{env['XDG_STATE_HOME']}/veet/veetd.log").read()
    except OSError:
        return False


def proc_rss(pid):
    """Resident memory in MiB."""
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS"):
            return int(line.split()[1]) / 1024
    return 0.0


def proc_counts(pid):
    """Open file descriptors and threads."""
    return len(os.listdir(f"/proc/{pid}/fd")), len(os.listdir(f"/proc/{pid}/task"))


def load_average():
    return " ".join(open("/proc/loadavg").read().split()[:3])


class Lab:
    """Private homes and the processes started in them; `close` stops them all and removes the homes."""
    def __init__(self, bin_dir, fixture_bin=None):
        self.bin_dir = bin_dir
        self.fixture_bin = fixture_bin or bin_dir
        self.children = []  # Popen objects, each in a session of its own
        self.ttys = []      # pids of the processes on a pty
        self.roots = []

    def home(self):
        """A private home (short path: veetd's socket must fit in sockaddr_un) and its environment."""
        root = tempfile.mkdtemp(prefix="vqi-", dir="/tmp")
        self.roots.append(root)
        env = dict(os.environ)
        for key in ("DBUS_SESSION_BUS_ADDRESS", "NOTIFY_SOCKET", "VEET_URL", "VEET_TOKEN", "TERMINAL", "TMUX", "NO_COLOR"):
            env.pop(key, None)
        for sub in ("config", "data", "state", "run", "cache"):
            os.makedirs(f"{root}/{sub}", mode=0o700)
        env.update(HOME=root, XDG_CONFIG_HOME=f"{root}/config", XDG_DATA_HOME=f"{root}/data",
                   XDG_STATE_HOME=f"{root}/state", XDG_RUNTIME_DIR=f"{root}/run", XDG_CACHE_HOME=f"{root}/cache",
                   TERM="xterm-256color", VEET_APPEARANCE="dark")
        return env

    def fixture(self, sessions, extra=()):
        """veet-fixture with `sessions` seeded conversations: (its port, its token)."""
        token = "bench-" + uuid.uuid4().hex
        process = subprocess.Popen([f"{self.fixture_bin}/veet-fixture", "--port", "0", "--token", token,
                                    "--seed-sessions", str(sessions), *extra],
                                   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, start_new_session=True)
        self.children.append(process)
        url = process.stdout.readline().decode().strip()
        threading.Thread(target=lambda: process.stdout.read(), daemon=True).start()
        return int(url.rsplit(":", 1)[1].split("/")[0]), token

    def connect(self, env, url, token):
        subprocess.run([f"{self.bin_dir}/veet", "connect", url, "--name", "fx"], input=token.encode(), env=env,
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def veetd(self, env):
        process = subprocess.Popen([f"{self.bin_dir}/veetd", "--notifier", "log"], env=env, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL, start_new_session=True)
        self.children.append(process)
        deadline = time.time() + 60
        while not os.path.exists(f"{env['XDG_RUNTIME_DIR']}/veet/veetd.sock") and time.time() < deadline:
            time.sleep(0.1)
        return process

    def sleeper(self):
        """/bin/sleep, the floor of a wake-up count."""
        process = subprocess.Popen(["/bin/sleep", "100000"], start_new_session=True)
        self.children.append(process)
        return process

    def tui(self, env, focused=False, args=()):
        """veet-tui on a 160x48 pty whose output is drained; told it lost the focus unless `focused`. Its pid."""
        pid, fd = pty.fork()
        if pid == 0:
            os.execve(f"{self.bin_dir}/veet-tui", [f"{self.bin_dir}/veet-tui", *args], env)
        import fcntl, struct, termios
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 48, 160, 0, 0))
        os.kill(pid, signal.SIGWINCH)
        self.ttys.append(pid)
        def drain():
            while True:
                try:
                    ready, _, _ = select.select([fd], [], [], 1)
                    if ready and not os.read(fd, 65536):
                        return
                except OSError:
                    return
        threading.Thread(target=drain, daemon=True).start()
        time.sleep(2)
        if not focused:
            os.write(fd, b"\x1b[O")  # the terminal reports the focus lost
        return pid

    def close(self):
        for pid in self.ttys:
            try:
                os.kill(pid, signal.SIGTERM)
                os.waitpid(pid, 0)
            except Exception:
                pass
        for child in self.children:
            try:
                os.killpg(child.pid, signal.SIGTERM)
                child.wait(timeout=10)
            except Exception:
                child.kill()
        for root in self.roots:
            shutil.rmtree(root, ignore_errors=True)


def warm_up(proxies, minimum, maximum, quiet=10):
    """Waits at least `minimum` seconds and until no proxy saw a request for `quiet` seconds (at most `maximum`)."""
    started = time.time()
    while time.time() - started < minimum or any(time.time() - p.last_request < quiet for p in proxies):
        if time.time() - started > max(minimum, maximum):
            break
        time.sleep(0.5)
    return time.time() - started


def cached_sessions(env):
    """How many conversations the home's store holds (0 before it exists)."""
    try:
        with sqlite3.connect(f"file:{env['XDG_DATA_HOME']}/veet/veet.sqlite?mode=ro", uri=True, timeout=5) as db:
            return db.execute("SELECT count(*) FROM sessions").fetchone()[0]
    except sqlite3.Error:
        return 0


def timed_on_pty(path, args, env):
    """Milliseconds from fork to exit of a program on a fresh pty (output drained), its CPU milliseconds
    (user and system: what the machine's load inflates least) and its exit code."""
    started = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(path, [path, *args], env)
    while True:
        try:
            if not os.read(fd, 65536):
                break
        except OSError:
            break
    _, status, usage = os.wait4(pid, 0)
    elapsed = (time.perf_counter() - started) * 1000
    os.close(fd)
    return elapsed, (usage.ru_utime + usage.ru_stime) * 1000, os.waitstatus_to_exitcode(status)
