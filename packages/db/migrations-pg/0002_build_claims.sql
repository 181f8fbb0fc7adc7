CREATE TABLE "build_claims" (
	"build_id" integer PRIMARY KEY NOT NULL,
	"claimed_by" text NOT NULL,
	"heartbeat_at" bigint NOT NULL,
	"takeovers" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "build_claims" ADD CONSTRAINT "build_claims_build_id_builds_id_fk" FOREIGN KEY ("build_id") REFERENCES "public"."builds"("id") ON DELETE cascade ON UPDATE no action;