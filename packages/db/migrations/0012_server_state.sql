CREATE TABLE `server_lease` (
	`id` integer PRIMARY KEY NOT NULL,
	`holder` text NOT NULL,
	`pid` integer NOT NULL,
	`host` text NOT NULL,
	`process_start` text NOT NULL,
	`since` integer NOT NULL,
	`heartbeat_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sign_in_failures` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email_hash` text NOT NULL,
	`client` text NOT NULL,
	`failed_at` integer NOT NULL,
	`pair_cleared` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sign_in_failures_email` ON `sign_in_failures` (`email_hash`,`failed_at`);--> statement-breakpoint
CREATE INDEX `sign_in_failures_client` ON `sign_in_failures` (`client`,`failed_at`);--> statement-breakpoint
CREATE INDEX `sign_in_failures_time` ON `sign_in_failures` (`failed_at`);