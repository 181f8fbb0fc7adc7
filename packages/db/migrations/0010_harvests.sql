CREATE TABLE `harvest_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`customer_id` integer NOT NULL,
	`project_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`agent_id` integer,
	`agent_group_id` integer,
	`schedule_id` integer,
	`source` text NOT NULL,
	`table_prefix` text NOT NULL,
	`status` text DEFAULT 'QUEUED' NOT NULL,
	`started_at` text,
	`finished_at` text,
	`log` text DEFAULT '' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`agent_id`) REFERENCES `agents`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`agent_group_id`) REFERENCES `agent_groups`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`schedule_id`) REFERENCES `harvest_schedules`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `harvest_runs_project` ON `harvest_runs` (`project_id`);--> statement-breakpoint
CREATE TABLE `harvest_schedules` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`customer_id` integer NOT NULL,
	`project_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`agent_id` integer,
	`agent_group_id` integer,
	`source` text NOT NULL,
	`table_prefix` text NOT NULL,
	`cron` text NOT NULL,
	`last_run_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`agent_id`) REFERENCES `agents`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`agent_group_id`) REFERENCES `agent_groups`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `harvest_schedules_project` ON `harvest_schedules` (`project_id`);