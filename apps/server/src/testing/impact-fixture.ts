import { type Db, schema } from "@metabuild/db";
import { and, eq } from "drizzle-orm";
import { type LineageFixture, seedLineage } from "./lineage-fixture.ts";

type Seed = Parameters<typeof seedLineage>[1];

/**
 * The lineage fixture with templates that print rows (docs/lineage.md
 * "Impact"): a STG lists its columns, so a rows save changes what it renders;
 * the reference properties name the patterns they allow.
 */
export async function seedImpact(db: Db, seed: Seed): Promise<LineageFixture> {
  const g = await seedLineage(db, seed);
  // The patterns a SOURCE may point to, so a pattern save (whole definition) passes its checks.
  const allowed = [
    [g.patterns.hub.id, "STG"],
    [g.patterns.lnk.id, "HUB"],
    [g.patterns.sat.id, "HUB"],
  ] as const;
  const p = schema.instanceProperties;
  for (const [patternId, format] of allowed)
    await db
      .update(p)
      .set({ format })
      .where(and(eq(p.patternId, patternId), eq(p.name, "SOURCE")));
  await db.insert(schema.templates).values({
    patternId: g.patterns.stg.id,
    path: "cols/{{ instance.name }}.txt",
    body: "{% for r in rows %}{{ r.COLUMN }};{% endfor %}\n",
    posNo: 2,
  });
  return g;
}
