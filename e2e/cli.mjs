// The native `fencing-lab`, for comparing the page's runs with the CLI byte for byte.
import { execFileSync, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
let built = false;

/** stdout (or stderr on failure) and exit code of `fencing-lab ARGS...`. */
export function fencingLab(args) {
  if (!built) {
    execFileSync('cargo', ['build', '-q', '-p', 'fencing-model', '--bin', 'fencing-lab'], { cwd: ROOT, stdio: 'inherit' });
    built = true;
  }
  const target = process.env.CARGO_TARGET_DIR ?? resolve(ROOT, 'target');
  const r = spawnSync(resolve(target, 'debug/fencing-lab'), args, { encoding: 'utf8' });
  return { output: r.status === 0 ? r.stdout : r.stderr, code: r.status };
}

/** The lab's arguments in a command line the page shows (`cargo run -q -p fencing-model -- …`). */
export function argsOf(command) {
  const program = 'cargo run -q -p fencing-model -- ';
  if (!command.startsWith(program)) throw new Error(`not a lab command line: ${command}`);
  // (`''` is the shell's empty word: the coach's path at the initial state.)
  return command.slice(program.length).split(/\s+/).map((w) => (w === "''" ? '' : w));
}
