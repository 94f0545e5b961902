// The explorer's model checker in a Web Worker: it starts the checker's WASM
// (crates/checker-worker) and runs each search it is sent, reporting as it goes. The build
// writes this file beside the checker's module under a content-hashed name, with the module's
// hashed name in place of `page-checker` (tools/dist/name-modules.mjs); the explorer finds it
// by the name the renderer puts in <meta name="checker-worker">. Paths are relative to this
// script, so the site works under any base path.
import init, { check } from './page-checker.js';

const ready = init({ module_or_path: new URL('./page-checker_bg.wasm', import.meta.url) });

onmessage = async ({ data }) => {
  try {
    await ready;
    const json = check(data.query, data.cap, (json) => postMessage({ kind: 'progress', json }));
    postMessage({ kind: 'done', json });
  } catch (e) {
    postMessage({ kind: 'error', message: String((e && e.message) || e) });
  }
};
