ALTER TABLE `users` ADD `last_sign_in_at` text;--> statement-breakpoint
ALTER TABLE `users` ADD `must_change_password` integer DEFAULT 0 NOT NULL;