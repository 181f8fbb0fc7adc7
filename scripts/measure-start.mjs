// Measures a server command's start time (spawn → first 200 from /health)
// and its idle memory (RSS summed over the process and all its descendants,
// 5 s after it is ready), on a fresh data folder and a free port.
//   node scripts/measure-start.mjs node apps/server/dist/main.js serve
// The figures in the README come from this (docs/operations.md "Runtime").
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const [command, ...args] = process.argv.slice(2);
if (!command) throw new Error("usage: node scripts/measure-start.mjs COMMAND [ARGS…]");

const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, "127.0.0.1", () => {
    const { port } = probe.address();
    probe.close(() => resolve(port));
  });
});
const dataDir = mkdtempSync(join(tmpdir(), "metabuild-measure-"));

/** pid → parent pid, for every process now. */
function parents() {
  const map = new Map();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      // The command name may hold spaces: the fields after its ')' are fixed.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      map.set(Number(name), ppid);
    } catch {
      // gone meanwhile
    }
  }
  return map;
}

function tree(root) {
  const map = parents();
  const found = [root];
  for (let i = 0; i < found.length; i++)
    for (const [pid, ppid] of map) if (ppid === found[i]) found.push(pid);
  return found;
}

function rssKiB(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+)/m);
    return line ? Number(line[1]) : 0;
  } catch {
    return 0;
  }
}

const started = performance.now();
const child = spawn(command, args, {
  env: {
    ...process.env,
    HOST: "127.0.0.1",
    PORT: String(port),
    METABUILD_DATA_DIR: dataDir,
    DATABASE_URL: "",
  },
  stdio: "ignore",
});
let readyMs;
while (readyMs === undefined) {
  if (child.exitCode !== null) throw new Error(`the command exited with ${child.exitCode}`);
  try {
    if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) readyMs = performance.now() - started;
  } catch {
    // not listening yet
  }
  if (readyMs === undefined) await new Promise((r) => setTimeout(r, 20));
}
await new Promise((r) => setTimeout(r, 5000));
const pids = tree(child.pid);
const totalMiB = pids.reduce((sum, pid) => sum + rssKiB(pid), 0) / 1024;
console.log(
  `ready in ${(readyMs / 1000).toFixed(2)} s; idle RSS ${Math.round(totalMiB)} MiB across ${pids.length} processes`,
);
child.kill("SIGTERM");
await new Promise((r) => child.once("exit", r));
rmSync(dataDir, { recursive: true, force: true });
