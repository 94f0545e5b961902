// The page's browser modules and their islands. Trunk's loader starts `reading` on every page
// and announces it (`TrunkApplicationStarted`); this script starts the page's other modules —
// the renderer lists them in <html data-modules> and names each one's file in
// `data-module-<name>` (src/bin/prerender.rs) — once the page has loaded, so that `reading`
// and the first paint come first. As each module's WASM runs, its islands hydrate (the
// outermost ones; an island inside another comes alive with it), then the module applies what
// only the browser knows (src/lib.rs, after_hydration).
// Once every module the page uses is live, the page says so with `data-live`: tests wait for
// it. Measurements read when each module and the whole page went live from User Timing marks
// (`fencing-live-<module>`, `fencing-live`).
const root = document.documentElement;
const wanted = (root.dataset.modules || 'reading').split(' ');
const started = {};
const running = (name) => (name === 'reading' ? window.readingModule : started[name]);

// Each island hydrates in a task of its own, so the page can paint and answer input between
// them; `after_hydration` comes last, once they all match the prerendered HTML.
const done = new Set();
const nextTask = () => new Promise((resolve) => setTimeout(resolve));
async function hydrate() {
  for (const name of wanted) {
    const module = running(name);
    if (done.has(name)) continue;
    // In the listed order, whichever module's WASM arrives first: `reading` carries the
    // storage notice, which must be listening before another module reports its status.
    if (!module) break;
    done.add(name);
    for (const island of document.querySelectorAll('leptos-island')) {
      const start = module[island.dataset.component];
      if (start && !island.parentElement.closest('leptos-island')) {
        start(island);
        await nextTask();
      }
    }
    module.after_hydration();
    performance.mark(`fencing-live-${name}`);
    if (wanted.every((m) => done.has(m))) {
      performance.mark('fencing-live');
      root.setAttribute('data-live', '');
    }
  }
}

// One pass at a time: a module that arrives while another is hydrating waits its turn
// (otherwise it could report before the notice listens, or the page say live too soon).
let pass = Promise.resolve();
const schedule = () => {
  pass = pass.then(hydrate);
};

// A module Trunk built as a plain ES module (its "worker" kind): its script and WASM.
async function start(name) {
  if (document.readyState !== 'complete') await new Promise((r) => addEventListener('load', r, { once: true }));
  const file = root.getAttribute(`data-module-${name}`);
  const { default: init, ...module } = await import(new URL(file, document.baseURI));
  await init({ module_or_path: new URL(file.replace(/\.js$/, '_bg.wasm'), document.baseURI) });
  started[name] = module;
  schedule();
}

addEventListener('TrunkApplicationStarted', schedule);
wanted.filter((name) => name !== 'reading').forEach(start);
schedule();
