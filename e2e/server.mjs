// A static host for dist/: files as they are, and for any other path under the base the
// app's page (a SPA rewrite, as `trunk serve` and most static hosts are configured), so that
// deep links survive a reload. Hosts without rewrites use dist/404.html, a copy of the page.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
};

async function fileAt(root, urlPath) {
  const path = normalize(join(root, decodeURIComponent(urlPath)));
  if (!path.startsWith(root)) return null;
  try {
    const s = await stat(path);
    return s.isDirectory() ? fileAt(root, join(urlPath, 'index.html')) : path;
  } catch {
    return null;
  }
}

/** Serve `root` under `base` (e.g. '/' or '/sub/') on 127.0.0.1 and a free port. */
export async function serve(root, base = '/') {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://x');
    if (!url.pathname.startsWith(base)) {
      res.writeHead(404).end();
      return;
    }
    const rel = '/' + url.pathname.slice(base.length);
    const path = (await fileAt(root, rel)) ?? (await fileAt(root, '/index.html'));
    const body = await readFile(path);
    res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' });
    res.end(body);
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}${base}`, close: () => new Promise((ok) => server.close(ok)) };
}
