// The two other engines the page must work in, behind one small interface, so one smoke test
// drives both: Gecko (Debian's firefox-esr, over WebDriver BiDi through puppeteer-core) and
// WebKit (WebKitGTK's MiniBrowser, over classic WebDriver through WebKitWebDriver, under
// Xvfb; no console capture there, so the tests assert on the page's state).
//
// A browser here: goto(url), reload(), run(fn, ...args) (fn runs in the page; a promise it
// returns is awaited), click(css), type(css, text), problems() (what the page reported as
// broken), close().
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import puppeteer from 'puppeteer-core';

/** Firefox: console errors, uncaught errors and CSP violations are problems. */
export async function firefox() {
  const browser = await puppeteer.launch({ browser: 'firefox', executablePath: '/usr/bin/firefox-esr', headless: true });
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  const problems = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  await page.evaluateOnNewDocument(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  return {
    name: 'firefox-esr',
    goto: (url) => page.goto(url),
    reload: () => page.reload(),
    run: (fn, ...args) => page.evaluate(fn, ...args),
    click: (css) => page.click(css),
    type: (css, text) => page.type(css, text),
    problems: async () => problems,
    close: () => browser.close(),
  };
}

const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

/**
 * WebKit: classic WebDriver has no console and no script before the page's own, so the page's
 * error events are the problems from the moment each page is live (`watch`); a page that fails
 * before that never goes live, and says why if its module failed (`data-live-error`).
 */
export async function webkit({ display = 97, port = 4797 } = {}) {
  const xvfb = spawn('Xvfb', [`:${display}`, '-screen', '0', '1280x800x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
  const driver = spawn('WebKitWebDriver', [`--port=${port}`], { stdio: 'ignore', env: { ...process.env, DISPLAY: `:${display}` } });
  const base = `http://127.0.0.1:${port}`;
  async function call(method, path, body) {
    const response = await fetch(base + path, { method, headers: { 'content-type': 'application/json' }, body: body && JSON.stringify(body) });
    const { value } = await response.json();
    if (!response.ok) throw new Error(`WebDriver ${method} ${path}: ${value?.error}: ${value?.message}`);
    return value;
  }
  for (let i = 0; !(await call('GET', '/status').then((s) => s.ready, () => false)); i++) {
    if (i > 100) {
      driver.kill();
      xvfb.kill();
      throw new Error('WebKitWebDriver did not start');
    }
    await sleep(100);
  }
  const binary = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
  const capabilities = { alwaysMatch: { browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary, args: ['--automation'] } } };
  const { sessionId } = await call('POST', '/session', { capabilities });
  const session = (path) => `/session/${sessionId}${path}`;
  const run = (fn, ...args) => call('POST', session('/execute/sync'), { script: `return (${fn}).apply(null, arguments)`, args });
  const element = async (css) => (await call('POST', session('/element'), { using: 'css selector', value: css }))[ELEMENT];
  return {
    name: 'WebKitGTK',
    goto: (url) => call('POST', session('/url'), { url }),
    reload: () => call('POST', session('/refresh'), {}),
    run,
    click: async (css) => call('POST', session(`/element/${await element(css)}/click`), {}),
    type: async (css, text) => call('POST', session(`/element/${await element(css)}/value`), { text }),
    /** From now on, record the page's uncaught errors and CSP violations. */
    watch: () =>
      run(() => {
        window.smokeProblems = [];
        addEventListener('error', (e) => window.smokeProblems.push(`error: ${e.message}`));
        addEventListener('unhandledrejection', (e) => window.smokeProblems.push(`unhandled rejection: ${e.reason}`));
        document.addEventListener('securitypolicyviolation', (e) => window.smokeProblems.push(`CSP violation: ${e.violatedDirective}`));
      }),
    problems: () => run(() => window.smokeProblems ?? []),
    async close() {
      await call('DELETE', session('')).catch(() => {});
      driver.kill();
      xvfb.kill();
    },
  };
}
