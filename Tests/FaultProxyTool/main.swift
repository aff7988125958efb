// veet-fault-proxy: the fault-injecting loopback proxy as a program, switched
// over its control interface (see docs/reliability.md).
import FaultProxyCore
import Foundation
import VeetTestSupport
#if canImport(Glibc)
import Glibc
#endif

let usage = """
    usage: veet-fault-proxy --upstream http://127.0.0.1:PORT [--port P] [--control-port P] [--tls] [--mode RULE]...

    A TCP proxy on 127.0.0.1 in front of one loopback server that injects faults into answers.
    Prints "proxy URL" and "control URL" on stdout, then runs until SIGINT or SIGTERM.

      --upstream URL       the server to forward to (127.0.0.1 or localhost only)
      --port P             proxy port (default 0: a free port)
      --control-port P     control port (default 0: a free port)
      --mode RULE          a starting rule (repeatable); default: pass everything through
      --tls                take https:// too: the proxy URL printed is a TLS front before the proxy, with
                           the tests' loopback certificate (trust: SSL_CERT_FILE=AUTHORITY, printed as
                           "authority PATH"); faults apply to the bytes inside TLS
      --help               show this help

    Rules: FAULT [VALUE] [count=N] [match=TEXT], tried in order; the first rule that matches a
    request (its request line contains TEXT) and is not spent (count) decides its answer:
      pass                 forward both ways
      drop                 forward the request, wait for the answer to begin, close (applied, answer lost)
      cut BYTES            forward BYTES of the answer (head included), then close
      cut-body BYTES       forward the head and BYTES of the body, then close
      delay MS             wait MS before each answer chunk
      stall BYTES          forward BYTES of the answer, then hold the connection open and silent
      trickle MS           forward the answer one byte at a time, MS apart
      redirect URL         answer 307 to URL without contacting the server

    Control (HTTP on the control port; every answer closes):
      GET  /mode           the rules in force
      POST /mode           replace them with the body (one rule per line; empty body: pass)
      GET  /stats          connections, requests, faults applied, bytes each way (JSON)

    Example: curl -d 'cut-body 200 count=3 match=/events' http://127.0.0.1:CONTROL/mode
    """

func fail(_ text: String) -> Never {
    FileHandle.standardError.write(Data("veet-fault-proxy: \(text)\n".utf8))
    exit(2)
}

/// Unbuffered, so a parent reading the first lines sees them at once.
func say(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}

func runProxy() {
    var upstream: URL?
    var proxyPort: UInt16 = 0
    var controlPort: UInt16 = 0
    var rules: [FaultRule] = []
    var tls = false
    var arguments = CommandLine.arguments.dropFirst()
    func value(_ flag: String) -> String {
        guard let next = arguments.popFirst() else { fail("\(flag) needs a value") }
        return next
    }
    while let flag = arguments.popFirst() {
        switch flag {
        case "--help", "-h":
            say(usage)
            exit(0)
        case "--upstream":
            let text = value(flag)
            guard let url = URL(string: text), url.scheme == "http", ["127.0.0.1", "localhost"].contains(url.host ?? ""),
                  url.port != nil else { fail("--upstream must be http://127.0.0.1:PORT (loopback only), not \(text)") }
            upstream = url
        case "--port", "--control-port":
            guard let port = UInt16(value(flag)) else { fail("\(flag) needs a port number") }
            if flag == "--port" { proxyPort = port } else { controlPort = port }
        case "--tls":
            tls = true
        case "--mode":
            do { rules.append(try FaultRule.parse(value(flag))) } catch { fail("--mode: \(error)") }
        default:
            fail("unknown option \(flag) (see --help)")
        }
    }
    guard let upstream else { fail("--upstream is required (see --help)") }

    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGINT)
    sigaddset(&signals, SIGTERM)
    // Blocked before any thread starts, so every thread inherits the mask and sigwait receives them.
    pthread_sigmask(SIG_BLOCK, &signals, nil)

    let schedule = FaultSchedule(rules)
    do {
        let proxy = try FaultProxy(upstream: upstream, port: proxyPort) { schedule.decide($0) }
        let control = try ControlServer(schedule: schedule, port: controlPort) { proxy.stats }
        let front = try tls ? TLSFront(upstreamPort: proxy.url.port ?? 0) : nil
        say("proxy \(front?.baseURL ?? proxy.url.absoluteString)\ncontrol \(control.url.absoluteString)"
            + (tls ? "\nauthority \(TLSFront.authority)" : ""))
        var received: Int32 = 0
        sigwait(&signals, &received)
        front?.stop()
        control.stop()
        proxy.stop()
        say("stopped: \(proxy.stats.json)")
    } catch {
        fail("\(error)")
    }
}

runProxy()
