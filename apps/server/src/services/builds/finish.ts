import {
  type BuildRow,
  type Db,
  insertDownload,
  insertStoredFile,
  transaction,
  updateBuild,
} from "@metabuild/db";
import type { PatternRenderSource } from "./render-source.ts";

/** One pattern's archive, written to the file store. */
export interface StoredArchive {
  source: PatternRenderSource;
  key: string;
  size: number;
  sha256: string;
}

/**
 * Records a rendered build in one transaction: a stored file and a download
 * per archive, then FINISHED. Answers false when the build was canceled
 * meanwhile (nothing is recorded then).
 */
export async function recordFinishedBuild(
  db: Db,
  build: BuildRow,
  archives: StoredArchive[],
  end: { message: string; at: string },
): Promise<boolean> {
  return transaction(db, async () => {
    for (const a of archives) {
      const file = await insertStoredFile(db, {
        customerId: build.customerId,
        key: a.key,
        size: a.size,
        sha256: a.sha256,
        contentType: "application/zip",
      });
      const p = a.source.program.pattern;
      await insertDownload(db, {
        customerId: build.customerId,
        patternId: p.id,
        name: `${p.name}.zip`,
        fileName: a.key,
        type: p.type,
        buildId: build.id,
        projectId: build.projectId,
        version: build.version,
        fileId: file.id,
        instanceId: null,
      });
    }
    const patch = {
      status: "FINISHED",
      progress: 100,
      message: end.message,
      buildEnd: end.at,
      mts: Date.now(),
    };
    return await updateBuild(db, build.id, patch, { onlyIfBuilding: true });
  });
}
