CREATE TABLE `pending_harvests` (
	`harvest_run_id` integer PRIMARY KEY NOT NULL,
	`agent_id` integer NOT NULL,
	FOREIGN KEY (`harvest_run_id`) REFERENCES `harvest_runs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `pending_harvests_agent` ON `pending_harvests` (`agent_id`);--> statement-breakpoint
ALTER TABLE `agent_connections` ADD `sources` text DEFAULT '[]' NOT NULL;