// What the coach of 「你来调度」 costs, natively and in the page. Natively (tools/checker-bench
// `coach`): the complete search and the backward pass for the lab's machine under every
// defect combination and for each preset, with bytes per state. In the page (the built dist/
// in headless Chromium, CPU slowed 4× as a phone): the time until the coach is ready (the
// worker's own figure, and from opening the mode), and how long a move takes to answer —
// state, diagram and the coach's chips — for each scenario the mode drives. A report, not a test.
// Usage: node tools/coach-bench.mjs [runs]   (after scripts/build.sh)
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { live, start } from '../e2e/harness.mjs';

const runs = Number(process.argv[2] ?? 3);
const root = resolve(import.meta.dirname, '..');
const bench = resolve(root, 'tools/checker-bench');
execFileSync('cargo', ['build', '--quiet', '--release'], { cwd: bench, stdio: 'inherit' });
const native = JSON.parse(execFileSync(resolve(bench, 'target/release/checker-bench'), ['coach', String(runs)], { encoding: 'utf8' }));
console.log('natively (median of', runs, 'runs): states, search ms, backward pass ms, bytes per state (search / coach)');
for (const r of native) {
  const bytes = r.refused ? r.refused : `${r.search_bytes_per_state.toFixed(0)} / ${r.coach_bytes_per_state.toFixed(1)} B`;
  console.log(`  ${r.name.padEnd(46)} ${String(r.states).padStart(8)} ${r.search_ms.toFixed(2).padStart(9)} ${r.pass_ms.toFixed(2).padStart(9)}  ${bytes}`);
}

const model = (clients, { delay = false, crash = true } = {}) => `case=model&clients=${encodeURIComponent(clients)}${delay ? '&delay=true' : ''}${crash ? '' : '&crash=false'}`;
const scenarios = [
  ['lab (fencing, correct)', ''],
  ['lab (fencing, split-authority,rollback-issuer,precheck)', 'variant=split-authority,rollback-issuer,precheck'],
  ['three-holders', model('acquire pause write:2:a; acquire pause write:1:b; acquire write:1:c', { crash: false })],
  ['retry-after-failover', model('acquire write:1:pay pause acquire write:1:pay; acquire write:1:ship', { delay: true })],
  ['scaled', model('acquire pause write:1:a renew pause write:2:a2; acquire pause write:1:b renew pause write:2:b2; acquire pause write:1:c; acquire write:1:d', { delay: true })],
];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const env = await start();
try {
  console.log('in the page, CPU 4× slower (median of', runs, 'runs): coach ready (worker / from opening), a move answered');
  for (const [name, query] of scenarios) {
    const ready = [], worker = [], move = [];
    for (let i = 0; i < runs; i++) {
      const page = await env.page(null);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(`${env.url}explore?${query}${query ? '&' : ''}play=`);
      await live(page);
      const t0 = Date.now();
      const status = page.locator('.coach-status', { hasText: '教练已就绪' });
      await status.waitFor({ timeout: 600_000 });
      ready.push(Date.now() - t0);
      worker.push(Number((await status.textContent()).match(/用时 (\d+) 毫秒/)[1]));
      // A move answered, timed in the page (a driver's click and polling add their own
      // hundred-odd milliseconds under throttling): from the click until the path is in the
      // address, the new state drawn and the coach's chips back from the worker.
      await page.waitForTimeout(300);
      move.push(await page.evaluate(async () => {
        const t0 = performance.now();
        document.querySelector('.moves .move').click();
        const answered = () => new URL(location).searchParams.get('play') !== '' && document.querySelectorAll('.moves .chip').length > 0;
        await new Promise((done) => { const tick = () => (answered() ? done() : requestAnimationFrame(tick)); tick(); });
        return Math.round(performance.now() - t0);
      }));
      await page.close();
    }
    console.log(`  ${name.padEnd(56)} ${String(median(worker)).padStart(7)} ms / ${String(median(ready)).padStart(7)} ms   ${String(median(move)).padStart(5)} ms`);
  }
} finally {
  await env.stop();
}
