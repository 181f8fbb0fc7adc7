import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { deployDirectory } from "./deploy-directory.ts";

const file = (path: string, text: string) => ({ path, data: Buffer.from(text) });
const quiet = () => {};

describe("directory deployment", () => {
  it("replaces the target's content with exactly the archive's files", async () => {
    const root = mkdtempSync(join(tmpdir(), "agent-dir-"));
    const target = join(root, "out");
    mkdirSync(target);
    writeFileSync(join(target, "stale.txt"), "old");
    await deployDirectory([file("a.sql", "A"), file("sub/b.sql", "B")], target, quiet);
    expect(readdirSync(target).sort()).toEqual(["a.sql", "sub"]);
    expect(readFileSync(join(target, "sub/b.sql"), "utf8")).toBe("B");
    expect(readdirSync(root)).toEqual(["out"]);
  });

  it("leaves the old content in place when unpacking fails", async () => {
    const root = mkdtempSync(join(tmpdir(), "agent-dir-"));
    const target = join(root, "out");
    mkdirSync(target);
    writeFileSync(join(target, "keep.txt"), "old");
    // A file and a folder on the same path cannot both be written.
    const clash = [file("x", "file"), file("x/y", "inside")];
    await expect(deployDirectory(clash, target, quiet)).rejects.toThrow();
    expect(readdirSync(target)).toEqual(["keep.txt"]);
    expect(readdirSync(root)).toEqual(["out"]);
  });

  it("restores the previous content a crash between the two renames left aside", async () => {
    const root = mkdtempSync(join(tmpdir(), "agent-dir-"));
    mkdirSync(join(root, ".out.previous-0badc0de"));
    writeFileSync(join(root, ".out.previous-0badc0de", "old.txt"), "old");
    mkdirSync(join(root, ".out.incoming-0badc0de"));
    await deployDirectory([file("new.txt", "new")], join(root, "out"), quiet);
    expect(readdirSync(root)).toEqual(["out"]);
    expect(readdirSync(join(root, "out"))).toEqual(["new.txt"]);
  });
});
