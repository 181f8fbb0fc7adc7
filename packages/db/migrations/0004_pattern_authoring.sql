CREATE TABLE `pattern_snippets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pattern_id` integer NOT NULL,
	`name` text NOT NULL,
	`body` text NOT NULL,
	FOREIGN KEY (`pattern_id`) REFERENCES `patterns`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pattern_snippets_pattern_name` ON `pattern_snippets` (`pattern_id`,`name`);--> statement-breakpoint
CREATE TABLE `pattern_versions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pattern_id` integer NOT NULL,
	`version` integer NOT NULL,
	`definition` text NOT NULL,
	`user_id` integer,
	`user_email` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`pattern_id`) REFERENCES `patterns`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pattern_versions_pattern_version` ON `pattern_versions` (`pattern_id`,`version`);