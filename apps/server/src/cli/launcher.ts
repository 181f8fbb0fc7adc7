/**
 * `pnpm metabuild serve` runs tsx's launcher, which runs the server as its
 * child (with `--require …/tsx/dist/preflight.cjs`). A kill -9 of the
 * launcher left that child serving, with its executors and render workers;
 * the server therefore watches its launcher and stops when it is gone. Not
 * under plain `node`: there a vanished parent (a closed shell, nohup) must
 * not stop the server (docs/operations.md "Runtime").
 */

const TSX_PREFLIGHT = /[\\/]tsx[\\/]dist[\\/]preflight\.cjs$/;

/** How often the launcher is looked for. */
const WATCH_EVERY_MS = 200;

/** Whether this process was started by tsx's launcher (`tsx file.ts`). */
export function startedByTsxLauncher(execArgv: readonly string[] = process.execArgv): boolean {
  return execArgv.some((arg) => TSX_PREFLIGHT.test(arg));
}

/** Calls `gone` once when the tsx launcher that started this process has died. */
export function watchTsxLauncher(gone: () => void): void {
  if (!startedByTsxLauncher()) return;
  const launcher = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === launcher) return;
    clearInterval(timer);
    gone();
  }, WATCH_EVERY_MS);
  timer.unref();
}
