"""The OCI image (issue 35, item 5), built by `make image` with buildah. podman run is refused
in sandboxes like this one (crun cannot set RLIMIT_NOFILE), so the image's filesystem is
exported (podman create + podman export) and its entrypoint run in a chroot as the image's
config says (its user, its entrypoint with a command of ours: a loopback address; /dev/urandom
as every OCI runtime provides it): /healthz,
/readyz and a tools/call against the simulator. The config itself is checked: FROM scratch
(three files and the CA bundle), a non-root user, the entrypoint, the port, the labels; with
its own command and no token the server refuses to start."""
import json
import os
import shutil
import stat
import subprocess
import sys
import tarfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
sys.path.insert(0, os.path.join(HERE, "..", "http"))
from report import check, eq, run  # noqa: E402
from sim import BUILD, ROOT, Sim, closed_port, server_env, stop, track  # noqa: E402
from mcp import request  # noqa: E402
from test_replicas import modern  # noqa: E402

IMAGE = os.environ.get("IMAGE", "localhost/e2b-mcp:test")
PODMAN = ["podman", "--storage-driver", os.environ.get("IMAGE_STORAGE", "vfs")]
CHROOT = shutil.which("chroot") or "/usr/sbin/chroot"


def version():
    with open(os.path.join(ROOT, "e2b_mcp.h")) as f:
        for line in f:
            if line.startswith("#define E2B_MCP_VERSION "):
                return line.split('"')[1]


def start(root, cfg, env, addr):
    """The image's entrypoint with addr as its command, in a chroot of root as its user."""
    cmd = [CHROOT, "--userspec=" + cfg["User"], root] + cfg["Entrypoint"] + [addr]
    p = track(subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env))
    deadline = time.time() + 10
    while time.time() < deadline:
        line = p.stderr.readline().decode()
        if "listening on" in line:
            threading.Thread(target=lambda: [None for _ in iter(lambda: p.stderr.read(4096), b"")], daemon=True).start()
            return p
        if not line and p.poll() is not None:
            break
    stop(p)
    raise RuntimeError("the image's entrypoint did not start: %r" % cmd)


def main():
    ins = subprocess.run(PODMAN + ["image", "inspect", IMAGE], capture_output=True, timeout=60)
    if not check("make image built %s" % IMAGE, ins.returncode == 0, ins.stderr[-300:]):
        return
    info = json.loads(ins.stdout)[0]
    cfg = info.get("Config", {})
    eq("config: user is 65532:65532 (not root)", cfg.get("User"), "65532:65532")
    eq("config: entrypoint", cfg.get("Entrypoint"), ["/e2b-mcp", "--http"])
    eq("config: command (the address)", cfg.get("Cmd"), ["0.0.0.0:8080"])
    check("config: port 8080 exposed", "8080/tcp" in (cfg.get("ExposedPorts") or {}), cfg.get("ExposedPorts"))
    labels = cfg.get("Labels") or {}
    check("config: OCI labels (title, version, licenses)", labels.get("org.opencontainers.image.title") == "e2b-mcp"
          and labels.get("org.opencontainers.image.version") == version() and labels.get("org.opencontainers.image.licenses") == "MIT",
          labels)
    eq("one layer (FROM scratch: nothing but what was copied)", len(info.get("RootFS", {}).get("Layers", [])), 1)

    work = os.path.join(BUILD, "image-test-%d" % os.getpid())
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    name = "e2b-mcp-test-%d" % os.getpid()
    try:
        c = subprocess.run(PODMAN + ["create", "--name", name, IMAGE], capture_output=True, timeout=60)
        check("podman create", c.returncode == 0, c.stderr[-300:])
        tar = os.path.join(work, "fs.tar")
        x = subprocess.run(PODMAN + ["export", "-o", tar, name], capture_output=True, timeout=60)
        check("podman export", x.returncode == 0 and os.path.exists(tar), x.stderr[-300:])
    finally:
        subprocess.run(PODMAN + ["rm", "-f", name], capture_output=True, timeout=60)
    root = os.path.join(work, "root")
    with tarfile.open(tar) as t:
        files = sorted(m.name.lstrip("./") for m in t.getmembers() if m.isfile())
        t.extractall(root)
    eq("the filesystem: the binary, the CA bundle, passwd and group, nothing else", files,
       ["e2b-mcp", "etc/group", "etc/passwd", "etc/ssl/certs/ca-certificates.crt"])
    # what every OCI runtime gives a container (the runtime spec's default devices): the
    # server reads its session ids and nonces from /dev/urandom
    os.makedirs(os.path.join(root, "dev"))
    os.mknod(os.path.join(root, "dev", "urandom"), 0o666 | stat.S_IFCHR, os.makedev(1, 9))
    with open(os.path.join(root, "e2b-mcp"), "rb") as f:
        elf = f.read()
    check("the binary is static (no ELF interpreter)", elf[:4] == b"\x7fELF" and b"ld-linux" not in elf and b"ld-musl" not in elf)
    check("the CA bundle holds certificates", os.path.getsize(os.path.join(root, "etc/ssl/certs/ca-certificates.crt")) > 10000)

    sim = Sim.start()
    try:
        env = {k: v for k, v in (e.split("=", 1) for e in cfg.get("Env") or [])}
        env.update({k: v for k, v in server_env(sim.port).items() if k.startswith("E2B_")})
        q = subprocess.run([CHROOT, "--userspec=" + cfg["User"], root] + cfg["Entrypoint"] + cfg["Cmd"], capture_output=True,
                           timeout=10, env=env)
        check("as configured, without a token, the server refuses 0.0.0.0:8080 and says why", q.returncode == 2
              and b"without a token" in q.stderr, (q.returncode, q.stderr[-200:]))
        port = closed_port()
        p = start(root, cfg, env, "127.0.0.1:%d" % port)
        try:
            with open("/proc/%d/status" % p.pid) as f:
                uid = [l.split()[1] for l in f if l.startswith("Uid:")]
            eq("it runs as uid 65532", uid, ["65532"])
            r = request(port, "GET", path="/healthz")
            check("/healthz from the image: 200", r.status == 200 and json.loads(r.body) == {"status": "ok"}, (r.status, r.body))
            st, body = 0, {}
            deadline = time.time() + 5
            while time.time() < deadline and st != 200:
                r = request(port, "GET", path="/readyz")
                st, body = r.status, json.loads(r.body)
                time.sleep(0.1)
            check("/readyz from the image: 200 once E2B answered its probe", st == 200 and body.get("status") == "ready", body)
            sim.clear()
            r = modern(port, 5, "tools/call", {"name": "e2b_list_sandboxes", "arguments": {}})
            res = r.events()[-1].get("result", {}) if r.status == 200 else {}
            check("a tools/call from the image reaches the simulator", res.get("isError") is False
                  and any(x["path"].startswith("/v2/sandboxes") for x in sim.requests()), r.body[:300])
            r = request(port, "GET", path="/metrics")
            check("/metrics from the image (loopback): the call counted", r.status == 200
                  and 'gen_ai_tool_name="e2b_list_sandboxes"' in r.body, r.status)
        finally:
            stop(p)
    finally:
        sim.stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    run(main)
