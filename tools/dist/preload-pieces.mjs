// Build stage 4, after the renderer (scripts/build.sh): each page also preloads the pieces its
// lazy islands fetch as soon as the module starts (`#[island(lazy)]`: the study pages' islands),
// so they download while the module does instead of after it. Which files a lazy island needs
// only the cut module's loader knows (stage 2 wrote it, stage 3 named its files; it is
// minified only in stage 5). The links close the body, unlike the module's own preload in the
// head: found once the page's text has arrived, they do not take its bandwidth before the
// first paint (measured on the phone profile: docs/performance.md).
//
//     node tools/dist/preload-pieces.mjs DIST
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const [dir] = process.argv.slice(2);
if (!dir) throw new Error('usage: node tools/dist/preload-pieces.mjs DIST');

// Per module, its lazy islands (snake_case, as wasm-split names their loaders) and the files
// each fetches: its own piece and the chunks it shares with the others.
const loaders = {};
for (const file of (await readdir(dir)).filter((f) => /^[a-z]+-pieces-\w+\.js$/.test(f))) {
  const js = await readFile(join(dir, file), 'utf8');
  const load = String.raw`makeLoad\(\(\) => \{\s*const src = fetch\(new URL\("\.\/([\w.-]+\.wasm)"`;
  const chunks = new Map();
  for (const [, name, piece] of js.matchAll(new RegExp(String.raw`const (__chunk_\d+) = ${load}`, 'g'))) {
    chunks.set(name, piece);
  }
  const islands = new Map();
  const lazy = new RegExp(String.raw`export const __wasm_split_load_(\w+?)_loader_\d+ = wrapAsyncCb\(${load}[\s\S]*?\n, \[([^\]]*)\]`, 'g');
  for (const [, island, own, deps] of js.matchAll(lazy)) {
    const shared = deps.split(',').map((d) => d.trim()).filter(Boolean);
    if (shared.some((d) => !chunks.has(d))) throw new Error(`${file}: ${island} needs an unknown chunk`);
    islands.set(island, [own, ...shared.map((d) => chunks.get(d))]);
  }
  if (/_loader_\d+ =/.test(js) && !islands.size) throw new Error(`${file}: its lazy islands' loaders are no longer where they were`);
  loaders[file.split('-')[0]] = islands;
}

let preloads = 0;
const met = new Set();
for (const page of (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.html'))) {
  const html = await readFile(join(dir, page), 'utf8');
  const islands = loaders[html.match(/data-module="([a-z]+)"/)?.[1]];
  if (!islands) continue;
  // `QuestionCard_1762…` on the page is `question_card` in the loader.
  const snake = (component) => component.replace(/_\d+$/, '').replace(/\B[A-Z]/g, '_$&').toLowerCase();
  const lazy = [...html.matchAll(/<leptos-island data-component="(\w+)"/g)]
    .map(([, component]) => snake(component)).filter((island) => islands.has(island));
  lazy.forEach((island) => met.add(island));
  const files = new Set(lazy.flatMap((island) => islands.get(island)));
  if (!files.size) continue;
  if (html.split('</body>').length !== 2) throw new Error(`${page}: not one </body> to put the preloads before`);
  const links = [...files].map((f) => `<link rel="preload" href="${f}" as="fetch" type="application/wasm" crossorigin>`);
  await writeFile(join(dir, page), html.replace('</body>', `${links.join('')}</body>`));
  preloads += files.size;
}
// A lazy island no page was found to show: its name is spelt apart from its loader's.
const unmet = Object.values(loaders).flatMap((islands) => [...islands.keys()]).filter((i) => !met.has(i));
if (unmet.length) throw new Error(`preload-pieces: no page shows the lazy island(s) ${unmet.join(', ')}`);
console.log(`preload-pieces: ${preloads} preloads`);
