CREATE TABLE `metadata_script_folders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`path` text NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `metadata_script_folders_project_path` ON `metadata_script_folders` (`project_id`,`path`);--> statement-breakpoint
CREATE TABLE `metadata_script_versions` (
	`script_id` integer NOT NULL,
	`vers_no` integer NOT NULL,
	`folder` text NOT NULL,
	`name` text NOT NULL,
	`body` text NOT NULL,
	`user_id` integer,
	`user_email` text,
	`at` text NOT NULL,
	PRIMARY KEY(`script_id`, `vers_no`),
	FOREIGN KEY (`script_id`) REFERENCES `metadata_scripts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `metadata_scripts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`folder` text NOT NULL,
	`name` text NOT NULL,
	`body` text NOT NULL,
	`vers_no` integer NOT NULL,
	`updated_by` integer,
	`updated_by_email` text,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `metadata_scripts_project_folder_name` ON `metadata_scripts` (`project_id`,`folder`,`name`);--> statement-breakpoint
ALTER TABLE `metadata_executions` ADD `script_id` integer;--> statement-breakpoint
ALTER TABLE `metadata_executions` ADD `script_version` integer;--> statement-breakpoint
CREATE INDEX `metadata_executions_script` ON `metadata_executions` (`script_id`,`start_time`);