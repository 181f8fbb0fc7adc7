import { crc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import { readArchive, readArchiveFile } from "./archive.ts";
import type { RenderProgram } from "./context.ts";
import type { RenderedFile } from "./engine.ts";
import { type ManifestInstance, PatternArchive } from "./manifest.ts";
import { packFile, writeZip, writeZipInTurns } from "./zip.ts";

const enc = (s: string) => new TextEncoder().encode(s);
const writeArchive = (entries: { path: string; data: Uint8Array }[]) =>
  writeZipInTurns(entries.map((e) => packFile(e.path, e.data)));

const program = {
  key: "1:1",
  project: { id: 1, name: "DWH" },
  pattern: { id: 7, name: "HUB", type: "SQLITE", vers_no: "2.0" },
  build: { id: 1, description: null },
  header: ["@POS_NO"],
  roles: [],
  templates: [],
} satisfies RenderProgram;

function file(path: string, body: string): RenderedFile {
  return { ...packFile(path, enc(body)), template: "{{ x }}", sha256: `sha-${body}` };
}

function instance(id: number, name: string): ManifestInstance {
  return {
    id,
    name,
    folder: "/f",
    version: 2,
    variables: { SCHEMA: { value: "dwh", level: "project" } },
  };
}

describe("archives: happy path", () => {
  it("writes sorted entries and reads them back", async () => {
    const zip = await writeArchive([
      { path: "b/2.sql", data: enc("two") },
      { path: "a.sql", data: enc("one") },
    ]);
    const files = await readArchive(zip);
    expect([...files.keys()]).toEqual(["a.sql", "b/2.sql"]);
    expect(files.get("b/2.sql")?.toString()).toBe("two");
    expect((await readArchiveFile(zip, "a.sql"))?.toString()).toBe("one");
    expect(await readArchiveFile(zip, "missing")).toBeUndefined();
  });

  it("gives the same bytes for the same files in any order", async () => {
    const a = await writeArchive([
      { path: "x.sql", data: enc("x") },
      { path: "y.sql", data: enc("y".repeat(1000)) },
    ]);
    const b = await writeArchive([
      { path: "y.sql", data: enc("y".repeat(1000)) },
      { path: "x.sql", data: enc("x") },
    ]);
    expect(Buffer.compare(a, b)).toBe(0);
  });

  it("adds a manifest with files, instances, variables with levels and vers_no", async () => {
    const archive = new PatternArchive(program);
    expect(archive.add(instance(2, "B"), [file("b.sql", "bb")])).toBeNull();
    expect(archive.add(instance(1, "A"), [file("a.sql", "aa")])).toBeNull();
    const { data, manifest } = await archive.zip();
    const files = await readArchive(data);
    expect([...files.keys()]).toEqual(["a.sql", "b.sql", "manifest.json"]);
    expect(JSON.parse(files.get("manifest.json")!.toString())).toEqual(manifest);
    expect(manifest.pattern.vers_no).toBe("2.0");
    expect(manifest.instances.map((i) => i.id)).toEqual([1, 2]);
    expect(manifest.instances[0].variables.SCHEMA).toEqual({ value: "dwh", level: "project" });
    expect(manifest.files).toEqual([
      { path: "a.sql", sha256: "sha-aa", size: 2, instance_id: 1, template: "{{ x }}" },
      { path: "b.sql", sha256: "sha-bb", size: 2, instance_id: 2, template: "{{ x }}" },
    ]);
  });
});

describe("archives: errors", () => {
  it("refuses two files on one path, naming both instances", async () => {
    const archive = new PatternArchive(program);
    archive.add(instance(1, "A"), [file("same.sql", "1")]);
    expect(archive.add(instance(2, "B"), [file("same.sql", "2")])).toBe(
      "Pattern 'HUB': two files on the path 'same.sql' (instances '/f/A' and '/f/B')",
    );
    await expect(
      writeArchive([
        { path: "a", data: enc("") },
        { path: "a", data: enc("") },
      ]),
    ).rejects.toThrow("two files on the path 'a'");
  });

  it("refuses a rendered file on the manifest's path", async () => {
    const archive = new PatternArchive(program);
    archive.add(instance(1, "A"), [file("manifest.json", "{}")]);
    await expect(archive.zip()).rejects.toThrow("reserved path 'manifest.json'");
  });

  it("writes the zip64 end records past 65,534 entries, readable by a standard reader", async () => {
    const many = Array.from({ length: 70000 }, (_, i) => {
      const data = enc(String(i));
      return {
        path: `f${String(i).padStart(5, "0")}`,
        method: 0 as const,
        crc32: crc32(data),
        size: data.length,
        data,
      };
    });
    const zip = writeZip(many);
    expect((await readArchiveFile(zip, "f69999"))?.toString()).toBe("69999");
  }, 60_000);
});
