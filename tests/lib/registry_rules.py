"""The rules of the MCP registry's published server.json schema (2025-12-11) and of the server card
(SEP-2127, which takes the same fields), checked one by one: the schema itself is not in any Debian
or npm package this project installs from, so its rules are written here as checks.

problems(doc, card=False) gives the list of what breaks a rule (empty: valid)."""
import re

NAME = re.compile(r"^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$")
URL = re.compile(r"^https?://[^\s]+$")
SHA = re.compile(r"^[a-f0-9]{64}$")
RANGE = re.compile(r"^[\^~<>=]|(^|\.)[x*]($|\.)|\s-\s|\|\|")
SERVER_KEYS = {"$schema", "_meta", "name", "title", "description", "version", "websiteUrl", "repository", "icons",
               "packages", "remotes"}
CARD_KEYS = SERVER_KEYS - {"packages"} | {"capabilities", "requires", "tools", "resources", "prompts"}
TRANSPORTS = {"stdio", "streamable-http", "sse"}


def _string(p, doc, key, out, lo=None, hi=None, required=False):
    if key not in doc:
        if required:
            out.append("%s: %s is required" % (p, key))
        return None
    v = doc[key]
    if not isinstance(v, str):
        out.append("%s.%s: not a string" % (p, key))
        return None
    if lo is not None and len(v) < lo:
        out.append("%s.%s: shorter than %d" % (p, key, lo))
    if hi is not None and len(v) > hi:
        out.append("%s.%s: longer than %d" % (p, key, hi))
    return v


def _transport(p, t, out, remote):
    if not isinstance(t, dict):
        out.append("%s: not an object" % p)
        return
    kind = _string(p, t, "type", out, required=True)
    if kind is None:
        return
    if kind not in (TRANSPORTS - {"stdio"} if remote else TRANSPORTS):
        out.append("%s.type: %r is not a %s transport" % (p, kind, "remote" if remote else "package"))
    if kind != "stdio":
        url = _string(p, t, "url", out, required=True)
        if url is not None and not URL.match(url):
            out.append("%s.url: not an http(s) URL" % p)
    for i, h in enumerate(t.get("headers", [])):
        if not isinstance(h, dict) or not isinstance(h.get("name"), str):
            out.append("%s.headers[%d]: needs a name" % (p, i))


def problems(doc, card=False):
    out = []
    if not isinstance(doc, dict):
        return ["not an object"]
    for k in doc:
        if k not in (CARD_KEYS if card else SERVER_KEYS):
            out.append("unknown field %s" % k)
    name = _string("$", doc, "name", out, 3, 200, required=True)
    if name is not None and not NAME.match(name):
        out.append("$.name: not namespace/name in reverse DNS")
    _string("$", doc, "description", out, 1, 100, required=not card)
    _string("$", doc, "title", out, 1, 100)
    version = _string("$", doc, "version", out, None, 255, required=True)
    if version is not None and (RANGE.search(version) or version == "latest"):
        out.append("$.version: a range or 'latest', not a version")
    schema = _string("$", doc, "$schema", out, required=card)
    if schema is not None and not URL.match(schema):
        out.append("$.$schema: not a URL")
    if "repository" in doc:
        r = doc["repository"]
        if not isinstance(r, dict):
            out.append("$.repository: not an object")
        else:
            _string("$.repository", r, "source", out, required=True)
            u = _string("$.repository", r, "url", out, required=True)
            if u is not None and not URL.match(u):
                out.append("$.repository.url: not a URL")
    for i, pk in enumerate(doc.get("packages", [])):
        p = "$.packages[%d]" % i
        if not isinstance(pk, dict):
            out.append(p + ": not an object")
            continue
        _string(p, pk, "registryType", out, required=True)
        _string(p, pk, "identifier", out, required=True)
        v = _string(p, pk, "version", out, 1)
        if v == "latest":
            out.append(p + ".version: 'latest' is not a version")
        sha = _string(p, pk, "fileSha256", out, required=pk.get("registryType") == "mcpb")
        if sha is not None and not SHA.match(sha):
            out.append(p + ".fileSha256: not 64 lowercase hex digits")
        if "transport" not in pk:
            out.append(p + ": transport is required")
        else:
            _transport(p + ".transport", pk["transport"], out, remote=False)
        for j, e in enumerate(pk.get("environmentVariables", [])):
            if not isinstance(e, dict) or not isinstance(e.get("name"), str):
                out.append("%s.environmentVariables[%d]: needs a name" % (p, j))
    for i, r in enumerate(doc.get("remotes", [])):
        p = "$.remotes[%d]" % i
        _transport(p, r, out, remote=True)
        if card and isinstance(r, dict) and "authentication" in r:
            a = r["authentication"]
            if not isinstance(a, dict) or not isinstance(a.get("required"), bool) or not isinstance(a.get("schemes"), list):
                out.append(p + ".authentication: needs required (boolean) and schemes (array)")
    if card and not isinstance(doc.get("capabilities"), dict):
        out.append("$.capabilities: required, an object")
    return out
