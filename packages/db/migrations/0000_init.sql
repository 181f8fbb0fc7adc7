CREATE TABLE `agent_groups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`customer_id` integer NOT NULL,
	`name` text NOT NULL,
	`description` text,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `agents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`customer_id` integer NOT NULL,
	`agent_id` text NOT NULL,
	`name` text NOT NULL,
	`secret_hash` text NOT NULL,
	`deleted` integer DEFAULT 0 NOT NULL,
	`disabled` integer DEFAULT 0 NOT NULL,
	`online` integer DEFAULT 0 NOT NULL,
	`group_id` integer,
	`last_seen_at` text,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`group_id`) REFERENCES `agent_groups`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `agents_agent_id_unique` ON `agents` (`agent_id`);--> statement-breakpoint
CREATE INDEX `agents_customer` ON `agents` (`customer_id`);--> statement-breakpoint
CREATE TABLE `build_deployments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`customer_id` integer NOT NULL,
	`project_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`build_id` integer NOT NULL,
	`pattern_id` integer NOT NULL,
	`deployment_id` integer NOT NULL,
	`upload_id` integer,
	`agent_id` integer,
	`agent_group_id` integer,
	`status` text DEFAULT 'QUEUED' NOT NULL,
	`started_at` text,
	`finished_at` text,
	`log` text DEFAULT '' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`build_id`) REFERENCES `builds`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`deployment_id`) REFERENCES `deployments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`agent_id`) REFERENCES `agents`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`agent_group_id`) REFERENCES `agent_groups`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `build_deployments_build` ON `build_deployments` (`build_id`);--> statement-breakpoint
CREATE TABLE `build_instances` (
	`build_id` integer NOT NULL,
	`instance_id` integer NOT NULL,
	`pattern_id` integer NOT NULL,
	`version` integer,
	PRIMARY KEY(`build_id`, `instance_id`),
	FOREIGN KEY (`build_id`) REFERENCES `builds`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`) REFERENCES `instances`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `builds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`customer_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`project_id` integer NOT NULL,
	`progress` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'BUILDING' NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`build_start` text,
	`build_end` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`history_commited` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`active` integer DEFAULT 1 NOT NULL,
	`mts` integer DEFAULT 0 NOT NULL,
	`name` text,
	`deliveries_calculated` integer DEFAULT 0 NOT NULL,
	`description` text,
	`commit_ind` integer DEFAULT 0 NOT NULL,
	`deleted` integer DEFAULT 0 NOT NULL,
	`instances` integer DEFAULT 0 NOT NULL,
	`patterns` text DEFAULT '[]' NOT NULL,
	`releases` text DEFAULT '[]' NOT NULL,
	`warnings` text DEFAULT '[]' NOT NULL,
	`release_map` text,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `builds_project` ON `builds` (`project_id`);--> statement-breakpoint
CREATE INDEX `builds_status` ON `builds` (`status`);--> statement-breakpoint
CREATE TABLE `downloads` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`customer_id` integer NOT NULL,
	`pattern_id` integer NOT NULL,
	`name` text NOT NULL,
	`file_name` text NOT NULL,
	`type` text NOT NULL,
	`build_id` integer NOT NULL,
	`project_id` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`upload_id` integer,
	`file_id` integer,
	`downloaded` integer DEFAULT 0 NOT NULL,
	`instance_id` integer,
	FOREIGN KEY (`pattern_id`) REFERENCES `patterns`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`build_id`) REFERENCES `builds`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`file_id`) REFERENCES `stored_files`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `downloads_build` ON `downloads` (`build_id`);--> statement-breakpoint
CREATE TABLE `metadata_executions` (
	`id` text PRIMARY KEY NOT NULL,
	`customer_id` integer NOT NULL,
	`project_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`statement` text NOT NULL,
	`type` text,
	`status` text NOT NULL,
	`runtime` integer DEFAULT 0 NOT NULL,
	`row_count` integer DEFAULT 0 NOT NULL,
	`error` text,
	`start_time` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `metadata_executions_user` ON `metadata_executions` (`user_id`,`start_time`);--> statement-breakpoint
CREATE TABLE `stored_files` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`customer_id` integer NOT NULL,
	`key` text NOT NULL,
	`size` integer NOT NULL,
	`sha256` text NOT NULL,
	`content_type` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stored_files_key_unique` ON `stored_files` (`key`);--> statement-breakpoint
CREATE TABLE `commits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`instance_id` integer NOT NULL,
	`version` integer NOT NULL,
	`user_id` integer,
	`source` text NOT NULL,
	`message` text,
	`before` text,
	`after` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`instance_id`) REFERENCES `instances`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `commits_instance_version` ON `commits` (`instance_id`,`version`);--> statement-breakpoint
CREATE TABLE `custom_table_rows` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`table_id` integer NOT NULL,
	`data` text NOT NULL,
	FOREIGN KEY (`table_id`) REFERENCES `custom_tables`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `custom_table_rows_table` ON `custom_table_rows` (`table_id`);--> statement-breakpoint
CREATE TABLE `custom_tables` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`name` text NOT NULL,
	`columns` text DEFAULT '[]' NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `custom_tables_project_name` ON `custom_tables` (`project_id`,`name`);--> statement-breakpoint
CREATE TABLE `instance_labels` (
	`instance_id` integer NOT NULL,
	`label_id` integer NOT NULL,
	PRIMARY KEY(`instance_id`, `label_id`),
	FOREIGN KEY (`instance_id`) REFERENCES `instances`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`label_id`) REFERENCES `labels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `instance_labels_label` ON `instance_labels` (`label_id`);--> statement-breakpoint
CREATE TABLE `instance_rows` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`instance_id` integer NOT NULL,
	`pos_no` integer NOT NULL,
	`data` text NOT NULL,
	FOREIGN KEY (`instance_id`) REFERENCES `instances`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `instance_rows_instance` ON `instance_rows` (`instance_id`,`pos_no`);--> statement-breakpoint
CREATE TABLE `instances` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`customer_id` integer NOT NULL,
	`project_id` integer NOT NULL,
	`pattern_id` integer NOT NULL,
	`instance_folder_id` integer NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`version` integer DEFAULT 1 NOT NULL,
	`release_id` integer,
	`identity_id` integer,
	`user_id` integer,
	`latest_commit_id` integer,
	`errors` integer DEFAULT 0 NOT NULL,
	`validation` text DEFAULT '[]' NOT NULL,
	`checked_out_by_user_id` integer,
	`checked_out_at` text,
	`deleted` integer DEFAULT 0 NOT NULL,
	`upload_disabled` integer DEFAULT 0 NOT NULL,
	`insert_disabled` integer DEFAULT 0 NOT NULL,
	`build_disabled` integer DEFAULT 0 NOT NULL,
	`edit_disabled` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`pattern_id`) REFERENCES `patterns`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`instance_folder_id`) REFERENCES `instance_folders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`release_id`) REFERENCES `releases`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`checked_out_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `instances_key` ON `instances` (`project_id`,`pattern_id`,`instance_folder_id`,`name`);--> statement-breakpoint
CREATE INDEX `instances_project_folder` ON `instances` (`project_id`,`instance_folder_id`);--> statement-breakpoint
CREATE INDEX `instances_project_name` ON `instances` (`project_id`,`name`);--> statement-breakpoint
CREATE INDEX `instances_pattern` ON `instances` (`pattern_id`);--> statement-breakpoint
CREATE TABLE `labels` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`name` text NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `labels_project_name` ON `labels` (`project_id`,`name`);--> statement-breakpoint
CREATE TABLE `deployments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pattern_id` integer NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`config` text DEFAULT '{}' NOT NULL,
	FOREIGN KEY (`pattern_id`) REFERENCES `patterns`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `deployments_pattern_name` ON `deployments` (`pattern_id`,`name`);--> statement-breakpoint
CREATE TABLE `functional_roles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pattern_id` integer NOT NULL,
	`name` text NOT NULL,
	`class` text,
	`domain` text,
	`cardinality_min` text DEFAULT '0' NOT NULL,
	`cardinality_max` text DEFAULT 'N' NOT NULL,
	`pos_no` integer DEFAULT 0 NOT NULL,
	`deleted` integer DEFAULT 0 NOT NULL,
	`disabled` integer DEFAULT 0 NOT NULL,
	`readonly` integer DEFAULT 0 NOT NULL,
	`merge_strategy` text,
	FOREIGN KEY (`pattern_id`) REFERENCES `patterns`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `functional_roles_pattern_name` ON `functional_roles` (`pattern_id`,`name`);--> statement-breakpoint
CREATE TABLE `instance_properties` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pattern_id` integer NOT NULL,
	`name` text NOT NULL,
	`datatype` text DEFAULT 'string' NOT NULL,
	`format` text,
	`description` text,
	`deleted` integer DEFAULT 0 NOT NULL,
	`required` integer DEFAULT 0 NOT NULL,
	`pos_no` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`pattern_id`) REFERENCES `patterns`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `instance_properties_pattern_name` ON `instance_properties` (`pattern_id`,`name`);--> statement-breakpoint
CREATE TABLE `patterns` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`customer_id` integer NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`type` text DEFAULT 'SQLITE' NOT NULL,
	`vers_no` text DEFAULT '1.0' NOT NULL,
	`status` text DEFAULT 'FINISHED' NOT NULL,
	`active` integer DEFAULT 1 NOT NULL,
	`deleted` integer DEFAULT 0 NOT NULL,
	`disabled` integer DEFAULT 0 NOT NULL,
	`release_group_id` integer,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`release_group_id`) REFERENCES `release_groups`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `patterns_customer_name` ON `patterns` (`customer_id`,`name`);--> statement-breakpoint
CREATE TABLE `templates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pattern_id` integer NOT NULL,
	`path` text NOT NULL,
	`body` text NOT NULL,
	`pos_no` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`pattern_id`) REFERENCES `patterns`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `templates_pattern` ON `templates` (`pattern_id`);--> statement-breakpoint
CREATE TABLE `variable_definitions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pattern_id` integer NOT NULL,
	`name` text NOT NULL,
	`default_value` text,
	`description` text,
	FOREIGN KEY (`pattern_id`) REFERENCES `patterns`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `variable_definitions_pattern_name` ON `variable_definitions` (`pattern_id`,`name`);--> statement-breakpoint
CREATE TABLE `variable_overrides` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`variable_id` integer NOT NULL,
	`project_id` integer NOT NULL,
	`instance_folder_id` integer,
	`instance_id` integer,
	`value` text,
	FOREIGN KEY (`variable_id`) REFERENCES `variable_definitions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `variable_overrides_scope` ON `variable_overrides` (`variable_id`,`project_id`,`instance_folder_id`,`instance_id`);--> statement-breakpoint
CREATE INDEX `variable_overrides_project` ON `variable_overrides` (`project_id`);--> statement-breakpoint
CREATE INDEX `variable_overrides_instance` ON `variable_overrides` (`instance_id`);--> statement-breakpoint
CREATE TABLE `customers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `customers_name_unique` ON `customers` (`name`);--> statement-breakpoint
CREATE TABLE `grants` (
	`user_id` integer NOT NULL,
	`project_id` integer NOT NULL,
	`permission` text NOT NULL,
	PRIMARY KEY(`user_id`, `project_id`, `permission`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `instance_folders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`parent_id` integer,
	`name` text NOT NULL,
	`path` text NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `instance_folders_project_path` ON `instance_folders` (`project_id`,`path`);--> statement-breakpoint
CREATE INDEX `instance_folders_parent` ON `instance_folders` (`parent_id`);--> statement-breakpoint
CREATE TABLE `projects` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`customer_id` integer NOT NULL,
	`name` text NOT NULL,
	`deleted` integer DEFAULT 0 NOT NULL,
	`disabled` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `projects_customer_name` ON `projects` (`customer_id`,`name`);--> statement-breakpoint
CREATE TABLE `release_groups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`customer_id` integer NOT NULL,
	`name` text NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `release_groups_customer_name` ON `release_groups` (`customer_id`,`name`);--> statement-breakpoint
CREATE TABLE `releases` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`release_group_id` integer NOT NULL,
	`name` text NOT NULL,
	FOREIGN KEY (`release_group_id`) REFERENCES `release_groups`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `releases_group_name` ON `releases` (`release_group_id`,`name`);--> statement-breakpoint
CREATE TABLE `revoked_tokens` (
	`jti` text PRIMARY KEY NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`customer_id` integer NOT NULL,
	`email` text NOT NULL,
	`name` text,
	`password_hash` text NOT NULL,
	`admin` integer DEFAULT 0 NOT NULL,
	`disabled` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE INDEX `users_customer` ON `users` (`customer_id`);