// Shared set-up for the browser tests: Debian's Chromium through playwright-core, the built
// release page on a local static server, and a page that fails the test on any console
// error, failed request or CSP violation.
import { chromium } from 'playwright-core';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { serve } from '../tools/server.mjs';

export const DIST = process.env.FENCING_DIST ?? resolve(import.meta.dirname, '..', 'dist');

// Debian's Chromium in a container: headless, no sandbox (no user namespaces), no GPU; QUIC,
// background networking, component updates and sync off, so no request leaves the loopback.
export const FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** Wait until the page's islands are hydrated and its saved state applied (index.html). */
export async function live(page) {
  await page.locator('html[data-live]').waitFor({ state: 'attached' });
}

/** Live, and every piece the page shows fetched: no loading line left in a piece's place
 *  (src/ui/piece.rs), so what is read is the part itself. */
export async function shown(page) {
  await live(page);
  await page.waitForFunction(() => !document.querySelector('[data-piece=loading]'));
}

/** A phone's screen, as the walkthroughs use it. */
export const PHONE = { width: 390, height: 844 };

/** Make `page` a touch screen (no fine pointer, no hover); returns a tap on a locator. */
export async function touchScreen(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
  return async (locator) => {
    const b = await locator.boundingBox();
    const at = { x: b.x + Math.min(b.width, 30) / 2, y: b.y + b.height / 2 };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  };
}

/** Wait for a navigation to `url` (string, RegExp or predicate) and for that page to be live. */
export async function arrive(page, url) {
  await page.waitForURL(url);
  await live(page);
}

/** Start the browser and the server once per test file. */
export async function start({ base = '/', dist = DIST } = {}) {
  const profile = await mkdtemp(join(tmpdir(), 'fencing-e2e-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: FLAGS,
    headless: true,
    viewport: { width: 1280, height: 800 },
  });
  const server = await serve(dist, base);
  return {
    context: browser,
    url: server.url,
    /** Serve another build at the same address (a new deployment). */
    deploy: server.deploy,
    /** A new tab that records every problem the page reports. */
    async page(path = '') {
      const page = await browser.newPage();
      const problems = [];
      page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
      page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
      // A search cancelled (or replaced) while its worker still loads the checker aborts that
      // download: the app meant it. Any other failed request is a problem.
      const cancelled = (r) => r.failure()?.errorText === 'net::ERR_ABORTED' && /\/page-checker-[^/]*$/.test(r.url());
      // Leaving a page (a link, a reload) aborts what it was still loading: the browser meant
      // it. A request counts as left behind when a main-frame navigation began after it, or
      // when the document that asked for it is no longer the page's (a piece of a module the
      // old page asked for while the next navigation was already under way).
      let navigations = 0;
      const issued = new WeakMap();
      page.on('request', (r) => {
        if (r.isNavigationRequest() && r.frame() === page.mainFrame()) navigations++;
        else issued.set(r, { navigations, url: r.frame().url() });
      });
      const leftBehind = (r) => r.failure()?.errorText === 'net::ERR_ABORTED' && issued.has(r) &&
        (issued.get(r).navigations < navigations || issued.get(r).url !== page.url());
      page.on('requestfailed', (r) => cancelled(r) || leftBehind(r) || problems.push(`requestfailed: ${r.url()} (${r.failure()?.errorText})`));
      page.on('response', (r) => r.status() >= 400 && problems.push(`http ${r.status()}: ${r.url()}`));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) =>
          console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
      });
      page.problems = problems;
      if (path !== null) {
        await page.goto(server.url + path);
        await live(page);
      }
      return page;
    },
    /**
     * Forget everything the app saved. localStorage is shared by the tabs of one start(), and
     * an open tab writes back what it remembers at its next save: close them all first.
     */
    async clearStorage() {
      for (const open of browser.pages()) await open.close();
      const page = await this.page('intro');
      await page.evaluate(() => localStorage.clear());
      await page.close();
    },
    async stop() {
      await browser.close();
      await server.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
