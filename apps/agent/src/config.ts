import { readFileSync } from "node:fs";
import { dirname, isAbsolute, relative, resolve } from "node:path";
import { parse } from "yaml";
import { z } from "zod";

/**
 * agent.yaml: where this machine lets deployments land. The server only
 * names targets; paths and database URLs stay in the agent's own file.
 *
 *   directory_root: ./deploy          # `directory` targets are relative to it
 *   databases:                        # `sql` targets, by name
 *     default: { sqlite: ./target.db }
 *     dwh: { postgres: postgres://user@host:5432/dwh }
 *   sources:                          # catalogs the server may ask to harvest, by name
 *     erp: { type: sqlite, file: ./erp.db }
 *     crm: { type: postgres, url: postgres://user@host/crm, schemas: [public] }
 *   reconnect: { min_ms: 500, max_ms: 30000 }
 */
const Database = z.union([
  z.object({ sqlite: z.string().min(1) }).strict(),
  z
    .object({ postgres: z.string().regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL") })
    .strict(),
]);

// A source is named by the server; its file or URL (with credentials) never leaves this host.
const Source = z.discriminatedUnion("type", [
  z.object({ type: z.literal("sqlite"), file: z.string().min(1) }).strict(),
  z
    .object({
      type: z.literal("postgres"),
      url: z.string().regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL"),
      schemas: z.array(z.string().min(1)).optional(),
    })
    .strict(),
]);

const ConfigFile = z
  .object({
    directory_root: z.string().min(1).optional(),
    databases: z.record(z.string(), Database).optional(),
    sources: z
      .record(z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/, "bad source name"), Source)
      .optional(),
    reconnect: z
      .object({
        min_ms: z.number().int().positive().optional(),
        max_ms: z.number().int().positive().optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

export type DatabaseTarget = { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };

export type HarvestSource =
  | { kind: "sqlite"; file: string }
  | { kind: "postgres"; url: string; schemas?: string[] };

export interface AgentConfig {
  /** Absolute folder under which `directory` deployments land. */
  directoryRoot: string;
  databases: Map<string, DatabaseTarget>;
  /** Sources whose catalog the server may ask for (docs/harvesting.md). */
  sources?: Map<string, HarvestSource>;
  reconnect: { minMs: number; maxMs: number };
}

/** Reads agent.yaml; relative paths in it are relative to the file's folder. Without a file: defaults. */
export function loadAgentConfig(file: string | undefined, cwd = process.cwd()): AgentConfig {
  if (!file) return fromParsed({}, cwd);
  const path = resolve(cwd, file);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    throw new Error(`Cannot read the agent configuration ${path}`);
  }
  const parsed = ConfigFile.safeParse(parse(text) ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${path}: ${issue.path.join(".") || "(top)"}: ${issue.message}`);
  }
  return fromParsed(parsed.data, dirname(path));
}

function fromParsed(data: z.infer<typeof ConfigFile>, base: string): AgentConfig {
  const databases = new Map<string, DatabaseTarget>();
  for (const [name, db] of Object.entries(data.databases ?? {}))
    databases.set(
      name,
      "sqlite" in db
        ? { kind: "sqlite", file: resolve(base, db.sqlite) }
        : { kind: "postgres", url: db.postgres },
    );
  const sources = new Map<string, HarvestSource>();
  for (const [name, src] of Object.entries(data.sources ?? {}))
    sources.set(
      name,
      src.type === "sqlite"
        ? { kind: "sqlite", file: resolve(base, src.file) }
        : { kind: "postgres", url: src.url, ...(src.schemas ? { schemas: src.schemas } : {}) },
    );
  const minMs = data.reconnect?.min_ms ?? 500;
  return {
    directoryRoot: resolve(base, data.directory_root ?? "."),
    databases,
    sources,
    reconnect: { minMs, maxMs: Math.max(minMs, data.reconnect?.max_ms ?? 30_000) },
  };
}

/**
 * The folder a `directory` deployment unpacks into: its `target` (default:
 * the deployment's name) under the directory root, never outside it.
 */
export function directoryTarget(config: AgentConfig, target: unknown, fallback: string): string {
  const wanted = typeof target === "string" && target.trim() !== "" ? target : fallback;
  const path = resolve(config.directoryRoot, wanted);
  const rel = relative(config.directoryRoot, path);
  if (rel === "" || rel.startsWith("..") || isAbsolute(rel))
    throw new Error(
      `Target '${wanted}' is outside this agent's directory root ${config.directoryRoot}`,
    );
  return path;
}

/** The database a `sql` deployment runs against: its `database` (default `default`). */
export function databaseTarget(config: AgentConfig, name: unknown): DatabaseTarget {
  const wanted = typeof name === "string" && name !== "" ? name : "default";
  const db = config.databases.get(wanted);
  if (!db)
    throw new Error(
      `This agent has no database '${wanted}' in its configuration (databases: ${
        [...config.databases.keys()].join(", ") || "none"
      })`,
    );
  return db;
}

/** The source a harvest names: one of agent.yaml's `sources:`. */
export function harvestSource(config: AgentConfig, name: string): HarvestSource {
  const sources = config.sources ?? new Map<string, HarvestSource>();
  const source = sources.get(name);
  if (!source)
    throw new Error(
      `This agent has no source '${name}' in its configuration (sources: ${
        [...sources.keys()].join(", ") || "none"
      })`,
    );
  return source;
}
