// Trunk post_build hook: give the page a strict Content-Security-Policy and a 404.html.
//
// Trunk's loader is an inline module script that changes with every build, so its SHA-256
// goes into the policy here, after Trunk wrote it. No 'unsafe-inline', no 'unsafe-eval';
// 'wasm-unsafe-eval' lets the module compile the WASM. 404.html is the same page, for static
// hosts without rewrites (GitHub Pages and the like) so that deep links survive a reload.
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const dir = process.env.TRUNK_STAGING_DIR ?? process.argv[2];
if (!dir) throw new Error('TRUNK_STAGING_DIR is not set: run this as a Trunk post_build hook');
const file = join(dir, 'index.html');
let html = await readFile(file, 'utf8');

// Build-time nonces would be guessable; the hash below replaces them.
html = html.replace(/\snonce="[^"]*"/g, '');
const hashes = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
  ([, body]) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`,
);
const policy = [
  "default-src 'self'",
  `script-src 'self' 'wasm-unsafe-eval' ${hashes.join(' ')}`,
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
].join('; ');
if (html.includes('http-equiv="Content-Security-Policy"')) throw new Error('index.html already has a CSP');
html = html.replace('<meta charset="utf-8" />', `<meta charset="utf-8" />\n    <meta http-equiv="Content-Security-Policy" content="${policy}" />`);
if (!html.includes('Content-Security-Policy')) throw new Error('no <meta charset="utf-8" /> to anchor the CSP');

await writeFile(file, html);
await writeFile(join(dir, '404.html'), html);
console.log(`finalize-dist: CSP with ${hashes.length} script hash(es), 404.html written`);
