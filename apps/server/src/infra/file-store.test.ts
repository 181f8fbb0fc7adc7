import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { LocalFileStore, StoredFileMissing } from "./file-store.ts";

const root = mkdtempSync(join(tmpdir(), "metabuild-files-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("LocalFileStore", () => {
  it("reads back what it stored", async () => {
    const files = new LocalFileStore(root);
    await files.put("builds/1/HUB.zip", Buffer.from("zip"));
    expect((await files.get("builds/1/HUB.zip")).toString()).toBe("zip");
  });

  it("says a file is missing from its folder without naming the path (issue 27)", async () => {
    // Another process's data folder holds it: the download answers 503 (docs/scale-out.md).
    const files = new LocalFileStore(root);
    const missing = await files.get("builds/2/HUB.zip").catch((err: unknown) => err);
    expect(missing).toBeInstanceOf(StoredFileMissing);
    expect((missing as Error).message).not.toContain(root);
  });
});
