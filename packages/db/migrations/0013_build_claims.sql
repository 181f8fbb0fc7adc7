CREATE TABLE `build_claims` (
	`build_id` integer PRIMARY KEY NOT NULL,
	`claimed_by` text NOT NULL,
	`heartbeat_at` integer NOT NULL,
	`takeovers` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`build_id`) REFERENCES `builds`(`id`) ON UPDATE no action ON DELETE cascade
);
