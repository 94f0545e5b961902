// Years of use, measured: a heavy learner's document (e2e/heavy.mjs: 2,000 attempts of 500
// characters, every chapter and run, 500 predictions) in the release page, headless Chromium.
// Reports the document's size, the store's load and save times (User Timing measures
// `fencing-store-load` / `fencing-store-save`, src/storage/store.rs), and as the anchor, measured
// in the same page: what the bare minimum costs in plain JavaScript — JSON.parse, JSON.stringify,
// setItem and getItem of the same document. Run after a release build:
//   node tools/years-bench.mjs [saves]
import { live, start } from '../e2e/harness.mjs';
import { heavyDocument } from '../e2e/heavy.mjs';

const saves = Number(process.argv[2] ?? 15);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${x.toFixed(1)} ms`;

const raw = JSON.stringify(heavyDocument());
const env = await start();
try {
  const seed = await env.page('intro');
  await seed.evaluate((r) => localStorage.setItem('fencing-study.progress', r), raw);
  await seed.close();

  const page = await env.page('self-test');
  await page.waitForFunction(() => performance.getEntriesByName('fencing-store-load').length >= 2);
  const loads = await page.evaluate(() => performance.getEntriesByName('fencing-store-load').map((e) => e.duration));
  const box = page.locator('#q1-answer');
  for (let i = 0; i < saves; i++) {
    await box.fill(`第 ${i} 次草稿`);
    await box.blur();
  }
  await page.waitForFunction((n) => performance.getEntriesByName('fencing-store-save').length >= n, saves);
  const saveTimes = await page.evaluate(() => performance.getEntriesByName('fencing-store-save').map((e) => e.duration));
  const anchor = await page.evaluate((n) => {
    const key = 'fencing-study.progress';
    const times = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      const doc = JSON.parse(localStorage.getItem(key));
      doc.questions.q1.current.answer = `anchor ${i}`;
      const text = JSON.stringify(doc);
      localStorage.setItem(key, text);
      if (localStorage.getItem(key) !== text) throw new Error('read-back differs');
      times.push(performance.now() - t);
    }
    return times;
  }, saves);
  await page.goto(env.url + 'progress');
  await live(page);
  const t0 = Date.now();
  await page.waitForFunction(() => document.querySelector('.question-status tbody td:nth-child(3)')?.textContent === '500');
  const shown = Date.now() - t0;

  const bytes = Buffer.byteLength(raw, 'utf8');
  console.log(`document: ${raw.length.toLocaleString()} UTF-16 units (what localStorage counts; ${((raw.length * 100) / 5_242_880).toFixed(1)}% of 5,242,880), ${(bytes / 1048576).toFixed(2)} MiB as UTF-8`);
  console.log(`load (each module's store parses it once): ${loads.map(ms).join(', ')}`);
  console.log(`save, median of ${saveTimes.length}: ${ms(median(saveTimes))} (max ${ms(Math.max(...saveTimes))})`);
  console.log(`anchor, plain JS parse + stringify + setItem + getItem, median of ${anchor.length}: ${ms(median(anchor))}`);
  console.log(`save / anchor: ${(median(saveTimes) / median(anchor)).toFixed(2)}×`);
  console.log(`progress page: attempt counts on screen ${shown} ms after it was live`);
  if (page.problems.length) console.log(page.problems);
} finally {
  await env.stop();
}
