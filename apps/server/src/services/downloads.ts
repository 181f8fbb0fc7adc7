import type { Download, DownloadQuery } from "@metabuild/contract";
import { Forbidden, NotFound, type Principal, ServiceUnavailable, messages } from "@metabuild/core";
import { type Db, countDownload, findDownload, findStoredFile, listDownloads } from "@metabuild/db";
import { type FileStore, StoredFileMissing } from "../infra/file-store.ts";
import type { AccessService } from "./access.ts";
import { toDownload } from "./builds/wire.ts";
import { pageOrThrow } from "./paging.ts";

/** Build results: listed to anyone with project access, fetched only with read_builds. */
export class DownloadService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessService,
    private readonly files: FileStore,
  ) {}

  async list(
    principal: Principal,
    query: DownloadQuery,
  ): Promise<{ items: Download[]; total: number }> {
    const page = pageOrThrow(
      await listDownloads(this.db, {
        customerId: principal.customerId,
        accessibleTo: this.access.accessibleProjectFilter(principal),
        buildId: query.build_id,
        patternId: query.pattern_id,
        patternName: query.pattern,
        $limit: query.$limit,
        $skip: query.$skip,
        $sort: query.$sort,
      }),
    );
    return { items: page.items.map(toDownload), total: page.total };
  }

  /** The file of a download (and one more on its `downloaded` count, unless `count` is false: HEAD). */
  async fetch(
    principal: Principal,
    id: number,
    count = true,
  ): Promise<{ name: string; data: Buffer }> {
    const download = await findDownload(this.db, principal.customerId, id);
    if (!download) throw new NotFound(messages.recordNotFound(id));
    // docs/reference/endpoints.md gives this endpoint one 403, "no read_builds": also when project access is missing.
    if (!(await this.access.holds(principal, download.projectId, "read_builds")))
      throw new Forbidden(messages.noDownload);
    const stored =
      download.fileId === null ? undefined : await findStoredFile(this.db, download.fileId);
    if (!stored) throw new NotFound(messages.recordNotFound(id));
    const data = await readArchiveOf(this.files, stored.key, id);
    if (count) await countDownload(this.db, id);
    return { name: download.name, data };
  }
}

/**
 * The bytes of download `downloadId`'s archive. Missing from this process's
 * file store while the store records it, the data folder is not shared with
 * the process that built it: a 503 that says so (docs/scale-out.md).
 */
export async function readArchiveOf(
  files: FileStore,
  key: string,
  downloadId: number,
): Promise<Buffer> {
  try {
    return await files.get(key);
  } catch (err) {
    if (err instanceof StoredFileMissing)
      throw new ServiceUnavailable(messages.archiveNotInDataFolder(downloadId));
    throw err;
  }
}
