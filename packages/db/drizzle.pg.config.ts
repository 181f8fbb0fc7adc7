import { defineConfig } from "drizzle-kit";

// The PostgreSQL twin of drizzle.config.ts (docs/stores.md "Migrations").
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/pg/schema/index.ts",
  out: "./migrations-pg",
});
