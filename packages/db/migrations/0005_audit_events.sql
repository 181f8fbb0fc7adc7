CREATE TABLE `audit_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`customer_id` integer NOT NULL,
	`project_id` integer,
	`at` text NOT NULL,
	`user_id` integer,
	`user_email` text,
	`user_name` text,
	`action` text NOT NULL,
	`target_kind` text,
	`target_id` text,
	`target_label` text,
	`before` text,
	`after` text,
	`request_id` text,
	`client_address` text,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `audit_events_customer_id` ON `audit_events` (`customer_id`,`id`);--> statement-breakpoint
CREATE INDEX `audit_events_customer_action` ON `audit_events` (`customer_id`,`action`);--> statement-breakpoint
CREATE INDEX `audit_events_at` ON `audit_events` (`at`);