import type { BuildDiff, BuildFile } from "@metabuild/contract";
import {
  MANIFEST_PATH,
  type Manifest,
  type ManifestFile,
  NotFound,
  type Principal,
  messages,
  readArchive,
  readArchiveFile,
  unifiedDiff,
} from "@metabuild/core";
import {
  type Db,
  type DownloadRow,
  downloadsOfBuilds,
  findBuild,
  findStoredFile,
} from "@metabuild/db";
import type { FileStore } from "../../infra/file-store.ts";
import { readArchiveOf } from "../downloads.ts";
import type { AccessService } from "../access.ts";

/** Changed files get a text diff up to this many; beyond, the console shows the list only. */
const MAX_DIFFS = 200;

interface LoadedArchive {
  download: DownloadRow & { pattern: string };
  data: Buffer;
  manifest: { files: ManifestFile[] };
}

/**
 * Manifests kept parsed, by stored file id: an archive never changes once
 * written, and finding its manifest walks every entry of the zip (about 1 s
 * for 13,000 files), so reopening a build's Files tab does not pay it again
 * (docs/console-scale.md). Only the file list is kept, for the last few.
 */
const MANIFESTS_KEPT = 8;

const key = (pattern: string, path: string) => `${pattern}\u0000${path}`;

/** No NUL byte near the start: what git also takes for text. */
function isText(data: Buffer): boolean {
  return !data.subarray(0, 8000).includes(0);
}

/** The console's archive browser and build comparison, read from the stored archives. */
export class BuildArchiveService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessService,
    private readonly files: FileStore,
  ) {}

  private readonly manifests = new Map<number, { files: ManifestFile[] }>();

  private async manifestOf(fileId: number, data: Buffer) {
    const kept = this.manifests.get(fileId);
    if (kept) return kept;
    const manifestData = await readArchiveFile(data, MANIFEST_PATH);
    if (!manifestData) return undefined;
    const { files } = JSON.parse(manifestData.toString("utf8")) as Manifest;
    const manifest = { files };
    if (this.manifests.size >= MANIFESTS_KEPT)
      this.manifests.delete(this.manifests.keys().next().value as number);
    this.manifests.set(fileId, manifest);
    return manifest;
  }

  /** A build's archives, for someone allowed to read its results (read_builds). */
  private async load(principal: Principal, buildId: number): Promise<LoadedArchive[]> {
    const build = await findBuild(this.db, principal.customerId, buildId);
    if (!build) throw new NotFound(messages.recordNotFound(buildId));
    await this.access.require(principal, build.projectId, "read_builds");
    const out: LoadedArchive[] = [];
    for (const download of await downloadsOfBuilds(this.db, [buildId])) {
      const stored =
        download.fileId === null ? undefined : await findStoredFile(this.db, download.fileId);
      if (!stored) continue;
      const data = await readArchiveOf(this.files, stored.key, download.id);
      const manifest = await this.manifestOf(stored.id, data);
      if (!manifest) continue;
      out.push({ download, data, manifest });
    }
    return out;
  }

  async list(principal: Principal, buildId: number): Promise<BuildFile[]> {
    return (await this.load(principal, buildId)).flatMap(({ download, manifest }) =>
      manifest.files.map((f) => ({
        download_id: download.id,
        pattern: download.pattern,
        pattern_id: download.patternId,
        path: f.path,
        size: f.size,
        sha256: f.sha256,
        instance_id: f.instance_id,
      })),
    );
  }

  /** One rendered file's bytes, and whether they look like text. */
  async read(
    principal: Principal,
    buildId: number,
    pattern: string,
    path: string,
  ): Promise<{ data: Buffer; text: boolean }> {
    const archive = (await this.load(principal, buildId)).find(
      (a) => a.download.pattern === pattern,
    );
    const data = archive ? await readArchiveFile(archive.data, path) : undefined;
    if (!data || path === MANIFEST_PATH)
      throw new NotFound(`Build ${buildId} has no file '${path}' of pattern '${pattern}'`);
    return { data, text: isText(data) };
  }

  /** Files added, removed and changed from build `againstId` to build `buildId`. */
  async diff(principal: Principal, buildId: number, againstId: number): Promise<BuildDiff> {
    const [current, previous] = await Promise.all([
      this.load(principal, buildId),
      this.load(principal, againstId),
    ]);
    const index = (archives: LoadedArchive[]) => {
      const files = new Map<string, { pattern: string; path: string; sha256: string }>();
      for (const a of archives)
        for (const f of a.manifest.files)
          files.set(key(a.download.pattern, f.path), {
            pattern: a.download.pattern,
            path: f.path,
            sha256: f.sha256,
          });
      return files;
    };
    const now = index(current);
    const before = index(previous);
    const added = [...now].filter(([k]) => !before.has(k)).map(([, f]) => f);
    const removed = [...before].filter(([k]) => !now.has(k)).map(([, f]) => f);
    const changedFiles = [...now]
      .filter(([k, f]) => before.has(k) && before.get(k)?.sha256 !== f.sha256)
      .map(([, f]) => f);
    const unchanged = [...now].filter(([k, f]) => before.get(k)?.sha256 === f.sha256).length;
    const withDiff = new Set(changedFiles.slice(0, MAX_DIFFS).map((f) => key(f.pattern, f.path)));
    const contents = async (archives: LoadedArchive[]) => {
      const texts = new Map<string, Buffer>();
      for (const a of archives) {
        const wanted = (p: string) => withDiff.has(key(a.download.pattern, p));
        for (const [p, data] of await readArchive(a.data, wanted))
          texts.set(key(a.download.pattern, p), data);
      }
      return texts;
    };
    const [newTexts, oldTexts] = await Promise.all([contents(current), contents(previous)]);
    const byPath = (a: { pattern: string; path: string }, b: { pattern: string; path: string }) =>
      key(a.pattern, a.path) < key(b.pattern, b.path) ? -1 : 1;
    const pick = ({ pattern, path }: { pattern: string; path: string }) => ({ pattern, path });
    return {
      build_id: buildId,
      against: againstId,
      added: added.sort(byPath).map(pick),
      removed: removed.sort(byPath).map(pick),
      changed: changedFiles.sort(byPath).map((f) => {
        const k = key(f.pattern, f.path);
        const a = oldTexts.get(k);
        const b = newTexts.get(k);
        const diff =
          a && b && isText(a) && isText(b)
            ? unifiedDiff(a.toString("utf8"), b.toString("utf8"), {
                fromName: `a/${f.pattern}/${f.path}`,
                toName: `b/${f.pattern}/${f.path}`,
              })
            : null;
        return { ...pick(f), diff };
      }),
      unchanged,
    };
  }
}
