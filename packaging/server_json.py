#!/usr/bin/env python3
"""Writes server.json, the server's entry for the MCP registry, next to the bundles `make mcpb`
built: one package per bundle (registryType mcpb, its download URL and the SHA-256 of the file, as
the registry requires of bundles), and a remote when the server is hosted.

    packaging/server_json.py OUT VERSION RELEASE_URL PUBLIC_URL REPOSITORY BUNDLE...

The name comes from src/config.h (E2B_MCP_REGISTRY_NAME), the title and description from the server
card the binary serves, so the registry, the card and the server never disagree. RELEASE_URL is
where the bundles are downloaded from ("" : the GitHub release of the name's namespace,
https://github.com/OWNER/REPO/releases/download/vVERSION for io.github.OWNER/REPO); PUBLIC_URL ("" :
none) the hosted endpoint; REPOSITORY ("" : E2B_MCP_REPOSITORY_URL) the source."""
import hashlib
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SCHEMA = "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json"
TITLE = "E2B sandboxes"


def config_string(name):
    """The default of a string config macro, read from src/config.h."""
    with open(os.path.join(HERE, "..", "src", "config.h")) as f:
        m = re.search(r'#define %s "([^"]*)"' % name, f.read())
    if not m:
        raise SystemExit("server_json.py: %s not found in src/config.h" % name)
    return m.group(1)


def description():
    """The card's description, read from src/http.c so the two are one text."""
    with open(os.path.join(HERE, "..", "src", "http.c")) as f:
        m = re.search(r'#define E2B_MCP__CARD_DESCRIPTION "([^"]*)"', f.read())
    if not m:
        raise SystemExit("server_json.py: E2B_MCP__CARD_DESCRIPTION not found in src/http.c")
    return m.group(1)


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 16), b""):
            h.update(block)
    return h.hexdigest()


def server_json(version, release_url, public_url, repository, bundles):
    name = config_string("E2B_MCP_REGISTRY_NAME")
    if not release_url:
        m = re.match(r"^io\.github\.([A-Za-z0-9-]+)/([A-Za-z0-9._-]+)$", name)
        if not m:
            raise SystemExit("server_json.py: name %s is not io.github.OWNER/REPO: give MCPB_RELEASE_URL" % name)
        release_url = "https://github.com/%s/%s/releases/download/v%s" % (m.group(1), m.group(2), version)
    doc = {"$schema": SCHEMA, "name": name, "title": TITLE, "description": description(), "version": version}
    repository = repository or config_string("E2B_MCP_REPOSITORY_URL")
    if repository:
        source = "github" if "://github.com/" in repository else "gitlab" if "://gitlab.com/" in repository else "git"
        doc["repository"] = {"url": repository, "source": source}
    doc["packages"] = [{
        "registryType": "mcpb",
        "identifier": release_url.rstrip("/") + "/" + os.path.basename(b),
        "version": version,
        "fileSha256": sha256(b),
        "transport": {"type": "stdio"},
        "environmentVariables": [
            {"name": "E2B_API_KEY", "description": "Your E2B team API key (e2b_...)", "isRequired": True, "isSecret": True},
        ],
    } for b in bundles]
    if public_url:
        doc["remotes"] = [{"type": "streamable-http", "url": public_url}]
    return doc


def main():
    if len(sys.argv) < 7:
        raise SystemExit(__doc__)
    out, version, release_url, public_url, repository = sys.argv[1:6]
    doc = server_json(version, release_url, public_url, repository, sys.argv[6:])
    with open(out, "w") as f:
        json.dump(doc, f, indent=2)
        f.write("\n")
    print(out)


if __name__ == "__main__":
    main()
