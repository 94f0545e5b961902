// Build stage 3 (scripts/build.sh): content-hashed names for the modules built under fixed
// names — `page-<name>.js`: `lab`, `commands` and `study` and their pieces by stage 2; `checker` by Trunk,
// which builds a module besides its main one only as a "worker" and does not hash it — as Trunk
// names its main module (`reading`), so a new build never meets a stale cache; then the
// checker's worker script (js/checker-worker.js),
// pointed at the checker's hashed name and named by its own content.
//
//     node tools/dist/name-modules.mjs DIST
import { createHash } from 'node:crypto';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const [dir] = process.argv.slice(2);
if (!dir) throw new Error('usage: node tools/dist/name-modules.mjs DIST');
const hash = (...bodies) => bodies.reduce((h, b) => h.update(b), createHash('sha256')).digest('hex').slice(0, 16);

const hashed = {};
const fixedNames = (await readdir(dir)).map((f) => f.match(/^page-([a-z]+)\.js$/)?.[1]).filter(Boolean);
if (!fixedNames.includes('checker')) throw new Error('no page-checker.js in the build');
for (const module of fixedNames) {
  const [js, wasm] = [`page-${module}.js`, `page-${module}_bg.wasm`].map((f) => join(dir, f));
  const wasmBody = await readFile(wasm);
  let jsBody = await readFile(js, 'utf8');
  // A cut module's pieces (tools/dist/split-module.sh): their loader imports the module's JS,
  // which imports the loader, so one digest over them all names every file.
  const splitLoader = `${module}-pieces.js`;
  const loader = jsBody.includes(`from "./${splitLoader}"`) ? await readFile(join(dir, splitLoader), 'utf8') : null;
  const pieces = loader ? [...loader.matchAll(/new URL\("\.\/([\w.-]+\.wasm)"/g)].map((m) => m[1]) : [];
  if (loader && !pieces.length) throw new Error(`${splitLoader} no longer fetches its pieces by new URL("./….wasm")`);
  const pieceBodies = await Promise.all(pieces.map((p) => readFile(join(dir, p))));
  const name = `page-${module}-${hash(wasmBody, jsBody, loader ?? '', ...pieceBodies)}`;
  if (loader) {
    const loaderName = `${module}-pieces-${name.slice(-16)}.js`;
    let body = loader.replaceAll(`"./page-${module}.js"`, `"./${name}.js"`);
    for (const [i, p] of pieces.entries()) {
      const pieceName = `${module}-piece-${name.slice(-16)}-${i}.wasm`;
      body = body.replaceAll(`"./${p}"`, `"./${pieceName}"`);
      await writeFile(join(dir, pieceName), pieceBodies[i]);
      await rm(join(dir, p));
    }
    await writeFile(join(dir, loaderName), body);
    await rm(join(dir, splitLoader));
    jsBody = jsBody.replaceAll(`from "./${splitLoader}"`, `from "./${loaderName}"`);
  }
  await writeFile(join(dir, `${name}.js`), jsBody.replaceAll(`page-${module}_bg.wasm`, `${name}_bg.wasm`));
  await writeFile(join(dir, `${name}_bg.wasm`), wasmBody);
  await rm(js);
  await rm(wasm);
  hashed[module] = name;
}

// Trunk must build a main module, and writes a loader and preloads for it into index.html; but
// the main module is not every page's module, so they go: js/islands.js starts each page's module.
const index = join(dir, 'index.html');
const html = await readFile(index, 'utf8');
const trunkLoader = [
  /<script type="module">\s*import init, \* as bindings from '[^']*page-[a-z]+-[^']*';[\s\S]*?<\/script>/,
  /<link rel="modulepreload" href="[^"]*page-[a-z]+-[^"]*"[^>]*><link rel="preload" href="[^"]*page-[a-z]+-[^"]*"[^>]*>/,
];
if (!trunkLoader.every((re) => re.test(html))) throw new Error("index.html: Trunk's loader for its main module is not where it was");
await writeFile(index, trunkLoader.reduce((h, re) => h.replace(re, ''), html));

const template = await readFile(new URL('../../js/checker-worker.js', import.meta.url), 'utf8');
const worker = template.replaceAll('page-checker', hashed.checker);
if (![`'./${hashed.checker}.js'`, `'./${hashed.checker}_bg.wasm'`].every((name) => worker.includes(name))) {
  throw new Error("js/checker-worker.js no longer imports './page-checker.js' and its WASM");
}
const workerName = `checker-worker-${hash(worker)}.js`;
await writeFile(join(dir, workerName), worker);
console.log(`name-modules: ${Object.values(hashed).join(', ')}, ${workerName}`);
