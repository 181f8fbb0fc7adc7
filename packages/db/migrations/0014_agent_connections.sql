CREATE TABLE `agent_connections` (
	`agent_id` integer PRIMARY KEY NOT NULL,
	`held_by` text NOT NULL,
	`heartbeat_at` integer NOT NULL,
	FOREIGN KEY (`agent_id`) REFERENCES `agents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `pending_deployments` (
	`build_deployment_id` integer PRIMARY KEY NOT NULL,
	`agent_id` integer NOT NULL,
	FOREIGN KEY (`build_deployment_id`) REFERENCES `build_deployments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `pending_deployments_agent` ON `pending_deployments` (`agent_id`);