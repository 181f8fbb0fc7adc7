import type { Catalog, HarvestMessage } from "@metabuild/contract/agent-protocol";
import { readPostgresCatalog } from "./catalog-postgres.ts";
import { readSqliteCatalog } from "./catalog-sqlite.ts";
import { type AgentConfig, type HarvestSource, harvestSource } from "./config.ts";

/** Where a harvest's progress goes: back to the server over the socket. */
export interface HarvestReporter {
  started(): void;
  log(line: string): void;
  catalog(part: number, data: Catalog): void;
  finished(status: "SUCCEEDED" | "FAILED", message?: string, parts?: number): void;
}

/**
 * Bytes of catalog per message when the server names none (`part_max_bytes`):
 * half its default frame limit (METABUILD_AGENT_FRAME_MAX_BYTES, 1 MiB).
 */
export const CATALOG_PART_BYTES = 512 * 1024;

const LISTS = ["tables", "columns", "keys", "foreign_keys"] as const;

/**
 * Cuts a catalog into parts whose JSON stays under `maxBytes` each, in
 * order; always at least one part (an empty source is a catalog too).
 */
export function splitCatalog(catalog: Catalog, maxBytes = CATALOG_PART_BYTES): Catalog[] {
  const empty = (): Catalog => ({ tables: [], columns: [], keys: [], foreign_keys: [] });
  const parts: Catalog[] = [empty()];
  let used = 0;
  for (const list of LISTS)
    for (const item of catalog[list]) {
      const size = Buffer.byteLength(JSON.stringify(item)) + 1;
      if (used > 0 && used + size > maxBytes) {
        parts.push(empty());
        used = 0;
      }
      (parts[parts.length - 1][list] as unknown[]).push(item);
      used += size;
    }
  return parts;
}

export function readCatalog(
  source: HarvestSource,
  signal?: AbortSignal,
  name?: string,
): Promise<Catalog> {
  return source.kind === "sqlite"
    ? readSqliteCatalog(source.file, signal, name)
    : readPostgresCatalog(source.url, source.schemas, signal);
}

/** The kind of source only: the log is read by viewers, who must not learn the agent's file paths or hosts. */
function describe(source: HarvestSource): string {
  return source.kind === "sqlite" ? "SQLite" : "PostgreSQL";
}

/** Runs one harvest: read the named source's catalog and send it in parts. */
export async function runHarvest(
  msg: HarvestMessage,
  config: AgentConfig,
  report: HarvestReporter,
  signal: AbortSignal = new AbortController().signal,
  partBytes = msg.part_max_bytes ?? CATALOG_PART_BYTES,
): Promise<"SUCCEEDED" | "FAILED"> {
  if (signal.aborted) return "FAILED";
  report.started();
  try {
    const source = harvestSource(config, msg.source);
    report.log(`Harvesting source '${msg.source}' (${describe(source)})`);
    const catalog = await readCatalog(source, signal, msg.source);
    report.log(
      `Read ${catalog.tables.length} tables, ${catalog.columns.length} columns, ${catalog.keys.length} primary key columns, ${catalog.foreign_keys.length} foreign key columns`,
    );
    const parts = splitCatalog(catalog, partBytes);
    parts.forEach((part, i) => {
      signal.throwIfAborted();
      report.catalog(i, part);
    });
    report.log(`Sent the catalog in ${parts.length} part${parts.length === 1 ? "" : "s"}`);
    report.finished("SUCCEEDED", undefined, parts.length);
    return "SUCCEEDED";
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    report.log(`FAILED: ${message}`);
    report.finished("FAILED", message);
    return "FAILED";
  }
}
