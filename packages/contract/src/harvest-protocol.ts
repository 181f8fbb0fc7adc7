import { z } from "zod";

/**
 * The harvest job on an agent's socket (docs/harvesting.md): the server
 * names a source of the agent's own agent.yaml; the agent reads its catalog
 * and sends it back in parts (each frame stays under the frame limit), then
 * says how it ended. Harvest runs have their own ids, apart from deployments.
 */

const text = z.string().max(10_000);
const name = z.string().max(1000);

export const CatalogTable = z.object({
  schema: name.nullable(),
  name,
  /** TABLE or VIEW. */
  type: z.string().max(40),
  comment: text.nullable(),
});
export type CatalogTable = z.infer<typeof CatalogTable>;

export const CatalogColumnInfo = z.object({
  schema: name.nullable(),
  table: name,
  name,
  /** 1-based, in the table's order. */
  position: z.number().int(),
  /** The type as the source declares it (e.g. `varchar`, `INTEGER`). */
  type: z.string().max(200),
  /** Character length (or numeric precision) when the source states one. */
  length: z.number().int().nullable(),
  /**
   * A numeric's scale when the source states one (`NUMERIC(10,2)` → 2). Optional:
   * an agent of an older version does not send it (null in `_COLUMNS`).
   */
  scale: z.number().int().nullable().optional(),
  nullable: z.boolean(),
  comment: text.nullable(),
});
export type CatalogColumnInfo = z.infer<typeof CatalogColumnInfo>;

/** One column of a primary key. */
export const CatalogKey = z.object({
  schema: name.nullable(),
  table: name,
  name: name.nullable(),
  column: name,
  position: z.number().int(),
});
export type CatalogKey = z.infer<typeof CatalogKey>;

/** One column pair of a foreign key. */
export const CatalogForeignKey = CatalogKey.extend({
  referenced_schema: name.nullable(),
  referenced_table: name,
  referenced_column: name.nullable(),
});
export type CatalogForeignKey = z.infer<typeof CatalogForeignKey>;

/** A source's catalog (or one part of it). */
export const Catalog = z.object({
  tables: z.array(CatalogTable),
  columns: z.array(CatalogColumnInfo),
  keys: z.array(CatalogKey),
  foreign_keys: z.array(CatalogForeignKey),
});
export type Catalog = z.infer<typeof Catalog>;

// ---- server → agent -------------------------------------------------------

export const HarvestMessage = z.object({
  type: z.literal("harvest"),
  /** The harvest run's id; every harvest_* answer carries it. */
  run_id: z.number().int(),
  /** A source name of the agent's agent.yaml `sources:`. */
  source: z.string().min(1).max(100),
  /**
   * The most catalog JSON per `harvest_catalog` frame: half the server's
   * frame limit (METABUILD_AGENT_FRAME_MAX_BYTES), leaving room for escaping.
   */
  part_max_bytes: z.number().int().positive().optional(),
});
export type HarvestMessage = z.infer<typeof HarvestMessage>;

// ---- agent → server -------------------------------------------------------

export const HarvestStartedMessage = z.object({
  type: z.literal("harvest_started"),
  run_id: z.number().int(),
});

export const HarvestLogMessage = z.object({
  type: z.literal("harvest_log"),
  run_id: z.number().int(),
  line: z.string().max(10_000),
});

/** Part `part` (0-based, in order) of the catalog. */
export const HarvestCatalogMessage = Catalog.extend({
  type: z.literal("harvest_catalog"),
  run_id: z.number().int(),
  part: z.number().int().nonnegative(),
});
export type HarvestCatalogMessage = z.infer<typeof HarvestCatalogMessage>;

export const HarvestFinishedMessage = z.object({
  type: z.literal("harvest_finished"),
  run_id: z.number().int(),
  status: z.enum(["SUCCEEDED", "FAILED"]),
  /** How many catalog parts were sent (SUCCEEDED): the server checks it got them all. */
  parts: z.number().int().nonnegative().optional(),
  message: z.string().max(10_000).optional(),
});

export const HARVEST_AGENT_MESSAGES = [
  HarvestStartedMessage,
  HarvestLogMessage,
  HarvestCatalogMessage,
  HarvestFinishedMessage,
] as const;

export type HarvestAgentMessage = z.infer<
  | typeof HarvestStartedMessage
  | typeof HarvestLogMessage
  | typeof HarvestCatalogMessage
  | typeof HarvestFinishedMessage
>;
