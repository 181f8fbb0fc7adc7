import { defineOperation } from "./operation.ts";

export const metricsOperation = defineOperation({
  method: "get",
  path: "/metrics",
  summary: "Prometheus metrics; needs METABUILD_METRICS_TOKEN as a bearer token when it is set",
  tags: ["service"],
  auth: false,
  // Not a user's sign-in: the metrics token, when one is configured.
  errors: [401],
  responseType: "text/plain",
});
