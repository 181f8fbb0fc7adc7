import { createHash, randomUUID } from "node:crypto";
import { MANIFEST_PATH, packFile, writeZip } from "@metabuild/core";
import { type Db, schema as s, returnedRow } from "@metabuild/db";
import bcrypt from "bcryptjs";
import type { FileStore } from "../infra/file-store.ts";

export const AGENT_SECRET = "agent-secret-1";
const AGENT_HASH = bcrypt.hashSync(AGENT_SECRET, 4);

const sha = (data: Uint8Array | string) => createHash("sha256").update(data).digest("hex");

/** A pattern archive as builds write it: the files plus manifest.json with their sums. */
export function patternArchive(files: Record<string, string>): Buffer {
  const manifest = {
    format: 1,
    files: Object.entries(files).map(([path, text]) => ({ path, sha256: sha(text) })),
  };
  return writeZip([
    ...Object.entries(files).map(([path, text]) => packFile(path, Buffer.from(text))),
    packFile(MANIFEST_PATH, Buffer.from(JSON.stringify(manifest))),
  ]);
}

/**
 * A build of `patternIds` in a project, with one stored archive per pattern
 * (the same small archive each), as if the build had run.
 */
export async function seedBuild(
  db: Db,
  files: FileStore,
  b: {
    customerId: number;
    projectId: number;
    userId: number;
    patterns: { id: number; name: string }[];
    status?: string;
    archive?: Buffer;
  },
) {
  const build = returnedRow(
    await db
      .insert(s.builds)
      .values({
        customerId: b.customerId,
        projectId: b.projectId,
        userId: b.userId,
        status: b.status ?? "FINISHED",
        progress: 100,
        patterns: JSON.stringify(b.patterns.map((p) => p.id)),
      })
      .returning(),
  );
  const data = b.archive ?? patternArchive({ "hub/CUSTOMER.sql": "CREATE TABLE c (x);" });
  const downloads = [];
  for (const p of b.patterns) {
    const key = `builds/${build.id}/${p.name}.zip`;
    const put = await files.put(key, data);
    const file = returnedRow(
      await db
        .insert(s.storedFiles)
        .values({
          customerId: b.customerId,
          key,
          size: put.size,
          sha256: put.sha256,
          contentType: "application/zip",
        })
        .returning(),
    );
    downloads.push(
      returnedRow(
        await db
          .insert(s.downloads)
          .values({
            customerId: b.customerId,
            patternId: p.id,
            name: `${p.name}.zip`,
            fileName: key,
            type: "SQLITE",
            buildId: build.id,
            projectId: b.projectId,
            fileId: file.id,
          })
          .returning(),
      ),
    );
  }
  return { build, downloads, archive: data };
}

/** An agent whose secret the tests know (AGENT_SECRET). */
export async function seedAgent(
  db: Db,
  a: { customerId: number; name: string; groupId?: number; disabled?: boolean; deleted?: boolean },
) {
  return returnedRow(
    await db
      .insert(s.agents)
      .values({
        customerId: a.customerId,
        name: a.name,
        agentId: randomUUID(),
        secretHash: AGENT_HASH,
        groupId: a.groupId ?? null,
        disabled: a.disabled ? 1 : 0,
        deleted: a.deleted ? 1 : 0,
      })
      .returning(),
  );
}
