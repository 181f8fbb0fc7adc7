import { createHash } from "node:crypto";
import { PassThrough } from "node:stream";
import yazl from "yazl";

/** A zip of `files` (path → text) for tests. */
export function zip(files: Record<string, string | Buffer>): Promise<Buffer> {
  const z = new yazl.ZipFile();
  for (const [path, data] of Object.entries(files)) z.addBuffer(Buffer.from(data), path);
  z.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const out = z.outputStream.pipe(new PassThrough());
    out.on("data", (c: Buffer) => chunks.push(c));
    out.on("end", () => resolve(Buffer.concat(chunks)));
    out.on("error", reject);
  });
}

export const sha = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");

/** A build-like archive: the files plus a manifest.json listing each with its sha256. */
export async function buildArchive(files: Record<string, string>) {
  const manifest = {
    format: 1,
    files: Object.entries(files).map(([path, data]) => ({ path, sha256: sha(data) })),
  };
  const data = await zip({ ...files, "manifest.json": JSON.stringify(manifest) });
  return { data, sha256: sha(data), manifest };
}
