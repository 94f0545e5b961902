// Model speed, native vs. in the page (WASM in headless Chromium), on the same workload
// (fencing_model::bench). A report, not a test. Usage: node tools/bench.mjs [rounds]
// The `lab` browser module (which carries the model) is built here with the `bench` feature
// into target/bench-pkg: the shipped build does not export `bench_model`.
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { FLAGS } from '../e2e/harness.mjs';
import { serve } from './server.mjs';

const rounds = Number(process.argv[2] ?? 300);
const root = resolve(import.meta.dirname, '..');
const pkg = resolve(root, 'target/bench-pkg');
const sh = (cmd) => execFileSync('bash', ['-c', `source scripts/env.sh && ${cmd}`], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
sh('cargo build --quiet --release --target wasm32-unknown-unknown --features hydrate,lab,bench --bin page-lab');
sh(`wasm-bindgen --target web --no-typescript --out-dir ${pkg} target/wasm32-unknown-unknown/release/page-lab.wasm && wasm-opt -Oz --enable-bulk-memory --enable-nontrapping-float-to-int -o ${pkg}/page-lab_bg.wasm ${pkg}/page-lab_bg.wasm`);
await mkdir(pkg, { recursive: true });
await writeFile(resolve(pkg, 'index.html'), `<!doctype html><script type="module">
import init, { bench_model } from './page-lab.js';
await init();
window.bench = bench_model;
document.title = 'ready';
</script>`);
const native = JSON.parse(execFileSync('cargo', ['run', '-q', '--release', '-p', 'fencing-model', '--example', 'bench', '--', String(rounds)], { cwd: root, encoding: 'utf8' }));
const server = await serve(pkg, '/');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: FLAGS });
try {
  const page = await browser.newPage();
  await page.goto(server.url);
  await page.waitForFunction(() => document.title === 'ready');
  const samples = [];
  for (let i = 0; i < 5; i++) samples.push(await page.evaluate((n) => window.bench(n), rounds));
  samples.sort((a, b) => a - b);
  const wasm = samples[2];
  console.log(`workload: every experiment (fencing defect combinations + operations), run and rendered, ${rounds} rounds`);
  console.log(`native:  ${native.ms_per_round.toFixed(3)} ms/round`);
  console.log(`in page: ${wasm.toFixed(3)} ms/round (median of 5)`);
  console.log(`in-page speed = ${(native.ms_per_round / wasm * 100).toFixed(0)}% of native`);
} finally {
  await browser.close();
  await server.close();
}
