CREATE TABLE `instance_references` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`source_instance_id` integer NOT NULL,
	`property` text NOT NULL,
	`source_pos_no` integer NOT NULL,
	`target_instance_id` integer NOT NULL,
	`target_row` text,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`source_instance_id`) REFERENCES `instances`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`target_instance_id`) REFERENCES `instances`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `instance_references_project` ON `instance_references` (`project_id`);--> statement-breakpoint
CREATE INDEX `instance_references_source` ON `instance_references` (`source_instance_id`);--> statement-breakpoint
CREATE INDEX `instance_references_target` ON `instance_references` (`target_instance_id`);