import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { harvestSource, loadAgentConfig } from "./config.ts";

describe("agent.yaml sources", () => {
  it("reads SQLite files relative to the file and PostgreSQL URLs with schemas", () => {
    const dir = mkdtempSync(join(tmpdir(), "agent-cfg-"));
    writeFileSync(
      join(dir, "agent.yaml"),
      "sources:\n  erp: { type: sqlite, file: ./erp.db }\n  crm: { type: postgres, url: 'postgres://u:p@h/crm', schemas: [sales] }\n",
    );
    const config = loadAgentConfig(join(dir, "agent.yaml"));
    expect(harvestSource(config, "erp")).toEqual({ kind: "sqlite", file: join(dir, "erp.db") });
    expect(harvestSource(config, "crm")).toEqual({
      kind: "postgres",
      url: "postgres://u:p@h/crm",
      schemas: ["sales"],
    });
  });

  it("refuses a source of an unknown type, naming where", () => {
    const dir = mkdtempSync(join(tmpdir(), "agent-cfg-"));
    writeFileSync(join(dir, "agent.yaml"), "sources:\n  erp: { type: oracle, file: x }\n");
    expect(() => loadAgentConfig(join(dir, "agent.yaml"))).toThrow(/sources\.erp\.type/);
  });

  it("loads the demo agent's file with its source erp", () => {
    const config = loadAgentConfig(join(import.meta.dirname, "../../../demo/agent.yaml"));
    expect(harvestSource(config, "erp").kind).toBe("sqlite");
  });
});
