CREATE TABLE "pending_harvests" (
	"harvest_run_id" integer PRIMARY KEY NOT NULL,
	"agent_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_connections" ADD COLUMN "sources" text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE "pending_harvests" ADD CONSTRAINT "pending_harvests_harvest_run_id_harvest_runs_id_fk" FOREIGN KEY ("harvest_run_id") REFERENCES "public"."harvest_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_harvests_agent" ON "pending_harvests" USING btree ("agent_id");