/**
 * bench/console: the console in Chromium on a project of 100,000 instances
 * (the e2e bundle generator's layout: 245 folders, STG/HUB/SAT), against a
 * real server process. Prints the time a person waits for: opening the
 * instance list, a name-glob filter, "Select all matching", and a build
 * page's Files tab (a build of /erp's hubs, ~13,000 files), each with the
 * goal of issue 14 (< 1 s) and whether it was met. docs/console-scale.md.
 *
 *   pnpm --filter @metabuild/console build            (the server serves that build)
 *   pnpm --filter @metabuild/bench console            (or: npx tsx bench/console/main.ts)
 *
 * The store is made once under bench/.data/console-<N>/ and reused
 * (BENCH_FRESH=1 makes it again): the demo, then the generated bundle through
 * the API (BENCH_IMPORT=cli: `metabuild import`). BENCH_INSTANCES changes the
 * size, BENCH_RUNS the repetitions.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Page, chromium } from "@playwright/test";
import { scaleBundle, scaleInstances } from "../../e2e/tests/support/scale-bundle.ts";

const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const GOAL_MS = 1000;
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const cli = join(root, "apps/server/src/cli/main.ts");
const admin = { email: "admin@demo.test", password: "admin-pass" };
const serverEnv = (dataDir: string) => ({
  ...process.env,
  METABUILD_DATA_DIR: dataDir,
  DATABASE_URL: "",
  METABUILD_DEMO: "off",
  METABUILD_JWT_SECRET: "bench-secret-bench-secret-bench-secret-0123",
});

/**
 * The store with the demo and N generated instances, made once and reused.
 * Made through the API (the server loads the demo into the empty store, then
 * `POST /api/console/bundles` in chunks under the bundle size limit), or with
 * BENCH_IMPORT=cli by `metabuild import` before the server starts: at 100,000
 * instances the API took minutes where the CLI, which checks the whole file on
 * a copy of the store first, took 10.6 min (docs/console-scale.md).
 */
async function prepareStore(): Promise<{ dataDir: string; made: boolean }> {
  const dataDir = join(root, "bench/.data", `console-${INSTANCES}`);
  if (existsSync(join(dataDir, "ready")) && !process.env.BENCH_FRESH)
    return { dataDir, made: false };
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  if (process.env.BENCH_IMPORT === "cli") {
    const bundle = join(dataDir, "scale.json");
    writeFileSync(bundle, scaleBundle({ project: "SCALE", instances: INSTANCES }));
    for (const file of [join(root, "demo/demo.yaml"), bundle]) {
      const t = performance.now();
      execFileSync(process.execPath, ["--import", "tsx", cli, "import", file], {
        cwd: root,
        env: serverEnv(dataDir),
        stdio: ["ignore", "inherit", "inherit"],
      });
      console.log(`metabuild import ${file}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
    }
    rmSync(bundle);
  }
  return { dataDir, made: true };
}

/** Imports the generated instances through the API, CHUNK at a time (same names: one project). */
async function importByApi(url: string, token: string) {
  const CHUNK = 25_000;
  const all = scaleBundle({ project: "SCALE", instances: INSTANCES });
  const bundle = JSON.parse(all) as { projects: { instances: unknown[] }[] };
  const instances = bundle.projects[0]?.instances ?? [];
  const t = performance.now();
  for (let at = 0; at < instances.length; at += CHUNK) {
    const part = structuredClone(bundle);
    (part.projects[0] as { instances: unknown[] }).instances = instances.slice(at, at + CHUNK);
    const res = await fetch(`${url}/api/console/bundles`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify(part),
    });
    if (!res.ok) throw new Error(`import: ${res.status} ${await res.text()}`);
  }
  console.log(
    `POST /api/console/bundles, ${INSTANCES.toLocaleString("en")} instances in chunks of ${CHUNK.toLocaleString("en")}: ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
}

function startServer(
  dataDir: string,
  demo: boolean,
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", cli, "serve"], {
    cwd: root,
    env: {
      ...serverEnv(dataDir),
      HOST: "127.0.0.1",
      PORT: "0",
      METABUILD_DEMO: demo ? "on" : "off",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening on (\S+)/.exec(out);
      if (m) resolve({ child, url: m[1] as string });
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
}

async function api<T>(url: string, path: string, token: string | undefined, body?: unknown) {
  const res = await fetch(`${url}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A finished build of /erp's hubs (kept in the store for the next run). */
async function filesBuild(url: string, token: string, projectId: number): Promise<number> {
  const description = "bench/console: the hubs of /erp";
  const builds = await api<{ id: number; status: string; description: string | null }[]>(
    url,
    `/api/v1/builds?project_id=${projectId}&$limit=200`,
    token,
  );
  const kept = builds.find((b) => b.description === description && b.status === "FINISHED");
  if (kept) return kept.id;
  const t = performance.now();
  const made = await api<{ build: { id: number; status: string } }>(url, "/api/v1/builds", token, {
    project_id: projectId,
    wait: true,
    description,
    instances: [{ pattern: "HUB", folder: "/erp", subfolders: true, name: "*" }],
  });
  console.log(
    `build ${made.build.id} (${made.build.status}): ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  return made.build.id;
}

/** Milliseconds `act` takes to end with `done` (both as a person sees them). */
async function timed(act: () => Promise<unknown>, done: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await act();
  await done();
  return performance.now() - t;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

async function measure(page: Page, projectId: number, buildId: number) {
  const list = `/projects/${projectId}/instances`;
  const firstRow = page.getByRole("grid", { name: "Instances" }).locator('[row-index="0"]').first();
  const all = INSTANCES.toLocaleString("en");
  const glob = "*ORDER_LINE*";
  const matching = scaleInstances(INSTANCES)
    .filter((i) => i.name.includes("ORDER_LINE"))
    .length.toLocaleString("en");
  const results: Record<string, number[]> = {
    "open list": [],
    [`filter (name ${glob})`]: [],
    "select all matching": [],
    "build page, Files tab": [],
  };
  const [open, filter, selectAll, files] = Object.values(results) as number[][];
  for (let run = 0; run < RUNS; run++) {
    // Open: a fresh page load of the list until the first rows and the count show.
    open?.push(
      await timed(
        () => page.goto(list),
        async () => {
          await page
            .getByRole("status")
            .filter({ hasText: `${all} instances` })
            .waitFor();
          await firstRow.waitFor();
        },
      ),
    );
    // Filter: a name glob typed and applied (Enter) until the new count shows.
    const input = page.getByLabel("Instance name");
    await input.fill(glob);
    filter?.push(
      await timed(
        () => input.press("Enter"),
        () =>
          page
            .getByRole("status")
            .filter({ hasText: `${matching} instances` })
            .waitFor(),
      ),
    );
    // Select all: every match across pages, until the bar says so.
    const bar = page.getByRole("toolbar", { name: "Selected instances" });
    selectAll?.push(
      await timed(
        () => bar.getByRole("button", { name: `Select all ${matching} matching` }).click(),
        () => bar.getByText(`All ${matching} matching selected`).waitFor({ timeout: 120_000 }),
      ),
    );
    // Files tab: the build page opened on it until the first file tree line shows.
    files?.push(
      await timed(
        () => page.goto(`/projects/${projectId}/builds/${buildId}?tab=files`),
        () => page.getByRole("tree", { name: "Files" }).getByRole("treeitem").first().waitFor(),
      ),
    );
    if (run === 0) console.log(`(filter matched ${matching} instances)`);
  }
  return results;
}

async function main() {
  const { dataDir, made } = await prepareStore();
  const byApi = made && process.env.BENCH_IMPORT !== "cli";
  const { child, url } = await startServer(dataDir, byApi);
  const browser = await chromium.launch({
    executablePath: process.env.METABUILD_CHROMIUM ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
  try {
    const { accessToken } = await api<{ accessToken: string }>(url, "/authentication", undefined, {
      strategy: "local",
      ...admin,
    });
    if (byApi) await importByApi(url, accessToken);
    if (made) writeFileSync(join(dataDir, "ready"), String(INSTANCES));
    const [project] = await api<{ id: number }[]>(url, "/api/v1/projects?name=SCALE", accessToken);
    if (!project) throw new Error("project SCALE is missing: run with BENCH_FRESH=1");
    const buildId = await filesBuild(url, accessToken, project.id);

    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, baseURL: url });
    page.setDefaultTimeout(60_000);
    await page.goto("/sign-in");
    await page.getByLabel("E-mail").fill(admin.email);
    await page.getByLabel("Password").fill(admin.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("button", { name: `User menu for ${admin.email}` }).waitFor();

    const results = await measure(page, project.id, buildId);
    console.log(`\nconsole at ${INSTANCES.toLocaleString("en")} instances, ${RUNS} runs (median)`);
    for (const [label, values] of Object.entries(results)) {
      const m = median(values);
      const each = values.map((v) => v.toFixed(0)).join(", ");
      console.log(
        `  ${label.padEnd(30)} ${`${m.toFixed(0)} ms`.padStart(9)}  goal < ${GOAL_MS} ms: ${m < GOAL_MS ? "met" : "NOT met"}  (${each})`,
      );
    }
  } finally {
    await browser.close();
    child.kill("SIGTERM");
  }
}

await main();
