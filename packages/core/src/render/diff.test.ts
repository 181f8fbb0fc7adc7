import { describe, expect, it } from "vitest";
import { unifiedDiff } from "./diff.ts";

describe("unified diff", () => {
  it("is empty for equal texts", () => {
    expect(unifiedDiff("a\nb\n", "a\nb\n")).toBe("");
  });

  it("prints a changed line with three lines of context, like diff -u", () => {
    const from = "1\n2\n3\n4\n5\n6\n7\n8\n9\n";
    const to = "1\n2\n3\n4\nfive\n6\n7\n8\n9\n";
    expect(unifiedDiff(from, to, { fromName: "a/x.sql", toName: "b/x.sql" })).toBe(
      [
        "--- a/x.sql",
        "+++ b/x.sql",
        "@@ -2,7 +2,7 @@",
        " 2",
        " 3",
        " 4",
        "-5",
        "+five",
        " 6",
        " 7",
        " 8",
        "",
      ].join("\n"),
    );
  });

  it("splits distant changes into hunks and handles additions at the ends", () => {
    const from = Array.from({ length: 20 }, (_, i) => `l${i}`).join("\n") + "\n";
    const to = `first\n${from.replace("l10\n", "")}last\n`;
    const diff = unifiedDiff(from, to) as string;
    expect(diff.match(/^@@/gm)).toHaveLength(3);
    expect(diff).toContain("@@ -1,3 +1,4 @@\n+first\n l0\n l1\n l2\n");
    expect(diff).toContain("-l10\n");
    expect(diff).toContain("+last\n");
  });

  it("marks a missing newline at the end", () => {
    expect(unifiedDiff("a\n", "a")).toBe(
      "--- a\n+++ b\n@@ -1 +1 @@\n-a\n+a\n\\ No newline at end of file\n",
    );
  });

  it("gives up (null) beyond the edit limit", () => {
    const many = (p: string) => Array.from({ length: 100 }, (_, i) => `${p}${i}`).join("\n");
    expect(unifiedDiff(many("a"), many("b"), { maxEdits: 10 })).toBeNull();
    expect(unifiedDiff("", "x\n")).toBe("--- a\n+++ b\n@@ -0,0 +1 @@\n+x\n");
  });
});
