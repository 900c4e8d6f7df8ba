// bench/node-connector.mjs - the same connector written the usual way in Node, for the side-by-side
// figures of bench/concurrency.py: the official TypeScript MCP SDK (@modelcontextprotocol/sdk, from
// npm) and fetch, one tool (e2b_list_sandboxes). Streamable HTTP with one transport per session
// (node-connector.mjs --http: prints READY <port>), or stdio (--stdio). E2B_API_URL, E2B_API_KEY.
import http from "node:http";
import { randomUUID } from "node:crypto";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";

const api = (process.env.E2B_API_URL || "https://api.e2b.app").replace(/\/$/, "");
const key = process.env.E2B_API_KEY || "";

function newServer() {
  const server = new McpServer({ name: "node-e2b", version: "1.0.0" });
  server.registerTool("e2b_list_sandboxes",
    { description: "List the team's E2B sandboxes", inputSchema: { limit: z.number().int().min(1).max(100).optional() } },
    async ({ limit }) => {
      const r = await fetch(`${api}/v2/sandboxes${limit ? `?limit=${limit}` : ""}`, { headers: { "X-API-Key": key } });
      const data = await r.json();
      if (!r.ok) return { isError: true, content: [{ type: "text", text: `E2B answered ${r.status}: ${data.message}` }] };
      return { content: [{ type: "text", text: JSON.stringify({ data }) }] };
    });
  return server;
}

if (process.argv.includes("--stdio")) {
  await newServer().connect(new StdioServerTransport());
} else {
  const sessions = {};
  http.createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    const msg = body ? JSON.parse(body) : undefined;
    let t = sessions[req.headers["mcp-session-id"]];
    if (!t && req.method === "POST" && isInitializeRequest(msg)) {
      t = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(),
                                              onsessioninitialized: (id) => { sessions[id] = t; } });
      await newServer().connect(t);
    }
    if (!t) { res.writeHead(400).end(); return; }
    await t.handleRequest(req, res, msg);
  }).listen(0, "127.0.0.1", function () { console.log(`READY ${this.address().port}`); });
}
