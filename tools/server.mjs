// A static host for dist/, as real hosts behave: a file where one exists (a route's
// `index.html` for its directory), else the site's 404.html with status 404; gzip-compressed
// when the browser accepts it (brotli first, if asked to serve it), from the precompressed copy
// the build ships.
import { createServer } from 'node:http';
import { createServer as createSecureServer } from 'node:https';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';

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

/** The body to send: the precompressed copy of an encoding the browser accepts, if any. */
async function body(path, accepted) {
  const raw = await readFile(path);
  if (!/\.(html|js|wasm|css|svg|json)$/.test(path)) return { data: raw, encoding: null };
  if (accepted.includes('br')) {
    const br = await readFile(`${path}.br`).catch(() => null);
    if (br) return { data: br, encoding: 'br' };
  }
  if (!accepted.includes('gzip')) return { data: raw, encoding: null };
  const gz = await readFile(`${path}.gz`).catch(() => gzipSync(raw, { level: 9 }));
  return { data: gz, encoding: 'gzip' };
}

/**
 * Serve `root` under `base` (e.g. '/' or '/sub/') on 127.0.0.1 and a free port; over HTTPS
 * with `tls` ({ key, cert }). `deploy(dir)` switches to another build at the same address, as
 * a new deployment does.
 */
export async function serve(root, base = '/', { brotli = false, port = 0, tls = null } = {}) {
  // A request the host cannot read (a malformed escape, a target that is no path) is answered
  // 400, as a host would, instead of ending the server.
  const handle = (req, res) => respond(req, res).catch(() => {
    if (res.headersSent) res.destroy();
    else res.writeHead(400).end();
  });
  const respond = async (req, res) => {
    // The target is a path: `//x` is the path `//x`, not a host named x.
    const url = new URL(`http://x${req.url}`);
    if (!url.pathname.startsWith(base)) {
      res.writeHead(404).end();
      return;
    }
    const rel = '/' + url.pathname.slice(base.length);
    const found = await fileAt(root, rel);
    const path = found ?? (await fileAt(root, '/404.html'));
    if (!path) {
      res.writeHead(404).end();
      return;
    }
    const asked = (req.headers['accept-encoding'] ?? '').split(/\s*,\s*/).map((e) => e.split(';')[0]);
    const accepted = asked.filter((e) => e === 'gzip' || (e === 'br' && brotli));
    const { data, encoding } = await body(path, accepted);
    const headers = { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream', 'content-length': data.length };
    if (encoding) headers['content-encoding'] = encoding;
    res.writeHead(found ? 200 : 404, headers);
    res.end(data);
  };
  const server = tls ? createSecureServer(tls, handle) : createServer(handle);
  await new Promise((ok) => server.listen(port, '127.0.0.1', ok));
  return {
    url: `${tls ? 'https' : 'http'}://127.0.0.1:${server.address().port}${base}`,
    deploy: (dir) => { root = dir; },
    close: () => new Promise((ok) => { server.closeAllConnections(); server.close(ok); }),
  };
}
