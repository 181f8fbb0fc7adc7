import { defineConfig } from "drizzle-kit";

// The PostgreSQL migrations of the same schema (docs/stores.md "Migrations").
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/pg/schema/index.ts",
  out: "./migrations-pg",
});
