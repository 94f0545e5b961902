// The page's browser module and its islands. The renderer names the page's one module on
// <html> (`data-module`, its file in `data-module-file`: src/bin/prerender.rs) and preloads
// it; this script starts it and hydrates its islands — the outermost ones; an island inside
// another comes alive with it — each in a task of its own, so the page can paint and answer
// input between them. Then the module applies what only the browser knows (src/lib.rs,
// after_hydration), once every island matches the prerendered HTML, and the page says it is
// live: `data-live` on <html> (tests wait for it) and the User Timing mark `fencing-live`
// (measurements read it).
const root = document.documentElement;
const file = root.dataset.moduleFile;
const { default: init, ...module } = await import(new URL(file, document.baseURI));
await init({ module_or_path: new URL(file.replace(/\.js$/, '_bg.wasm'), document.baseURI) });
const nextTask = () => new Promise((resolve) => setTimeout(resolve));
for (const island of document.querySelectorAll('leptos-island')) {
  if (island.parentElement.closest('leptos-island')) continue;
  const start = module[island.dataset.component];
  // Every island of a page is in its module (build.rs): one that is not stays dead, so say so.
  if (!start) {
    console.error(`the ${root.dataset.module} module has no island ${island.dataset.component}`);
    continue;
  }
  start(island);
  await nextTask();
}
module.after_hydration();
performance.mark('fencing-live');
root.setAttribute('data-live', '');
