"""The MCP App (ui://e2b/sandboxes, the io.modelcontextprotocol/ui extension, SEP-1865) of build/e2b-mcp
--http, against the simulator, with OAuth access tokens from a real authorization server
(oidc-provider: tests/keystore/oidc_clients.mjs).

On the wire (2025-11-25 sessions and 2026-07-28 requests): a client that does not declare the
extension sees nothing of it (no _meta on any tool, no ui:// resource, a read of it not found, no
extension among the capabilities); one that declares it gets the list, get, metrics and logs tools
pointing at it (_meta.ui.resourceUri), the resource listed with the extension's MIME type, and a read
that is an HTML page with a CSP naming no domain, told the actions this caller may take (every one
with kill enabled and every scope; no kill without E2B_MCP_ENABLE_KILL; none for an e2b:read token).

In Debian's headless Chromium (tests/app/app_browser.mjs: a host page built with the official
client and @modelcontextprotocol/ext-apps's app bridge): the overview lists the simulator's
sandboxes with their states, the concurrency against its limit, filters by state and metadata; a
pause pressed on the page (keyboard) reaches the simulator and the row turns paused; a sandbox's
charts have every metric point of the range and its logs filter by level and page back; the App opens
a sandbox when the host's tool call was its metrics, in the host's dark theme and colours; a read-only
token's page shows no action. The browser asks nothing of any origin but the host page's own (the
App loads nothing), every control has a name, and the screenshots (PNG) of each view are written to
build/app/ (APP_SHOTS_DIR=docs: into docs/, for the README)."""
import json
import os
import struct
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from report import at_exit, check, eq, note, run  # noqa: E402
from sim import BUILD, ROOT, Sim, server_env, stop, track  # noqa: E402
from issuer import start_client_issuer  # noqa: E402
from mcp import HttpSession, request, rpc, start_http  # noqa: E402

BIN = os.path.join(BUILD, "e2b-mcp")
NPM = os.path.join(BUILD, "npm")
NODE_BIN = os.path.join(NPM, "node22", "node_modules", "node", "bin")
MODULES = os.path.join(NPM, "apps", "node_modules")
SHOTS = os.path.join(ROOT, os.environ["APP_SHOTS_DIR"]) if os.environ.get("APP_SHOTS_DIR") else os.path.join(BUILD, "app")
RESOURCE = "https://mcp.example.test/mcp"
URI = "ui://e2b/sandboxes"
MIME = "text/html;profile=mcp-app"
UI_CAPS = {"extensions": {"io.modelcontextprotocol/ui": {"mimeTypes": [MIME]}}}
POINTING = {"e2b_list_sandboxes", "e2b_get_sandbox", "e2b_get_sandbox_metrics", "e2b_get_sandbox_logs"}
MODERN = "2026-07-28"


def start_issuer(workdir):
    return start_client_issuer(os.path.join(NODE_BIN, "node"), NPM, RESOURCE, ["alice-app", "reader-app"],
                               os.path.join(workdir, "jwks.json"))

def modern(port, rid, method, params, token, caps):
    params = dict(params)
    params["_meta"] = {"io.modelcontextprotocol/protocolVersion": MODERN, "io.modelcontextprotocol/clientCapabilities": caps}
    h = {"MCP-Protocol-Version": MODERN, "Mcp-Method": method, "Authorization": "Bearer " + token}
    if method == "tools/call":
        h["Mcp-Name"] = params["name"]
    r = request(port, "POST", rpc(rid, method, params), h)
    return r.events()[-1]


def config_of(html):
    a = html.index('id="e2b-config">') + len('id="e2b-config">')
    return json.loads(html[a:html.index("</script>", a)])


def wire(port, tok, ro_tok, port_nokill):
    """The extension on the wire, both eras: nothing without it, everything with it."""
    for label, caps in (("without the extension", {}), ("declaring the extension", UI_CAPS)):
        on = bool(caps)
        s = HttpSession(port, token=tok, caps=caps)
        tools = s.list_tools()
        meta = {t["name"]: t.get("_meta") for t in tools if t.get("_meta")}
        eq("2025-11-25 %s: the tools that point at the App" % label, set(meta), POINTING if on else set())
        check("2025-11-25 %s: each points at %s (_meta.ui.resourceUri)" % (label, URI),
              all(m == {"ui": {"resourceUri": URI}} for m in meta.values()), meta)
        caps_out = s.init["result"]["capabilities"]
        eq("2025-11-25 %s: the extension among the server's capabilities" % label,
           caps_out.get("extensions"), {"io.modelcontextprotocol/ui": {}} if on else None)
        res = s.call("resources/list", {}).events()[-1]["result"]["resources"]
        row = [r for r in res if r["uri"].startswith("ui://")]
        eq("2025-11-25 %s: ui:// resources listed" % label, [(r["uri"], r.get("mimeType")) for r in row], [(URI, MIME)] if on else [])
        rd = s.call("resources/read", {"uri": URI}).events()[-1]
        if not on:
            check("2025-11-25 without the extension: reading the App is not found (-32002)",
                  rd.get("error", {}).get("code") == -32002, rd)
            continue
        item = rd["result"]["contents"][0]
        check("2025-11-25: the App is read as the extension's MIME type, an HTML5 document",
              item["uri"] == URI and item["mimeType"] == MIME and item["text"].startswith("<!DOCTYPE html>") and
              item["text"].rstrip().endswith("</html>"), {k: v for k, v in item.items() if k != "text"})
        csp = item.get("_meta", {}).get("ui", {}).get("csp")
        check("2025-11-25: its CSP names no domain of any kind (it loads nothing from outside)",
              csp == {"connectDomains": [], "resourceDomains": [], "frameDomains": [], "baseUriDomains": []}, csp)
        page = item["text"].replace("'http://www.w3.org/2000/svg'", "")   # SVG's namespace, a name, not a place
        check("2025-11-25: the page itself names no origin (no http(s):// URL, no <link>, no src=)",
              "http://" not in page and "https://" not in page and "<link" not in page and " src=" not in page, "")
        eq("2025-11-25: a token with every scope on a server with kill enabled may pause, resume, extend and kill",
           config_of(item["text"]), {"actions": ["pause", "resume", "extend", "kill"], "limit": 20})
    # 2026-07-28: per request
    for label, caps in (("without the extension", {}), ("declaring the extension", UI_CAPS)):
        on = bool(caps)
        tl = modern(port, 1, "tools/list", {}, tok, caps)["result"]
        eq("2026-07-28 %s: the tools that point at the App" % label, {t["name"] for t in tl["tools"] if t.get("_meta")},
           POINTING if on else set())
        check("2026-07-28 %s: its tools/list may be cached by this caller only" % label, tl.get("cacheScope") == "private", tl.get("cacheScope"))
        dc = modern(port, 2, "server/discover", {}, tok, caps)["result"]
        eq("2026-07-28 %s: server/discover's extensions" % label, dc["capabilities"].get("extensions"),
           {"io.modelcontextprotocol/ui": {}} if on else None)
        rd = modern(port, 3, "resources/read", {"uri": URI}, tok, caps)
        if on:
            check("2026-07-28: the App is read, private to its caller", rd["result"]["contents"][0]["mimeType"] == MIME and
                  rd["result"].get("cacheScope") == "private", rd.get("result", {}).get("cacheScope"))
        else:
            check("2026-07-28 without the extension: reading the App is not found (-32602)", rd.get("error", {}).get("code") == -32602, rd)
    # what a caller may do
    rd = HttpSession(port, token=ro_tok, caps=UI_CAPS).call("resources/read", {"uri": URI}).events()[-1]
    eq("an e2b:read token's App may take no action", config_of(rd["result"]["contents"][0]["text"]), {"actions": [], "limit": 20})
    rd = HttpSession(port_nokill, token=tok, caps=UI_CAPS).call("resources/read", {"uri": URI}).events()[-1]
    eq("without E2B_MCP_ENABLE_KILL the App may not kill (and no limit is shown without E2B_MCP_TEAM_CONCURRENCY)",
       config_of(rd["result"]["contents"][0]["text"]), {"actions": ["pause", "resume", "extend"], "limit": 0})


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    return struct.unpack(">II", head[16:24])


def browser(scenario, port, token):
    env = dict(os.environ, APP_MODULES=MODULES, APP_MCP="http://127.0.0.1:%d/mcp" % port, APP_TOKEN=token, APP_SHOTS=SHOTS)
    env["PATH"] = NODE_BIN + os.pathsep + env.get("PATH", "")
    q = subprocess.run(["node", os.path.join(ROOT, "tests", "app", "app_browser.mjs"), scenario], env=env,
                       capture_output=True, timeout=150)
    try:
        seen = json.loads(q.stdout.decode().strip().splitlines()[-1])
    except (ValueError, IndexError):
        seen = {"ok": False, "error": (q.stdout + q.stderr).decode()[-800:]}
    check("browser %s: ran to its end" % scenario, seen.get("ok"), seen.get("error"))
    others = [u for u in seen.get("requests", []) if not u.startswith(seen.get("origin", "?") + "/")]
    check("browser %s: nothing was asked of any origin but the host page's" % scenario, not others, others[:5])
    csp = [c for c in seen.get("console", []) if "Content Security Policy" in c or "Refused to" in c]
    check("browser %s: no CSP violation (the App loads nothing)" % scenario, not csp, csp[:3])
    return seen


def main():
    os.makedirs(SHOTS, exist_ok=True)
    work = os.path.join(BUILD, "app")
    os.makedirs(work, exist_ok=True)
    sim = Sim.start()
    op, issuer, jwks, token = start_issuer(work)
    at_exit(lambda: stop(op))
    auth = {"E2B_MCP_AUTH_ISSUER": issuer, "E2B_MCP_AUTH_RESOURCE": RESOURCE, "E2B_MCP_AUTH_JWKS_FILE": jwks}
    port, p = start_http(BIN, server_env(sim.port, extra=dict(auth, E2B_MCP_ENABLE_KILL="1", E2B_MCP_TEAM_CONCURRENCY="20")))
    at_exit(lambda: stop(p))
    port_nokill, p2 = start_http(BIN, server_env(sim.port, extra=auth))
    at_exit(lambda: stop(p2))
    tok = token("alice-app", "e2b:read e2b:write e2b:kill")
    ro = token("reader-app", "e2b:read")

    wire(port, tok, ro, port_nokill)
    stop(p2)

    # ---- in the browser ----
    want = {s["sandboxID"]: s["state"] for s in sim.state()["sandboxes"]}
    sim.clear()
    o = browser("overview", port, tok)
    rows = {r["id"]: r for r in o.get("rows", [])}
    note("the simulator's sandboxes: %s" % json.dumps(want))
    eq("overview: one row per sandbox of the simulator's, with its state", {k: v["state"] for k, v in rows.items()}, want)
    check("overview: template, time left and metadata shown (ialiceprod00000000001: base, hours left, user=alice)",
          rows.get("ialiceprod00000000001", {}).get("template") == "base" and "h" in rows["ialiceprod00000000001"]["left"] and
          "user=alice" in rows["ialiceprod00000000001"]["meta"], rows.get("ialiceprod00000000001"))
    eq("overview: the concurrency against the team's limit", (o.get("concurrency"), o.get("meter")), ("5 of 20 running", [5, 20]))
    check("overview: a running sandbox offers pause, extend and kill; a paused one resume and kill",
          rows.get("ialiceprod00000000001", {}).get("actions") == ["pause", "extend", "kill"] and
          rows.get("ialicepaused000000001", {}).get("actions") == ["resume", "kill"], {k: v.get("actions") for k, v in rows.items()})
    eq("overview: the state filter shows the paused ones", sorted(o.get("pausedShown", [])), sorted(k for k, v in want.items() if v == "paused"))
    eq("overview: the metadata filter user=alice", sorted(o.get("aliceShown", [])),
       ["ialicepaused000000001", "ialiceprod00000000001", "ialicestaging00000001"])
    check("overview: every control has a name (label, text or aria-label)", o.get("unnamed") == [] and o.get("detailUnnamed") == [],
          (o.get("unnamed"), o.get("detailUnnamed")))
    pauses = [r for r in sim.requests() if r["method"] == "POST" and r["path"].endswith("/pause")]
    eq("pause pressed on the page (Enter on its button) reached the simulator once, for that sandbox",
       [r["path"] for r in pauses], ["/sandboxes/ibobstaging0000000001/pause"])
    st = sim.state()
    check("the simulator has it paused", any(s.get("sandboxID") == "ibobstaging0000000001" and s.get("state") == "paused"
                                             for s in (st.get("sandboxes") or [])), "")
    check("the page updated: the row says paused and now offers resume",
          o.get("pausedOnPage") and (o.get("afterPause") or {}).get("actions") == ["resume", "kill"], o.get("afterPause"))
    charts = o.get("charts") or []
    pts = [c["points"] for c in charts]
    eq("detail: three charts (CPU, memory, disk)", [c["caption"] for c in charts], ["CPU use (%)", "Memory used (MiB)", "Disk used (GiB)"])
    check("detail: each chart has every metric point of the sandbox's life (one every 30 s over its hour: > 100) drawn",
          len(pts) == 3 and min(pts) > 100 and len(set(pts)) == 1 and all(c["circles"] == c["points"] for c in charts), charts)
    check("detail: each chart is labelled for a screen reader with its samples and latest value",
          all("samples, latest" in (c.get("label") or "") for c in charts), [c.get("label") for c in charts])
    check("detail: focus moves to the way back when a sandbox opens", o.get("focusAfterOpen") == "back", o.get("focusAfterOpen"))
    logs, warn, older = o.get("logs") or [], o.get("warnLogs") or [], o.get("olderLogs") or []
    check("detail: its logs, newest first, 20 a page", len(logs) == 20 and logs[0]["t"] > logs[-1]["t"], logs[:2])
    check("detail: the level filter warn shows warn and error only", warn and all(l["level"] in ("warn", "error") for l in warn), warn[:3])
    check("detail: Older pages back: no entry of the page before again, none newer, the level kept",
          older and warn and older[0]["t"] <= warn[-1]["t"] and not ({l["t"] for l in older} & {l["t"] for l in warn}) and
          all(l["level"] in ("warn", "error") for l in older), (warn[-1:], older[:1]))
    check("detail: back to the overview", o.get("backToOverview"), "")
    eq("light theme from the host: its background and text colours", o.get("style"),
       {"bg": "rgb(253, 253, 252)", "fg": "rgb(17, 24, 39)", "scheme": "light"})
    era = o.get("host", {})
    check("the host (the official client, auto) spoke 2026-07-28 and found the App from the list tool",
          era.get("version") == MODERN and era.get("uri") == URI and era.get("mime") == MIME and set(era.get("pointing", [])) == POINTING, era)

    d = browser("detail-dark", port, tok)
    check("a metrics call's App opens that sandbox with its charts", d.get("title") == "ialiceprod00000000001" and
          all(c["points"] > 100 and c["circles"] == c["points"] for c in d.get("charts") or [{"points": 0}]), d.get("charts"))
    eq("dark theme from the host: its background and text colours", d.get("style"),
       {"bg": "rgb(16, 20, 24)", "fg": "rgb(241, 245, 249)", "scheme": "dark"})

    r = browser("readonly", port, ro)
    check("read-only token: the sandboxes are listed", len(r.get("rows", [])) == len(want), len(r.get("rows", [])))
    check("read-only token: no action anywhere, and no actions column",
          all(not x["actions"] for x in r.get("rows", [])) and r.get("actionsHeadHidden") is True, r.get("rows", [])[:2])

    for name in ("app-overview.png", "app-detail.png", "app-detail-dark.png", "app-readonly.png"):
        size = png_size(os.path.join(SHOTS, name)) if os.path.exists(os.path.join(SHOTS, name)) else None
        check("screenshot %s: a PNG of the view (at least 600x300)" % name, size and size[0] >= 600 and size[1] >= 300, size)
    stop(p)


run(main)
