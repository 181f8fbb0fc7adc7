CREATE TABLE "agent_connections" (
	"agent_id" integer PRIMARY KEY NOT NULL,
	"held_by" text NOT NULL,
	"heartbeat_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pending_deployments" (
	"build_deployment_id" integer PRIMARY KEY NOT NULL,
	"agent_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_connections" ADD CONSTRAINT "agent_connections_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_deployments" ADD CONSTRAINT "pending_deployments_build_deployment_id_build_deployments_id_fk" FOREIGN KEY ("build_deployment_id") REFERENCES "public"."build_deployments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_deployments_agent" ON "pending_deployments" USING btree ("agent_id");