import { describe, expect, it } from "vitest";
import { ArchiveRejected, isSafeRelativePath, openVerifiedArchive } from "./archive.ts";
import { buildArchive, sha, zip } from "./testing/zip.ts";

describe("archive verification", () => {
  it("unpacks an archive whose bytes and files match", async () => {
    const a = await buildArchive({ "sql/01.sql": "create table a(x);", "b.txt": "hello" });
    const files = await openVerifiedArchive(a.data, a.sha256);
    expect(files.map((f) => f.path).sort()).toEqual(["b.txt", "manifest.json", "sql/01.sql"]);
    expect(files.find((f) => f.path === "b.txt")?.data.toString()).toBe("hello");
  });

  it("refuses an archive whose sha256 differs from the recorded one", async () => {
    const a = await buildArchive({ "a.sql": "select 1;" });
    const tampered = Buffer.from(a.data);
    tampered[tampered.length - 30] ^= 0xff;
    await expect(openVerifiedArchive(tampered, a.sha256)).rejects.toThrow(/sha256 is .* recorded/);
  });

  it("refuses a file that does not match manifest.json, even when the whole sum is right", async () => {
    const manifest = { files: [{ path: "a.sql", sha256: sha("select 1;") }] };
    const data = await zip({ "a.sql": "drop table x;", "manifest.json": JSON.stringify(manifest) });
    await expect(openVerifiedArchive(data, sha(data))).rejects.toThrow(
      "a.sql does not match its sha256 in manifest.json",
    );
  });

  it("refuses extra files, missing files and a missing manifest", async () => {
    const manifest = { files: [{ path: "a.sql", sha256: sha("x") }] };
    const extra = await zip({
      "a.sql": "x",
      "b.sql": "y",
      "manifest.json": JSON.stringify(manifest),
    });
    await expect(openVerifiedArchive(extra, sha(extra))).rejects.toThrow("b.sql is not listed");
    const missing = await zip({ "manifest.json": JSON.stringify(manifest) });
    await expect(openVerifiedArchive(missing, sha(missing))).rejects.toThrow("a.sql is in");
    const none = await zip({ "a.sql": "x" });
    await expect(openVerifiedArchive(none, sha(none))).rejects.toThrow("has no manifest.json");
  });

  it("refuses bytes that are not a zip", async () => {
    const junk = Buffer.from("not a zip at all");
    await expect(openVerifiedArchive(junk, sha(junk))).rejects.toBeInstanceOf(ArchiveRejected);
  });

  it("accepts only relative paths that stay inside the target", () => {
    expect(isSafeRelativePath("a/b.sql")).toBe(true);
    for (const bad of ["/etc/passwd", "../x", "a/../../x", "a\\b", "C:/x", "a//b", ""])
      expect(isSafeRelativePath(bad)).toBe(false);
  });
});
