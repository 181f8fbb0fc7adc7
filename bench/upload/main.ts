/**
 * bench/upload: a generated 50,000-row workbook (2,500 instances × 20 rows,
 * 12 properties and 4 roles) uploaded through POST /api/v1/instances of the
 * real app on an SQLite file. Prints rows/s and peak memory, next to the time
 * exceljs' streaming reader alone takes to read the same file.
 *
 *   pnpm --filter @metabuild/bench upload      (or: npx tsx bench/upload/main.ts)
 *
 * Each measurement runs in its own child process, so its peak memory (the
 * kernel's max RSS) is its own.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { openDatabase, schema } from "@metabuild/db";
import { createApp } from "@metabuild/server/app";
import { Metrics } from "@metabuild/server/infra/metrics";
import { testConfig } from "@metabuild/server/config";
import { systemClock } from "@metabuild/server/infra/clock";
import { MemoryFileStore } from "@metabuild/server/infra/file-store";
import { createServices } from "@metabuild/server/services/index";
import { XlsxWorkbook } from "@metabuild/server/services/spreadsheets/xlsx-reader";
import ExcelJS from "exceljs";

const INSTANCES = 2500;
const ROWS_PER_INSTANCE = 20;
const ROWS = INSTANCES * ROWS_PER_INSTANCE;
const PROPERTIES = Array.from({ length: 12 }, (_, i) => `PROP_${i + 1}`);
const ROLES = ["BK", "HK", "SRC", "TGT"];
const here = dirname(fileURLToPath(import.meta.url));
const dataDir = join(here, "..", ".data");
const workbookFile = join(dataDir, "upload-50k.xlsx");
const MiB = 1024 * 1024;

interface Measured {
  ms: number;
  /** CPU time of the process during the measurement (user + system). */
  cpuMs: number;
  maxRssMiB: number;
  rows?: number;
  statuses?: Record<string, number>;
}

/** The workbook: one line per metadata row, distinct texts (the worst case for shared strings). */
async function generate(): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: workbookFile,
    useSharedStrings: true,
  });
  const ws = wb.addWorksheet("HUB");
  ws.addRow([
    "INSTANCE",
    "PATTERN",
    "PROJECT",
    "FOLDER",
    "POS_NO",
    ...PROPERTIES,
    ...ROLES,
  ]).commit();
  for (let i = 0; i < INSTANCES; i++)
    for (let r = 1; r <= ROWS_PER_INSTANCE; r++)
      ws.addRow([
        `HUB_${String(i).padStart(5, "0")}`,
        "HUB",
        "BENCH",
        `/area_${i % 25}/sub_${i % 5}`,
        r,
        ...PROPERTIES.map((p) => `${p.toLowerCase()}_${i}_${r}`),
        ...ROLES.map((_, k) => (r === k + 1 ? "X" : null)),
      ]).commit();
  await ws.commit();
  await wb.commit();
}

/** A stopwatch of wall and CPU time. */
function stopwatch() {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  return () => {
    const used = process.cpuUsage(cpu);
    return { ms: performance.now() - wall, cpuMs: (used.user + used.system) / 1000 };
  };
}

/** exceljs alone: its streaming reader over every row, nothing else. */
async function exceljsAlone(): Promise<Measured> {
  const stop = stopwatch();
  let rows = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(workbookFile, {
    sharedStrings: "cache",
    hyperlinks: "ignore",
    styles: "ignore",
    worksheets: "emit",
  });
  for await (const sheet of reader) for await (const _row of sheet) rows++;
  return { ...stop(), maxRssMiB: maxRss(), rows: rows - 1 };
}

/** Our streaming reader alone (the first step of the upload), for the comparison with exceljs. */
async function readerAlone(): Promise<Measured> {
  const stop = stopwatch();
  const workbook = await XlsxWorkbook.open(workbookFile, 500 * MiB);
  let rows = 0;
  for (const sheet of workbook.sheets) await workbook.readSheet(sheet, () => rows++);
  return { ...stop(), maxRssMiB: maxRss(), rows: rows - 1 };
}

/** The real upload: app, auth, multipart, reader, column rules, InstanceWriter, SQLite on disk. */
async function upload(overwriteRun: boolean): Promise<Measured> {
  const dir = join(tmpdir(), `metabuild-bench-upload-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  const db = openDatabase(join(dir, "bench.db"));
  const config = testConfig({ dataDir: dir, databaseFile: join(dir, "bench.db") });
  const deps = {
    db,
    config,
    clock: systemClock,
    files: new MemoryFileStore(),
    logger: console,
    metrics: new Metrics(),
  };
  const services = createServices(deps);
  const app = createApp(deps, services);
  const s = schema;
  const customer = db.insert(s.customers).values({ name: "Bench" }).returning().get();
  const user = db
    .insert(s.users)
    .values({ customerId: customer.id, email: "bench@bench.test", passwordHash: "-", admin: 1 })
    .returning()
    .get();
  db.insert(s.projects).values({ customerId: customer.id, name: "BENCH" }).run();
  const pattern = db
    .insert(s.patterns)
    .values({ customerId: customer.id, name: "HUB" })
    .returning()
    .get();
  for (const [i, name] of PROPERTIES.entries())
    db.insert(s.instanceProperties)
      .values({ patternId: pattern.id, name, posNo: i + 1 })
      .run();
  for (const [i, name] of ROLES.entries())
    db.insert(s.functionalRoles)
      .values({ patternId: pattern.id, name, posNo: i + 1 })
      .run();
  const token = await services.auth.issue(user.id);
  const file = readFileSync(workbookFile);
  const send = (overwrite: boolean) => {
    const form = new FormData();
    form.append("project", "BENCH");
    form.append("overwrite", String(overwrite));
    form.append("file", new Blob([new Uint8Array(file)]), "bench.xlsx");
    return app.request("/api/v1/instances", {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
  };
  if (overwriteRun) await (await send(false)).arrayBuffer();
  const stop = stopwatch();
  const res = await send(overwriteRun);
  const body = (await res.json()) as { instances: { status: string; reason?: string }[] };
  const time = stop();
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${JSON.stringify(body)}`);
  const statuses: Record<string, number> = {};
  for (const i of body.instances) {
    const key = i.reason ? `${i.status} (${i.reason})` : i.status;
    statuses[key] = (statuses[key] ?? 0) + 1;
  }
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
  return { ...time, maxRssMiB: maxRss(), statuses };
}

function maxRss(): number {
  return process.resourceUsage().maxRSS / 1024; // KiB → MiB
}

function child(phase: string): Measured {
  const out = execFileSync(
    process.execPath,
    [...process.execArgv, fileURLToPath(import.meta.url), phase],
    {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
      maxBuffer: 16 * MiB,
    },
  );
  return JSON.parse(out.trim().split("\n").pop() as string) as Measured;
}

async function main() {
  const phase = process.argv[2];
  if (phase === "exceljs") return console.log(JSON.stringify(await exceljsAlone()));
  if (phase === "reader") return console.log(JSON.stringify(await readerAlone()));
  if (phase === "upload") return console.log(JSON.stringify(await upload(false)));
  if (phase === "overwrite") return console.log(JSON.stringify(await upload(true)));

  console.log(`Generating ${ROWS} rows (${INSTANCES} instances × ${ROWS_PER_INSTANCE} rows) …`);
  await generate();
  const size = readFileSync(workbookFile).length;
  console.log(
    `Workbook: ${(size / MiB).toFixed(1)} MiB, ${PROPERTIES.length} properties + ${ROLES.length} roles`,
  );
  console.log(
    `Load average at start: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(", ")} on ${cpus().length} cores`,
  );
  const fresh = child("upload");
  const again = child("overwrite");
  const ours = child("reader");
  const excel = child("exceljs");
  const rate = (m: Measured) => Math.round(ROWS / (m.ms / 1000)).toLocaleString("en-US");
  const line = (label: string, m: Measured) =>
    `${label.padEnd(36)} ${(m.ms / 1000).toFixed(2).padStart(6)} s (CPU ${(m.cpuMs / 1000).toFixed(2)} s)  ${rate(m).padStart(7)} rows/s  peak RSS ${m.maxRssMiB.toFixed(0).padStart(4)} MiB`;
  console.log(line("upload, new instances", fresh), JSON.stringify(fresh.statuses));
  console.log(line("upload again, overwrite (unchanged)", again), JSON.stringify(again.statuses));
  console.log(line("its workbook reader alone", ours), `(${ours.rows} rows read)`);
  console.log(line("exceljs streaming reader alone", excel), `(${excel.rows} rows read)`);
  const goal = ROWS / (fresh.ms / 1000) >= 20000 && fresh.maxRssMiB < 1024;
  console.log(`Goal (≥ 20,000 rows/s, < 1 GiB): ${goal ? "met" : "NOT met"}`);
}

await main();
