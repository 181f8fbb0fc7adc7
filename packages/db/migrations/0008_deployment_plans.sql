CREATE TABLE `deployment_plan_steps` (
	`plan_id` integer NOT NULL,
	`position` integer NOT NULL,
	`pattern_id` integer NOT NULL,
	`deployment_id` integer NOT NULL,
	`build_deployment_id` integer,
	`status` text DEFAULT 'PENDING' NOT NULL,
	PRIMARY KEY(`plan_id`, `position`),
	FOREIGN KEY (`plan_id`) REFERENCES `deployment_plans`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`build_deployment_id`) REFERENCES `build_deployments`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `deployment_plan_steps_run` ON `deployment_plan_steps` (`build_deployment_id`);--> statement-breakpoint
CREATE TABLE `deployment_plans` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`customer_id` integer NOT NULL,
	`project_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`build_id` integer NOT NULL,
	`agent_id` integer NOT NULL,
	`agent_group_id` integer,
	`status` text DEFAULT 'RUNNING' NOT NULL,
	`message` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`ended_at` text,
	FOREIGN KEY (`build_id`) REFERENCES `builds`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`agent_id`) REFERENCES `agents`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`agent_group_id`) REFERENCES `agent_groups`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `deployment_plans_build` ON `deployment_plans` (`build_id`);