import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { LineageGraph } from "@metabuild/contract";
import { chromium } from "@playwright/test";
import { build } from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");

/**
 * The console's lineage drawing (apps/console/src/features/lineage) bundled
 * for production with its React and the console's styles, opened in Chromium
 * with `graph` inlined: milliseconds from navigation start until the first frame after React
 * committed the drawing (script parse and layout included, the API call not:
 * that is figure (a)). One fresh page per run.
 */
export async function firstRenderMs(graph: LineageGraph, runs: number): Promise<number[]> {
  const dir = mkdtempSync(join(tmpdir(), "bench-lineage-"));
  try {
    await build({
      entryPoints: [join(here, "graph-page.jsx")],
      bundle: true,
      minify: true,
      format: "esm",
      jsx: "automatic",
      define: { "process.env.NODE_ENV": '"production"' },
      nodePaths: [join(root, "apps/console/node_modules")],
      outfile: join(dir, "page.js"),
      logLevel: "error",
    });
    const focus = graph.nodes[Math.floor(graph.nodes.length / 2)]?.id ?? 0;
    writeFileSync(
      join(dir, "index.html"),
      `<!doctype html><html><head><link rel="stylesheet" href="page.css"></head><body><div id="root"></div><script>window.__GRAPH__=${JSON.stringify(graph)};window.__FOCUS__=${focus};</script><script type="module" src="page.js"></script></body></html>`,
    );
    // Debian's chromium, as bench/console and the e2e tests use (no download is reachable).
    const browser = await chromium.launch({
      executablePath: process.env.METABUILD_CHROMIUM ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--allow-file-access-from-files"],
    });
    const times: number[] = [];
    try {
      for (let i = 0; i < runs; i++) {
        const page = await browser.newPage();
        await page.goto(`file://${join(dir, "index.html")}`);
        // Expressions evaluated in the page: graph-page.jsx sets the time once painted.
        await page.waitForFunction("window.__RENDERED_MS__ !== undefined", undefined, {
          timeout: 60_000,
        });
        const nodes = await page
          .locator('[data-testid="lineage-graph"] [data-id][role="link"]')
          .count();
        if (nodes !== graph.nodes.length)
          throw new Error(`drew ${nodes} of ${graph.nodes.length} nodes`);
        times.push((await page.evaluate("window.__RENDERED_MS__")) as number);
        await page.close();
      }
    } finally {
      await browser.close();
    }
    return times;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
