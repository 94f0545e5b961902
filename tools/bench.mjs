// Model speed, native vs. in the page (WASM in headless Chromium), on the same workload
// (fencing_model::bench). A report, not a test. Usage: node tools/bench.mjs [rounds]
// The page is built here with the `bench` feature (into target/dist-bench): the shipped
// build does not export `bench_model`.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { start } from '../e2e/harness.mjs';

const rounds = Number(process.argv[2] ?? 300);
const root = resolve(import.meta.dirname, '..');
const dist = resolve(root, 'target/dist-bench');
execFileSync('bash', ['-c', `source scripts/env.sh && trunk build --release --offline --features bench --dist ${dist}`], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
const native = JSON.parse(execFileSync('cargo', ['run', '-q', '--release', '-p', 'fencing-model', '--example', 'bench', '--', String(rounds)], { cwd: root, encoding: 'utf8' }));
const env = await start({ dist });
let page;
try {
  page = await env.page('explore');
  const samples = [];
  for (let i = 0; i < 5; i++) samples.push(await page.evaluate((n) => window.wasmBindings.bench_model(n), rounds));
  samples.sort((a, b) => a - b);
  const wasm = samples[2];
  console.log(`workload: every experiment (fencing defect combinations + operations), run and rendered, ${rounds} rounds`);
  console.log(`native:  ${native.ms_per_round.toFixed(3)} ms/round`);
  console.log(`in page: ${wasm.toFixed(3)} ms/round (median of 5)`);
  console.log(`in-page speed = ${(native.ms_per_round / wasm * 100).toFixed(0)}% of native`);
} finally {
  await env.stop();
}
