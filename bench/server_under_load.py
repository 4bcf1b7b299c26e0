#!/usr/bin/env python3
"""The graphical program's server under hostile load: how long /api/state takes while many
event streams and slow clients ("slowloris": a request header sent a byte a second, never
finished) hold connections open. Prints the streams accepted and refused and the latency of
sequential /api/state requests (median, 95th percentile, worst).

    bench/server_under_load.py [build/release/mneme] [--streams 200] [--slow 50] [--requests 40]
"""
import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def connect(port):
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return s


def status_of(s):
    """The status of the answer arriving on socket `s` (0 when there is none)."""
    reply = b""
    while b"\r\n" not in reply:
        chunk = s.recv(4096)
        if not chunk:
            break
        reply += chunk
    return int(reply.split(b" ")[1]) if reply.startswith(b"HTTP/") else 0


def request(port, path):
    """The status of one GET, on a connection of its own."""
    with connect(port) as s:
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
        return status_of(s)


def open_stream(port):
    """An event stream held open: (socket, status)."""
    s = connect(port)
    s.sendall(f"GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
    return s, status_of(s)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("mneme", nargs="?", default=os.path.join(ROOT, "build", "release", "mneme"))
    parser.add_argument("--streams", type=int, default=200)
    parser.add_argument("--slow", type=int, default=50)
    parser.add_argument("--requests", type=int, default=40)
    args = parser.parse_args()

    port = free_port()
    games = tempfile.mkdtemp(prefix="mneme_server_load_")
    server = subprocess.Popen([args.mneme, "serve", "--port", str(port), "--no-save", "--games-dir", games],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                if request(port, "/api/state") == 200:
                    break
            except OSError:
                time.sleep(0.1)
        streams, statuses = [], {}
        for _ in range(args.streams):
            s, status = open_stream(port)
            statuses[status] = statuses.get(status, 0) + 1
            (streams.append(s) if status == 200 else s.close())

        stop = threading.Event()
        slow = [connect(port) for _ in range(args.slow)]
        header = f"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Pad: " + "a" * 10000

        def dribble():
            at = 0
            while not stop.is_set() and at < len(header):
                for s in slow:
                    try:
                        s.send(header[at].encode())
                    except OSError:
                        pass
                at += 1
                stop.wait(1.0)

        dribbler = threading.Thread(target=dribble)
        dribbler.start()
        time.sleep(3)  # past the server's 2 s read timeout: the dribblers are still there

        latencies, failures = [], 0
        for _ in range(args.requests):
            start = time.monotonic()
            try:
                ok = request(port, "/api/state") == 200
            except OSError:
                ok = False
            latencies.append((time.monotonic() - start) * 1000)
            failures += not ok
            time.sleep(0.05)
        stop.set()
        dribbler.join()
        latencies.sort()
        print(f"event streams asked {args.streams}: " +
              ", ".join(f"{count} answered {status}" for status, count in sorted(statuses.items())))
        print(f"slow clients (a header byte a second) {args.slow}, held for the whole measurement")
        print(f"/api/state x {args.requests}: median {statistics.median(latencies):.1f} ms, "
              f"95% {latencies[int(0.95 * (len(latencies) - 1))]:.1f} ms, worst {latencies[-1]:.1f} ms, "
              f"failed {failures}")
        for s in streams + slow:
            s.close()
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    sys.exit(main())
