import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { collect, freePort, root, spawnServe, stop, waitFor } from "./child-process.ts";

/** Debian's nginx, if installed (`.ci/run` installs it). */
export function findNginx(): string | undefined {
  for (const candidate of ["/usr/sbin/nginx", "/usr/bin/nginx", "/usr/local/sbin/nginx"])
    if (existsSync(candidate)) return candidate;
  try {
    return execFileSync("sh", ["-c", "command -v nginx"], { encoding: "utf8" }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** The nginx configuration docs/operations.md gives operators, exactly as written there. */
export function documentedNginxConfig(): string {
  const doc = readFileSync(join(root, "docs/operations.md"), "utf8");
  const block = /<!-- nginx-config:[^>]*-->\s*```nginx\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!block) throw new Error("docs/operations.md lacks its nginx-config block");
  return block;
}

export interface Proxied {
  /** The public URL through nginx, with the base path and no trailing slash. */
  url: string;
  /** The server's own address, behind nginx. */
  direct: string;
  /** The demo server's output and nginx's error log, for failures. */
  log(): string;
  stop(): Promise<void>;
}

/**
 * `metabuild serve` (demo, METABUILD_BASE_PATH=/mb, METABUILD_TRUST_PROXY=1)
 * behind nginx run as a child process with the documented configuration
 * inside a private one (pid, logs and temp files in a temp folder, free ports).
 */
export async function startProxied(nginx: string, basePath = "/mb"): Promise<Proxied> {
  const dir = mkdtempSync(join(tmpdir(), "metabuild-nginx-"));
  const [serverPort, proxyPort] = [await freePort(), await freePort()];
  const server = spawnServe(serverPort, {
    METABUILD_DATA_DIR: join(dir, "data"),
    METABUILD_DEMO: "on",
    METABUILD_BASE_PATH: basePath,
    METABUILD_TRUST_PROXY: "1",
    DATABASE_URL: "",
  });
  const serverLog = collect(server);
  const direct = `http://127.0.0.1:${serverPort}${basePath}`;

  const documented = documentedNginxConfig();
  const site = documented
    .replace("server 127.0.0.1:8080;", `server 127.0.0.1:${serverPort};`)
    .replace("listen 80;", `listen 127.0.0.1:${proxyPort};`);
  if (site === documented) throw new Error("the documented nginx config changed shape");
  for (const sub of ["body", "proxy", "fastcgi", "uwsgi", "scgi"])
    mkdirSync(join(dir, sub), { recursive: true });
  const isRoot = process.getuid?.() === 0;
  const config = join(dir, "nginx.conf");
  writeFileSync(
    config,
    `${isRoot ? "user root;\n" : ""}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log info;
events { worker_connections 256; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  types { text/html html; }
${site}
}
`,
  );
  const proxy = spawn(
    nginx,
    ["-p", dir, "-c", config, "-e", `${dir}/error.log`, "-g", "daemon off;"],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const proxyLog = collect(proxy);
  const log = () => {
    let errors = "";
    try {
      errors = readFileSync(join(dir, "error.log"), "utf8");
    } catch {}
    return `--- metabuild ---\n${serverLog()}\n--- nginx ---\n${proxyLog()}\n${errors}`;
  };
  const url = `http://127.0.0.1:${proxyPort}${basePath}`;
  try {
    await waitFor(`${direct}/health`, server, log, "metabuild");
    await waitFor(`${url}/health`, proxy, log, "nginx");
  } catch (err) {
    await Promise.all([stop(server), stop(proxy)]);
    throw err;
  }
  return {
    url,
    direct,
    log,
    stop: async () => {
      await Promise.all([stop(proxy), stop(server)]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
