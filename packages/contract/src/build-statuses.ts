/** Build statuses without zod, for the console's first route (docs/builds.md). */
export const BUILD_STATUSES = ["BUILDING", "FINISHED", "FAILED", "CANCELED"] as const;
export type BuildStatus = (typeof BUILD_STATUSES)[number];
