import { describe, expect, it } from "vitest";
import { uploadForm } from "./upload-instances.ts";

const file = new File(["x"], "book.xlsx");

describe("uploadForm", () => {
  it("asks for a dry run only when previewing", () => {
    const base = { projectId: 3, file, overwrite: false };
    expect(uploadForm({ ...base, dryRun: true }).get("dry_run")).toBe("true");
    expect(uploadForm(base).has("dry_run")).toBe(false);
  });

  it("leaves an empty folder out, so the FOLDER column decides", () => {
    const form = uploadForm({ projectId: 3, file, overwrite: false, folder: "  " });
    expect(form.has("folder")).toBe(false);
  });
});
