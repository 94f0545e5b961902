// The explorer's checker on the scaled preset, in one run: natively (the app's checker and
// stateright's single-threaded BFS as the peer, tools/checker-bench) and in the page's Web
// Worker (the built dist/ in headless Chromium). Each: distinct states of a complete search
// divided by its wall time, median of RUNS. A report, not a test.
// Usage: node tools/checker-bench.mjs [runs]   (after `trunk build --release --offline`)
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { live, start } from '../e2e/harness.mjs';

const runs = Number(process.argv[2] ?? 5);
const root = resolve(import.meta.dirname, '..');
const bench = resolve(root, 'tools/checker-bench');
execFileSync('cargo', ['build', '--quiet', '--release'], { cwd: bench, stdio: 'inherit' });
const native = JSON.parse(execFileSync(resolve(bench, 'target/release/checker-bench'), [String(runs)], { encoding: 'utf8' }));

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const env = await start();
const page = await env.page(null);
const scaled = 'case=model&clients=' + encodeURIComponent('acquire pause write:1:a renew pause write:2:a2; acquire pause write:1:b renew pause write:2:b2; acquire pause write:1:c; acquire write:1:d') + '&delay=true';
const inPage = [];
let states = 0;
try {
  for (let i = 0; i < runs; i++) {
    await page.goto(`${env.url}explore?${scaled}`);
    await live(page);
    await page.locator('.search-speed').waitFor({ timeout: 120_000 });
    inPage.push(Number(await page.locator('.search-speed').getAttribute('data-elapsed-ms')));
    states = Number(await page.locator('.search-extent').getAttribute('data-states'));
  }
} finally {
  await env.stop();
}
if (states !== native.states) throw new Error(`the page visited ${states} states, natively ${native.states}`);
const rate = (ms) => states / (ms / 1000);
const row = (name, ms) => console.log(`${name.padEnd(28)} ${String(Math.round(median(ms))).padStart(6)} ms  ${(rate(median(ms)) / 1e6).toFixed(2)} M states/s`);
console.log(`scaled preset: ${states} distinct states, complete search, median of ${runs}`);
row('native (this checker)', native.native.ms);
row('stateright BFS, 1 thread', native.stateright.ms);
row('in page (Web Worker, WASM)', inPage);
console.log(`in page / native: ${(median(native.native.ms) / median(inPage)).toFixed(2)}×; native / stateright: ${(median(native.stateright.ms) / median(native.native.ms)).toFixed(2)}×`);
console.log(`memory: ${native.bytes_per_state.toFixed(1)} bytes per stored state (states, parent links and visited set)`);
