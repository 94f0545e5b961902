// Performance report for the release build (a report, not a test): the gzip size of the
// whole first load and, in headless Chromium on localhost, first contentful paint and the
// time until the lesson text is on screen. Usage: node tools/perf-report.mjs [runs]
import { readdir, readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { live, start, DIST } from '../e2e/harness.mjs';

const runs = Number(process.argv[2] ?? 7);
const files = (await readdir(DIST)).filter((f) => /\.(html|js|wasm|css|svg)$/.test(f) && f !== '404.html');
let total = 0;
console.log('first load (gzip -9):');
for (const f of files.sort()) {
  const gz = gzipSync(await readFile(join(DIST, f)), { level: 9 }).length;
  total += gz;
  console.log(`  ${f.padEnd(44)} ${(gz / 1024).toFixed(1).padStart(7)} KB`);
}
console.log(`  ${'total'.padEnd(44)} ${(total / 1024).toFixed(1).padStart(7)} KB\n`);

const env = await start();
const fcp = [];
const ready = [];
try {
  for (let i = 0; i < runs; i++) {
    const page = await env.page(null);
    await page.goto(env.url + 'timeline');
    await live(page);
    const t = await page.evaluate(async () => ({
      ready: performance.now(),
      fcp: await new Promise((resolve) => new PerformanceObserver((list) => {
        const e = list.getEntriesByName('first-contentful-paint')[0];
        if (e) resolve(e.startTime);
      }).observe({ type: 'paint', buffered: true })),
    }));
    fcp.push(t.fcp);
    ready.push(t.ready);
    await page.close();
  }
} finally {
  await env.stop();
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`first contentful paint, median of ${runs}: ${median(fcp).toFixed(0)} ms`);
console.log(`lesson text on screen (h1 mounted), median of ${runs}: ${median(ready).toFixed(0)} ms`);
