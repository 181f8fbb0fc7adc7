import yauzl from "yauzl";

/** Reading archives back (archive browser, diffs, tests), with yauzl. */

function openZip(buffer: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) =>
      err || !zip ? reject(err ?? new Error("not a zip")) : resolve(zip),
    ),
  );
}

function entryData(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(err ?? new Error("unreadable entry"));
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => resolve(Buffer.concat(chunks)));
      stream.on("error", reject);
    }),
  );
}

/** The files of an archive, or only those `wanted` returns true for. */
export async function readArchive(
  buffer: Buffer,
  wanted: (path: string) => boolean = () => true,
): Promise<Map<string, Buffer>> {
  const zip = await openZip(buffer);
  const files = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on("entry", (entry: yauzl.Entry) => {
      if (entry.fileName.endsWith("/") || !wanted(entry.fileName)) return zip.readEntry();
      entryData(zip, entry).then((data) => {
        files.set(entry.fileName, data);
        zip.readEntry();
      }, reject);
    });
    zip.on("end", () => resolve());
    zip.on("error", reject);
    zip.readEntry();
  });
  zip.close();
  return files;
}

/** One file of an archive, or undefined. */
export async function readArchiveFile(buffer: Buffer, path: string): Promise<Buffer | undefined> {
  return (await readArchive(buffer, (p) => p === path)).get(path);
}
