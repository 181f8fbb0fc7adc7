export * from "./auth.ts";
export * from "./common.ts";
export * from "./projects.ts";
export * from "./folders.ts";
export * from "./instances.ts";
export * from "./labels.ts";
export * from "./releases.ts";
export * from "./patterns.ts";
export * from "./variables.ts";
export * from "./agents.ts";
export * from "./deployments.ts";
export * from "./build-deployments.ts";
export * from "./builds.ts";
export * from "./uploads.ts";
export * from "./limits.ts";
export * from "./bundle.ts";
export * from "./bundle-plan.ts";
export * from "./metadata.ts";
export * from "./templates.ts";
export * from "./instance-editing.ts";
export * from "./variable-cascade.ts";
export * from "./admin.ts";
export * from "./search.ts";
export * from "./folders-and-projects.ts";
export * from "./pattern-authoring.ts";
export * from "./audit.ts";
export * from "./instance-names.ts";
<<<<<<< HEAD
export * from "./metadata-scripts.ts";
=======
export * from "./deployment-plans.ts";
>>>>>>> h/plan
