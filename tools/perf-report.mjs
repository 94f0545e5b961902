// Performance report for the release build: a report, not a test. Every figure is measured
// against an anchor in the same run, on a phone profile, served with gzip as hosts do (or with
// brotli, PERF_BROTLI=1).
//
//   node tools/perf-report.mjs [runs]     (after scripts/build.sh)
//   PERF_BROTLI=1 node tools/perf-report.mjs [runs]
//                                         the same from a host that serves the build's .br
//                                         copies, over HTTPS (a certificate made for the run)
//                                         as real hosts are reached: browsers ask for brotli
//                                         only over HTTPS (Chromium also on localhost)
//
// Phone profile (Chrome DevTools Protocol): 150 ms latency, 1.6 Mbit/s down, 750 kbit/s up,
// CPU slowed 4×, a 390 px viewport. For each route of ROUTES, median of `runs`:
//   - on screen: first contentful paint and the largest contentful paint (the heading and, on
//     /explore, the first verdict are both in the prerendered HTML), for the app and for a
//     static copy of the same rendered DOM with every script removed (the anchor);
//   - live: the page's one module started and every island hydrated (the page's User Timing
//     mark `fencing-live`), then a click on the theme toggle must change the theme;
//   - cumulative layout shift, and the longest main-thread task after the text was on screen;
//   - first load: the bytes the browser fetched (compressed, from the network log) until idle,
//     in KiB, and how many files (WASM among them: each piece is a request, and Lighthouse's
//     simulated load counts requests as well as bytes).
// Then Lighthouse 12 (mobile) on each route of the app: performance and SEO scores.
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { DIST, FLAGS } from '../e2e/harness.mjs';
import { serve } from './server.mjs';

const runs = Number(process.argv[2] ?? 5);
// One route of each kind: a reading page, the study pages, a chapter with recall cards, the
// explorer, the lab chapter, the whole lesson (PERF_ROUTES=timeline,lab: only those).
const ROUTES = process.env.PERF_ROUTES?.split(',') ?? ['timeline', 'self-test', 'progress', 'follow-ups', 'explore', 'lab', 'all'];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${Math.round(x)} ms`;

const profile = await mkdtemp(join(tmpdir(), 'fencing-perf-'));
const brotli = process.env.PERF_BROTLI === '1';
const encoding = brotli ? 'brotli over HTTPS' : 'gzip';
let tls = null;
if (brotli) {
  const [key, cert] = [join(profile, 'key.pem'), join(profile, 'cert.pem')];
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
  tls = { key: await readFile(key), cert: await readFile(cert) };
}
const args = brotli ? [...FLAGS, '--ignore-certificate-errors'] : FLAGS;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args, headless: true });

/** Watch paints, layout shifts and long tasks from the start of the document. */
function observe() {
  window.__perf = { cls: 0, longtasks: [] };
  new PerformanceObserver((l) => l.getEntries().forEach((e) => { if (!e.hadRecentInput) window.__perf.cls += e.value; })).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((l) => l.getEntries().forEach((e) => window.__perf.longtasks.push([e.startTime, e.duration]))).observe({ type: 'longtask', buffered: true });
}

/** One load of `url` on the phone profile: the figures and the bytes fetched. */
async function load(url, { live }) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let bytes = 0;
  let files = 0;
  let wasm = 0;
  const urls = new Map();
  const fetched = [];
  cdp.on('Network.responseReceived', (e) => urls.set(e.requestId, e.response.url));
  cdp.on('Network.loadingFinished', (e) => {
    bytes += e.encodedDataLength;
    files += 1;
    if (/\.wasm$/.test(urls.get(e.requestId) ?? '')) wasm += 1;
    fetched.push(`${(urls.get(e.requestId) ?? '?').split('/').pop()} ${(e.encodedDataLength / 1024).toFixed(1)} KiB`);
  });
  await page.addInitScript(observe);
  await page.goto(url, { waitUntil: 'networkidle' });
  if (live) await page.locator('html[data-live]').waitFor({ state: 'attached', timeout: 60000 });
  const paints = await page.evaluate(() => new Promise((done) => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
    new PerformanceObserver((l) => { const e = l.getEntries(); done({ fcp, lcp: e[e.length - 1].startTime }); }).observe({ type: 'largest-contentful-paint', buffered: true });
  }));
  let responds = null;
  if (live) {
    const before = await page.evaluate(() => document.documentElement.dataset.theme);
    await page.locator('.theme-toggle').click();
    responds = (await page.evaluate(() => document.documentElement.dataset.theme)) !== before;
  }
  const perf = await page.evaluate(() => {
    const at = (name) => performance.getEntriesByName(name)[0]?.startTime ?? null;
    return { ...window.__perf, live: at('fencing-live') };
  });
  const longest = Math.max(0, ...perf.longtasks.filter(([start]) => start >= paints.fcp).map(([, d]) => d));
  if (process.env.PERF_VERBOSE) {
    // When each file arrived, and the long tasks: where the time to live goes.
    const ends = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => `${e.name.split('/').pop()} ${Math.round(e.responseEnd)} ms`));
    console.log(url, fetched.join(', '), '\n  arrived:', ends.join(', '), '\n  long tasks:', perf.longtasks.map(([t, d]) => `${Math.round(t)}+${Math.round(d)}`).join(' '), '\n  live:', Math.round(perf.live));
  }
  await context.close();
  return { ...paints, live: perf.live, responds, cls: perf.cls, longest, bytes, files, wasm };
}

const server = await serve(DIST, '/', { tls, brotli });
// The anchor: each route's rendered DOM, every script and module link removed, as a static site.
const staticDir = join(profile, 'static');
await mkdir(staticDir, { recursive: true });
await cp(DIST, staticDir, { recursive: true });
{
  const page = await browser.newPage();
  for (const route of ROUTES) {
    await page.goto(server.url + route);
    await page.locator('html[data-live]').waitFor({ state: 'attached' });
    const html = await page.evaluate(() => {
      const copy = document.documentElement.cloneNode(true);
      copy.querySelectorAll('script, link[rel="modulepreload"], link[rel="preload"]').forEach((n) => n.remove());
      return '<!doctype html>\n' + copy.outerHTML;
    });
    await writeFile(join(staticDir, route, 'index.html'), html);
    // The server prefers the precompressed copies: they must be the static page's, not the app's.
    await writeFile(join(staticDir, route, 'index.html.br'), brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    await writeFile(join(staticDir, route, 'index.html.gz'), gzipSync(html, { level: 9 }));
  }
  await page.close();
}
const staticServer = await serve(staticDir, '/', { tls, brotli });

const report = {};
for (const route of ROUTES) {
  const app = [];
  const anchor = [];
  for (let i = 0; i < runs; i++) {
    app.push(await load(server.url + route, { live: true }));
    anchor.push(await load(staticServer.url + route, { live: false }));
  }
  const m = (xs, k) => median(xs.map((x) => x[k]));
  report[route] = {
    appLcp: m(app, 'lcp'), staticLcp: m(anchor, 'lcp'), appFcp: m(app, 'fcp'), staticFcp: m(anchor, 'fcp'),
    live: m(app, 'live'), responds: app.every((x) => x.responds), cls: Math.max(...app.map((x) => x.cls)),
    longest: Math.max(...app.map((x) => x.longest)), bytes: m(app, 'bytes'), staticBytes: m(anchor, 'bytes'),
    files: m(app, 'files'), wasm: m(app, 'wasm'),
  };
}

console.log(`phone profile (150 ms, 1.6 Mbit/s, CPU 4×), ${encoding}, median of ${runs}`);
for (const [route, r] of Object.entries(report)) {
  console.log(`/${route}`);
  console.log(`  on screen (LCP): app ${ms(r.appLcp)}, static copy ${ms(r.staticLcp)} — ${(r.appLcp / r.staticLcp).toFixed(2)}× (goal ≤ 1.3×); FCP ${ms(r.appFcp)} vs ${ms(r.staticFcp)}`);
  console.log(`  live: every island ${ms(r.live)}, ${(r.live / r.staticLcp).toFixed(1)}× the static copy's LCP (goal ≤ 3×); theme toggle responds: ${r.responds ? 'yes' : 'NO'}`);
  console.log(`  cumulative layout shift (worst run): ${r.cls.toFixed(3)} (goal ≤ 0.02); longest task after first paint: ${ms(r.longest)} (goal ≤ 200 ms)`);
  console.log(`  first load, ${encoding}, from the network log: ${(r.bytes / 1024).toFixed(1)} KiB in ${r.files} files, ${r.wasm} of them WASM (static copy ${(r.staticBytes / 1024).toFixed(1)} KiB; goal ≤ ${route === 'timeline' ? 200 : 250} KiB)`);
}

// Lighthouse, as an outside judge, on the app's routes.
if (process.env.SKIP_LIGHTHOUSE !== '1') {
  const { default: lighthouse } = await import('lighthouse');
  const { launch } = await import('chrome-launcher');
  const chrome = await launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: args.filter((f) => f !== '--headless').concat(['--headless=new']) });
  try {
    for (const route of ROUTES) {
      const { lhr } = await lighthouse(server.url + route, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'seo', 'accessibility', 'best-practices'], formFactor: 'mobile' });
      const score = (c) => Math.round(lhr.categories[c].score * 100);
      const a = lhr.audits;
      console.log(`lighthouse /${route}: performance ${score('performance')}, SEO ${score('seo')}, accessibility ${score('accessibility')}, best practices ${score('best-practices')}; LCP ${a['largest-contentful-paint'].displayValue}, TBT ${a['total-blocking-time'].displayValue}, CLS ${a['cumulative-layout-shift'].displayValue}`);
    }
  } finally {
    await chrome.kill();
  }
}

await server.close();
await staticServer.close();
await browser.close();
await rm(profile, { recursive: true, force: true });
