// tests/app/host.mjs - a web host of MCP Apps for tests/app/test_app.py, in the browser: the official
// TypeScript client (@modelcontextprotocol/client) declares the io.modelcontextprotocol/ui extension
// and connects to the server (through the test's page server, same origin); the App's resource is
// read from the tool that points at it (_meta.ui.resourceUri) and rendered in a sandboxed frame
// (scripts only, an opaque origin) under the CSP its _meta.ui.csp asks for (SEP-1865's construction:
// nothing outside unless a domain is named); the official app bridge (@modelcontextprotocol/ext-apps)
// speaks to it and forwards its tools/call and resources/read to the server. Bundled by esbuild at
// the start of tests/app/app_browser.mjs. Query: token, era (auto|legacy), tool, args (JSON), theme.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { AppBridge, PostMessageTransport, getToolUiResourceUri } from '@modelcontextprotocol/ext-apps/app-bridge';

const q = new URLSearchParams(location.search);
const theme = q.get('theme') || 'light';
const HOST = { name: 'e2b-mcp-test-host', version: '1.0.0' };
// a host's own palette, which the App must take (light-dark() per the extension's theming)
const variables = theme === 'dark'
  ? { '--color-background-primary': '#101418', '--color-text-primary': '#f1f5f9', '--color-ring-primary': '#7dd3fc' }
  : { '--color-background-primary': '#fdfdfc', '--color-text-primary': '#111827', '--color-ring-primary': '#1d4ed8' };

function cspOf(c = {}) {
  const list = (a) => (a || []).join(' ');
  const res = list(c.resourceDomains);
  return [`default-src 'none'`, `script-src 'unsafe-inline' ${res}`, `style-src 'unsafe-inline' ${res}`,
    `img-src data: ${res}`, `font-src ${res || `'none'`}`, `media-src data: ${res}`,
    `connect-src ${list(c.connectDomains) || `'none'`}`, `frame-src ${list(c.frameDomains) || `'none'`}`,
    `object-src 'none'`, `base-uri ${list(c.baseUriDomains) || `'none'`}`].join('; ');
}

async function main() {
  document.documentElement.style.colorScheme = theme;
  document.body.style.background = variables['--color-background-primary'];
  const client = new Client(HOST, {
    capabilities: { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } },
    versionNegotiation: { mode: q.get('era') || 'auto' },
  });
  const headers = q.get('token') ? { Authorization: 'Bearer ' + q.get('token') } : {};
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', location.href), { requestInit: { headers } }));
  const { tools } = await client.listTools();
  const tool = tools.find((t) => t.name === (q.get('tool') || 'e2b_list_sandboxes'));
  const uri = getToolUiResourceUri(tool);
  const read = await client.readResource({ uri });
  const item = read.contents[0];
  const csp = cspOf(item._meta?.ui?.csp);
  window.host = { era: client.getProtocolEra?.(), version: client.getNegotiatedProtocolVersion?.(), uri,
                  mime: item.mimeType, csp: item._meta?.ui?.csp, policy: csp,
                  pointing: tools.filter((t) => getToolUiResourceUri(t)).map((t) => t.name), calls: [] };
  const html = item.text.replace('<head>', `<head><meta http-equiv="Content-Security-Policy" content="${csp}">`);

  const iframe = document.getElementById('app');
  const bridge = new AppBridge(client, HOST, { serverTools: {}, serverResources: {}, logging: {} },
    { hostContext: { theme, styles: { variables }, displayMode: 'inline', platform: 'web', locale: 'en-US' } });
  bridge.onsizechange = ({ height }) => { if (height) iframe.style.height = Math.min(height, 2000) + 'px'; };
  const args = JSON.parse(q.get('args') || '{}');
  bridge.oninitialized = async () => {
    await bridge.sendToolInput({ arguments: args });
    const result = await client.callTool({ name: tool.name, arguments: args });
    await bridge.sendToolResult(result);
    window.host.ready = true;
  };
  await bridge.connect(new PostMessageTransport(iframe.contentWindow, iframe.contentWindow));
  iframe.srcdoc = html;
}
main().catch((e) => { window.hostError = String(e && (e.stack || e.message) || e); });
