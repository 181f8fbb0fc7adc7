import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// `pnpm dev` proxies the API to a running server (`pnpm metabuild serve`).
// The Host header is kept (no changeOrigin) so the server sees the console's
// own origin and sets its session cookie.
const api = process.env.METABUILD_API_URL ?? "http://127.0.0.1:8080";

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { "/api": api, "/authentication": api, "/health": api },
  },
  build: {
    // Recorded by the build-size check (e2e) and reported in the README.
    manifest: true,
  },
});
