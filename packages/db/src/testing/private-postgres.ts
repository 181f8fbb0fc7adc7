import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A private PostgreSQL cluster for tests (docs/stores.md "Tests"): initdb in a temporary folder, started on a free port, trust
 * auth, stopped and removed by `stop()`. It never skips: missing binaries or
 * a failed start throw with the reason (`.ci/run` installs Debian's
 * `postgresql` where `initdb` is absent). initdb refuses root, so as root
 * the cluster runs as the `postgres` user.
 */
export interface PrivatePostgres {
  url: string;
  /** The folder holding the cluster (data, socket, log): `stopPrivatePostgresAt(dir)` stops it from any process. */
  dir: string;
  /** Runs SQL with psql as the superuser (stops at the first error). */
  sql(text: string): void;
  stop(): void;
}

function binDir(): string {
  const onPath = (process.env.PATH ?? "")
    .split(":")
    .find((d) => d && existsSync(join(d, "initdb")) && existsSync(join(d, "pg_ctl")));
  if (onPath) return onPath;
  const base = "/usr/lib/postgresql";
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((v) => existsSync(join(base, v, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0)
    throw new Error(
      "PostgreSQL server binaries (initdb, pg_ctl) are missing: install Debian's `postgresql` (apt-get install -y postgresql), as .ci/run does",
    );
  return join(base, versions[0], "bin");
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

const asRoot = () => process.getuid?.() === 0;

/** Runs a server binary as the cluster's owner: the `postgres` user when we are root. */
function runAsOwner(args: string[]): void {
  const command = args.map(shellQuote).join(" ");
  try {
    if (asRoot())
      execFileSync("su", ["postgres", "-s", "/bin/sh", "-c", command], { stdio: "pipe" });
    else execFileSync("/bin/sh", ["-c", command], { stdio: "pipe" });
  } catch (err) {
    const e = err as { stderr?: Buffer; message: string };
    throw new Error(`${args[0]} failed: ${e.stderr?.toString().trim() || e.message}`);
  }
}

/** Stops the cluster `startPrivatePostgres` made in `dir` and removes the folder. */
export function stopPrivatePostgresAt(dir: string): void {
  try {
    runAsOwner([
      join(binDir(), "pg_ctl"),
      "-D",
      join(dir, "data"),
      "-m",
      "immediate",
      "-w",
      "stop",
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), "metabuild-pg-"));
  const run = runAsOwner;
  if (asRoot()) {
    try {
      chownSync(dir, Number(execFileSync("id", ["-u", "postgres"]).toString().trim()), -1);
    } catch {
      throw new Error(
        "Running as root needs the `postgres` user (from Debian's postgresql package)",
      );
    }
  }
  const data = join(dir, "data");
  const port = await freePort();
  run([
    join(bin, "initdb"),
    ...["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"],
    // Byte order for text, as SQLite compares (docs/stores.md "Collation").
    ...["--locale=C", "--encoding=UTF8"],
  ]);
  run([
    join(bin, "pg_ctl"),
    "-D",
    data,
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=400 -c synchronous_commit=off -c full_page_writes=off`,
    "-l",
    join(dir, "log"),
    "-w",
    "start",
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    sql(text: string) {
      try {
        execFileSync(
          existsSync(join(bin, "psql")) ? join(bin, "psql") : "psql",
          [
            "-h",
            "127.0.0.1",
            "-p",
            String(port),
            "-U",
            "postgres",
            "-v",
            "ON_ERROR_STOP=1",
            "-q",
            "-c",
            text,
          ],
          { stdio: "pipe" },
        );
      } catch (err) {
        const e = err as { stderr?: Buffer; message: string };
        throw new Error(`psql failed: ${e.stderr?.toString().trim() || e.message}`);
      }
    },
    dir,
    stop: () => stopPrivatePostgresAt(dir),
  };
}
