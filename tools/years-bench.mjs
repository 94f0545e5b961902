// Years of use, measured: a heavy learner's document (e2e/heavy.mjs: 2,000 attempts of 500
// characters, every chapter and run, 500 predictions) in the release page, headless Chromium.
// Reports the document's size, the store's load and save times (User Timing measures
// `fencing-store-load` / `fencing-store-save`, src/storage/store.rs), and as anchors, measured
// in the same page: what the bare minimum costs in plain JavaScript — JSON.parse, JSON.stringify,
// setItem and getItem — of the whole document in one key and of the drafts alone. Run after a
// release build:
//   node tools/years-bench.mjs [saves]
import { live, start } from '../e2e/harness.mjs';
import { heavyDocument } from '../e2e/heavy.mjs';
import { STORED, seed } from '../e2e/lesson.mjs';

const saves = Number(process.argv[2] ?? 15);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${x.toFixed(1)} ms`;

const raw = JSON.stringify(heavyDocument());
const env = await start();
try {
  await seed(env, { [STORED.progress]: raw });

  const page = await env.page('self-test');
  // The page's module (study) loads a store of each part: chapters, lab, study.
  await page.waitForFunction(() => performance.getEntriesByName('fencing-store-load').length >= 3);
  const loads = await page.evaluate(() => performance.getEntriesByName('fencing-store-load').map((e) => e.duration));
  const box = page.locator('#q1-answer');
  // The first save moves the document out of the one key it was seeded in (the v5 layout)
  // to the keys of its owners (src/storage/layout.rs): measured apart, then the saves of typing.
  const typeDraft = async (text) => { await box.fill(text); await box.blur(); };
  await typeDraft('第一次草稿');
  await page.waitForFunction(() => performance.getEntriesByName('fencing-store-save').length >= 1);
  const [firstSave] = await page.evaluate(() => performance.getEntriesByName('fencing-store-save').map((e) => e.duration));
  for (let i = 0; i < saves; i++) await typeDraft(`第 ${i} 次草稿`);
  await page.waitForFunction((n) => performance.getEntriesByName('fencing-store-save').length >= n, saves + 1);
  const saveTimes = await page.evaluate(() => performance.getEntriesByName('fencing-store-save').map((e) => e.duration).slice(1));
  // A rating: writes that question's list of 500 attempts, and the drafts.
  await page.locator('section.question#q1').getByRole('button', { name: '展开参考答案与评分点' }).click();
  await page.locator('section.question#q1').getByRole('button', { name: /完整答出/ }).click();
  await page.waitForFunction((n) => performance.getEntriesByName('fencing-store-save').length >= n, saves + 3);
  const rateSave = await page.evaluate(() => performance.getEntriesByName('fencing-store-save').at(-1).duration);
  const [head, list] = await page.evaluate((keys) => keys.map((k) => localStorage.getItem(k).length), [STORED.drafts, STORED.attempts('q1')]);
  // Anchors, in plain JavaScript in the same page, each the least a save can do: parse, change
  // the draft, stringify, setItem, getItem — of the whole document in one key (the layout
  // before), and of the drafts as they are stored now.
  const anchor = (key, text) => page.evaluate(([key, text, n]) => {
    localStorage.setItem(key, text);
    const times = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      const doc = JSON.parse(localStorage.getItem(key));
      doc.questions.q1.current.answer = `anchor ${i}`;
      const out = JSON.stringify(doc);
      localStorage.setItem(key, out);
      if (localStorage.getItem(key) !== out) throw new Error('read-back differs');
      times.push(performance.now() - t);
    }
    localStorage.removeItem(key);
    return times;
  }, [key, text, saves]);
  const single = await anchor('anchor.single', raw);
  const headAnchor = await anchor('anchor.head', await page.evaluate((k) => localStorage.getItem(k), STORED.drafts));
  await page.goto(env.url + 'progress');
  await live(page);
  const t0 = Date.now();
  await page.waitForFunction(() => document.querySelector('.question-status tbody td:nth-child(3)')?.textContent === '501');
  const shown = Date.now() - t0;

  const bytes = Buffer.byteLength(raw, 'utf8');
  console.log(`document: ${raw.length.toLocaleString()} UTF-16 units (what localStorage counts; ${((raw.length * 100) / 5_242_880).toFixed(1)}% of 5,242,880), ${(bytes / 1048576).toFixed(2)} MiB as UTF-8`);
  console.log(`stored as: drafts ${head.toLocaleString()} units, q1's attempt list ${list.toLocaleString()} units (one of four)`);
  console.log(`load (the store of each part reads its keys once): ${loads.map(ms).join(', ')}`);
  console.log(`first save (moves the document to the keys of its owners): ${ms(firstSave)}`);
  console.log(`draft save, median of ${saveTimes.length}: ${ms(median(saveTimes))} (max ${ms(Math.max(...saveTimes))})`);
  console.log(`rating save (q1's list and the drafts): ${ms(rateSave)}`);
  console.log(`anchor, whole document in one key, median of ${single.length}: ${ms(median(single))}`);
  console.log(`anchor, the drafts alone, median of ${headAnchor.length}: ${ms(median(headAnchor))}`);
  // The drafts alone may take less than the page's timer resolution (0.1 ms): no ratio then.
  const perDrafts = median(headAnchor) > 0 ? `${(median(saveTimes) / median(headAnchor)).toFixed(2)}×` : 'n/a (the anchor is below the timer resolution)';
  console.log(`draft save / drafts anchor: ${perDrafts}; draft save / one-key anchor: ${(median(saveTimes) / median(single)).toFixed(3)}×`);
  console.log(`progress page: attempt counts on screen ${shown} ms after it was live`);
  if (page.problems.length) console.log(page.problems);
} finally {
  await env.stop();
}
