// The explorer's model checker in a Web Worker: it starts the checker's WASM
// (crates/checker-worker) and passes it each message the page sends: a search to run,
// reporting as it goes, or the coach of 「你来调度」 to build and ask where each move leads.
// The build writes this file beside the checker's module under a content-hashed name, with
// the module's hashed name in place of `page-checker` (tools/dist/name-modules.mjs); the
// explorer finds it by the name the renderer puts in <meta name="checker-worker">. Paths are
// relative to this script, so the site works under any base path.
import init, { answer } from './page-checker.js';

const ready = init({ module_or_path: new URL('./page-checker_bg.wasm', import.meta.url) });

// Each message is the page's question as JSON text (`checker::Ask`); each answer JSON text
// (`checker::Answer`) with the coach's rows as bytes beside it. The module answers its own
// failures; this catch is for a module that could not start or stopped (the JSON written by
// hand is `Answer::Failed`).
onmessage = async ({ data }) => {
  try {
    await ready;
    answer(data, (json, rows) => postMessage({ json, rows }));
  } catch (e) {
    postMessage({ json: JSON.stringify({ Failed: String((e && e.message) || e) }) });
  }
};
