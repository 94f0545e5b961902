// Build stage 5 (scripts/build.sh), once every page is rendered:
// 0. The JavaScript minified (terser): the modules' wasm-bindgen glue and loaders, and the pages'
//    inline scripts (our js/ files keep their comments for the reader); the stylesheet
//    compressed (Sass, which Trunk runs expanded unless it minifies the HTML too, which would
//    drop the renderer's markers). About 4.5 KB of gzip on every page's first load
//    (docs/performance.md). The service worker is left as written. The template's comments
//    (index.html's, for its reader; each begins `<!-- `, unlike the renderer's markers) are
//    dropped from the pages: about 0.7 KB of gzip each.
// 1. A strict Content-Security-Policy in every page: scripts only from the site itself plus the
//    page's inline scripts (the scripts of js/ that Trunk inlines) by their SHA-256. No
//    'unsafe-inline', no 'unsafe-eval'; 'wasm-unsafe-eval' lets the modules compile their WASM.
// 2. The service worker (js/sw.js) with this build's id — the digest of every file, pages and
//    their policy included — and the files it precaches: all but the precompressed copies.
// 3. The HTML, JS, WASM, CSS, SVG and JSON files also as .gz and .br, for hosts that serve
//    precompressed files.
//
//     node tools/dist/finish.mjs DIST
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { compileString } from 'sass';
import { minify } from 'terser';

const [dir] = process.argv.slice(2);
if (!dir) throw new Error('usage: node tools/dist/finish.mjs DIST');

async function files(d) {
  const out = [];
  for (const e of await readdir(d, { withFileTypes: true })) {
    const p = join(d, e.name);
    out.push(...(e.isDirectory() ? await files(p) : [p]));
  }
  return out;
}

const pages = (await files(dir)).filter((f) => f.endsWith('.html'));
const small = async (code, module) => (await minify(code, { module, compress: true, mangle: true })).code;
for (const f of (await files(dir)).filter((f) => f.endsWith('.js') && !f.endsWith('sw.js'))) {
  await writeFile(f, await small(await readFile(f, 'utf8'), true));
}
for (const f of (await files(dir)).filter((f) => f.endsWith('.css'))) {
  await writeFile(f, compileString(await readFile(f, 'utf8'), { style: 'compressed' }).css);
}
// The pages share their inline scripts (the template's): each minified once.
const minified = new Map();
const inline = /<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g;
for (const page of pages) {
  const html = await readFile(page, 'utf8');
  for (const [, attrs, body] of html.matchAll(inline)) {
    if (!minified.has(body)) minified.set(body, await small(body, /type="module"/.test(attrs)));
  }
  const bare = html.replace(/<!-- [\s\S]*?-->\n?[ \t]*/g, '');
  await writeFile(page, bare.replace(inline, (_, attrs, body) => `<script${attrs}>${minified.get(body)}</script>`));
}

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
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
].join('; ');
for (const page of pages) {
  // Build-time nonces would be guessable; the hashes replace them.
  const html = (await readFile(page, 'utf8')).replace(/\snonce="[^"]*"/g, '');
  if (html.includes('http-equiv="Content-Security-Policy"')) throw new Error(`${page} already has a CSP`);
  const anchor = '<meta charset="utf-8" />';
  if (!html.includes(anchor)) throw new Error(`${page}: no ${anchor} to anchor the CSP`);
  await writeFile(page, html.replace(anchor, `${anchor}\n    <meta http-equiv="Content-Security-Policy" content="${policy}" />`));
}

const precache = (await files(dir))
  .map((f) => relative(dir, f).split('\\').join('/'))
  .filter((f) => !/\.(gz|br)$/.test(f) && f !== 'sw.js')
  .sort();
const digest = createHash('sha256');
for (const f of precache) digest.update(f).update(await readFile(join(dir, f)));
const build = digest.digest('hex').slice(0, 16);
const template = await readFile(new URL('../../js/sw.js', import.meta.url), 'utf8');
const fill = { "const BUILD = 'unbuilt';": `const BUILD = '${build}';`, 'const FILES = [];': `const FILES = ${JSON.stringify(precache)};` };
if (!Object.keys(fill).every((line) => template.includes(line))) throw new Error('js/sw.js lacks the lines the build fills in');
const worker = Object.entries(fill).reduce((text, [line, filled]) => text.replace(line, () => filled), template);
await writeFile(join(dir, 'sw.js'), worker);

let compressed = 0;
for (const f of await files(dir)) {
  if (!/\.(html|js|wasm|css|svg|json)$/.test(f)) continue;
  const body = await readFile(f);
  await writeFile(`${f}.gz`, gzipSync(body, { level: 9 }));
  await writeFile(`${f}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  compressed++;
}
console.log(`finish: service worker for build ${build} precaching ${precache.length} files; ${pages.length} pages, CSP with ${hashes.size} script hash(es), ${compressed} files precompressed`);
