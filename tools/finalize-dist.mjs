// Trunk post_build hook: render every route to its own HTML file, give every page a strict
// Content-Security-Policy, and write precompressed copies for hosts that serve them.
//
// 1. The `lab` and `study` modules get content-hashed names, then `prerender`
//    (src/bin/prerender.rs, built natively with the `ssr` feature) renders each route with the
//    app's own components into Trunk's index.html, with the modules the route uses:
//    /timeline becomes timeline/index.html, unknown paths get 404.html.
// 2. Trunk's loader and the theme script are inline scripts that change with each build: their
//    SHA-256 goes into the policy, after all HTML is written. No 'unsafe-inline', no
//    'unsafe-eval'; 'wasm-unsafe-eval' lets the module compile the WASM.
// 3. Every text file also as .gz and .br, for hosts that serve precompressed files.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = process.env.TRUNK_STAGING_DIR ?? process.argv[2];
if (!dir) throw new Error('TRUNK_STAGING_DIR is not set: run this as a Trunk post_build hook');
const publicUrl = process.env.TRUNK_PUBLIC_URL ?? process.argv[3] ?? '/';
const root = resolve(import.meta.dirname, '..');

// Trunk builds the `lab` and `study` modules as its "worker" kind, under fixed names: give them
// content-hashed names as it gives the main module, so a new build never meets a stale cache.
for (const module of ['lab', 'study']) {
  const js = join(dir, `page-${module}.js`);
  const wasm = join(dir, `page-${module}_bg.wasm`);
  const [jsBody, wasmBody] = [await readFile(js, 'utf8'), await readFile(wasm)];
  const hash = createHash('sha256').update(wasmBody).update(jsBody).digest('hex').slice(0, 16);
  const name = `page-${module}-${hash}`;
  await writeFile(join(dir, `${name}.js`), jsBody.replaceAll(`page-${module}_bg.wasm`, `${name}_bg.wasm`));
  await writeFile(join(dir, `${name}_bg.wasm`), wasmBody);
  await rm(js);
  await rm(wasm);
}

// The renderer is a native build: the hook must not inherit Trunk's wasm settings.
const env = { ...process.env };
for (const k of Object.keys(env)) if (k.startsWith('CARGO_') && k !== 'CARGO_HOME' && k !== 'CARGO_TARGET_DIR') delete env[k];
execFileSync('cargo', ['run', '--quiet', '--features', 'ssr', '--bin', 'prerender', '--', dir, publicUrl], { cwd: root, env, stdio: 'inherit' });

async function files(d) {
  const out = [];
  for (const e of await readdir(d, { withFileTypes: true })) {
    const p = join(d, e.name);
    if (e.isDirectory()) out.push(...(await files(p)));
    else out.push(p);
  }
  return out;
}

const all = await files(dir);
const pages = all.filter((f) => f.endsWith('.html'));
const hashes = new Set();
for (const page of pages) {
  const html = await readFile(page, 'utf8');
  for (const [, body] of html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
}
const policy = [
  "default-src 'self'",
  `script-src 'self' 'wasm-unsafe-eval' ${[...hashes].sort().join(' ')}`,
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
].join('; ');
for (const page of pages) {
  let html = await readFile(page, 'utf8');
  // Build-time nonces would be guessable; the hashes replace them.
  html = html.replace(/\snonce="[^"]*"/g, '');
  if (html.includes('http-equiv="Content-Security-Policy"')) throw new Error(`${page} already has a CSP`);
  const anchored = html.replace('<meta charset="utf-8" />', `<meta charset="utf-8" />\n    <meta http-equiv="Content-Security-Policy" content="${policy}" />`);
  if (anchored === html) throw new Error(`${page}: no <meta charset="utf-8" /> to anchor the CSP`);
  await writeFile(page, anchored);
}

let compressed = 0;
for (const f of await files(dir)) {
  if (!/\.(html|js|wasm|css|svg|json)$/.test(f)) continue;
  const body = await readFile(f);
  await writeFile(`${f}.gz`, gzipSync(body, { level: 9 }));
  await writeFile(`${f}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  compressed++;
}
console.log(`finalize-dist: ${pages.length} pages (${pages.map((p) => relative(dir, p)).join(', ')}), CSP with ${hashes.size} script hash(es), ${compressed} files precompressed`);
