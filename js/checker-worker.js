// The explorer's model checker in a Web Worker: it starts the checker's WASM
// (crates/checker-worker) and runs each search it is sent, reporting as it goes, or builds
// the coach for 「你来调度」 and answers where each move leads. The build writes this file
// beside the checker's module under a content-hashed name, with the module's hashed name in
// place of `page-checker` (tools/dist/name-modules.mjs); the explorer finds it by the name the
// renderer puts in <meta name="checker-worker">. Paths are relative to this script, so the
// site works under any base path.
import init, { check, coach, coach_at } from './page-checker.js';

const ready = init({ module_or_path: new URL('./page-checker_bg.wasm', import.meta.url) });

onmessage = async ({ data }) => {
  try {
    await ready;
    if (data.coach !== undefined) {
      postMessage({ kind: 'coached', cost: coach(data.coach) });
    } else if (data.at !== undefined) {
      postMessage({ kind: 'at', path: data.at, rows: coach_at(data.at) });
    } else {
      const json = check(data.query, data.cap, (json) => postMessage({ kind: 'progress', json }));
      postMessage({ kind: 'done', json });
    }
  } catch (e) {
    postMessage({ kind: 'error', message: String((e && e.message) || e) });
  }
};
