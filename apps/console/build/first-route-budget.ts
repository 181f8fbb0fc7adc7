import { gzipSync } from "node:zlib";
import type { Plugin, Rolldown } from "vite";

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** The pages a visitor can land on first: signed out, then signed in. */
const FIRST_ROUTES = {
  "sign-in": "src/features/auth/pages/sign-in-page.tsx",
  projects: "src/features/projects/pages/projects-page.tsx",
};

export interface FirstRouteReport {
  route: string;
  files: string[];
  gzipBytes: number;
  monaco: boolean;
}

function chunks(bundle: OutputBundle): OutputChunk[] {
  return Object.values(bundle).filter((f): f is OutputChunk => f.type === "chunk");
}

/** A chunk and everything it imports statically (what must load before it runs). */
function closure(bundle: OutputBundle, start: OutputChunk[]): OutputChunk[] {
  const seen = new Map<string, OutputChunk>();
  const visit = (c: OutputChunk) => {
    if (seen.has(c.fileName)) return;
    seen.set(c.fileName, c);
    for (const f of c.imports) {
      const next = bundle[f];
      if (next?.type === "chunk") visit(next);
    }
  };
  start.forEach(visit);
  return [...seen.values()];
}

/**
 * Fails the build when the JavaScript of a first route (entry + its page,
 * with their static imports) exceeds `budgetKb` gzip or contains Monaco, and
 * writes the measured sizes to `.vite/first-route.json`.
 */
export function firstRouteBudget(budgetKb: number): Plugin {
  return {
    name: "metabuild-first-route-budget",
    apply: "build",
    generateBundle(_options, bundle) {
      const all = chunks(bundle);
      const entry = all.filter((c) => c.isEntry);
      const reports: FirstRouteReport[] = [];
      for (const [route, page] of Object.entries(FIRST_ROUTES)) {
        const pageChunk = all.find((c) => c.facadeModuleId?.endsWith(page));
        if (!pageChunk) this.error(`first-route budget: no chunk for ${page} (is it lazy-loaded?)`);
        const files = closure(bundle, [...entry, pageChunk]);
        reports.push({
          route,
          files: files.map((c) => c.fileName).sort(),
          gzipBytes: files.reduce((n, c) => n + gzipSync(c.code).length, 0),
          monaco: files.some((c) => c.moduleIds.some((id) => id.includes("monaco-editor"))),
        });
      }
      for (const r of reports) {
        const kb = (r.gzipBytes / 1024).toFixed(1);
        this.info(
          `first route ${r.route}: ${kb} KB gzip (budget ${budgetKb} KB), Monaco ${r.monaco ? "PRESENT" : "absent"}`,
        );
        if (r.gzipBytes > budgetKb * 1024)
          this.error(`first route ${r.route} is ${kb} KB gzip, over the ${budgetKb} KB budget`);
        if (r.monaco) this.error(`first route ${r.route} pulls in Monaco; load the editor lazily`);
      }
      this.emitFile({
        type: "asset",
        fileName: ".vite/first-route.json",
        source: `${JSON.stringify({ budgetKb, routes: reports }, null, 2)}\n`,
      });
    },
  };
}
