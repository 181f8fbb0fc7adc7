import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { databaseTarget, directoryTarget, loadAgentConfig } from "./config.ts";
import { backoffDelay, socketUrl } from "./connection.ts";
import { parseOptions } from "./options.ts";

function configFile(text: string) {
  const dir = mkdtempSync(join(tmpdir(), "agent-cfg-"));
  writeFileSync(join(dir, "agent.yaml"), text);
  return { dir, file: join(dir, "agent.yaml") };
}

describe("agent configuration", () => {
  it("resolves paths relative to the file and keeps targets inside the root", () => {
    const { dir, file } = configFile(
      "directory_root: ./deploy\ndatabases:\n  default: { sqlite: ./t.db }\n",
    );
    const config = loadAgentConfig(file);
    expect(directoryTarget(config, "out", "x")).toBe(join(dir, "deploy", "out"));
    expect(directoryTarget(config, undefined, "to-folder")).toBe(join(dir, "deploy", "to-folder"));
    expect(() => directoryTarget(config, "../etc", "x")).toThrow(/outside this agent's directory/);
    expect(() => directoryTarget(config, "/etc", "x")).toThrow(/outside/);
    expect(databaseTarget(config, undefined)).toEqual({ kind: "sqlite", file: join(dir, "t.db") });
    expect(() => databaseTarget(config, "dwh")).toThrow("This agent has no database 'dwh'");
  });

  it("names the offending key of a bad file", () => {
    const { file } = configFile("databases:\n  x: { mysql: foo }\n");
    expect(() => loadAgentConfig(file)).toThrow(/databases\.x/);
    const typo = configFile("directory_rot: .\n");
    expect(() => loadAgentConfig(typo.file)).toThrow(/directory_rot/);
  });

  it("takes options from flags first, then the environment", () => {
    const env = {
      METABUILD_SERVER: "http://s:1",
      METABUILD_AGENT_ID: "id-env",
      METABUILD_AGENT_SECRET: "s",
    };
    expect(parseOptions(["--agent-id", "id-flag"], env)).toEqual({
      server: "http://s:1",
      agentId: "id-flag",
      secret: "s",
      config: undefined,
    });
    expect(() => parseOptions([], {})).toThrow("missing --server, --agent-id, --secret");
  });
});

describe("connection helpers", () => {
  it("derives the socket URL from the server URL", () => {
    expect(socketUrl("http://localhost:8080")).toBe("ws://localhost:8080/api/agents/ws");
    expect(socketUrl("https://mb.example/base/")).toBe("wss://mb.example/base/api/agents/ws");
    expect(() => socketUrl("ftp://x")).toThrow(/http/);
  });

  it("backs off by doubling up to the cap", () => {
    const full = () => 1;
    expect([0, 1, 2, 10].map((n) => backoffDelay(n, 500, 30_000, full))).toEqual([
      500, 1000, 2000, 30_000,
    ]);
    expect(backoffDelay(3, 500, 30_000, () => 0)).toBe(2000);
  });
});
