import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { firstRouteBudget } from "./build/first-route-budget.ts";

// `pnpm dev` proxies the API to a running server (`pnpm metabuild serve`).
// The Host header is kept (no changeOrigin) so the server sees the console's
// own origin and sets its session cookie.
const api = process.env.METABUILD_API_URL ?? "http://127.0.0.1:8080";
// (Vite's string shorthand would set changeOrigin: true.)
const toServer = { target: api, changeOrigin: false };

export default defineConfig({
  // Relative URLs: the server's <base href> places them under any METABUILD_BASE_PATH (docs/http-edge.md).
  base: "./",
  // The first route's JavaScript stays small and Monaco-free (issue 6); the build fails otherwise.
  plugins: [react(), firstRouteBudget(300)],
  server: {
    proxy: { "/api": toServer, "/authentication": toServer, "/health": toServer },
  },
  build: {
    // AG Grid (~870 KB) and Monaco (~2.7 MB) are large lazy chunks by design,
    // loaded only by the pages that use them; the first route's budget is
    // checked separately (first-route.json, ≤ 300 KB gzip).
    chunkSizeWarningLimit: 3000,
  },
});
