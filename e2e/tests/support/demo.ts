/**
 * Sign-ins and names of the demo bundle (demo/demo.yaml) that global-setup.ts
 * starts the server with.
 */
export const demo = {
  /** Administrator: every project. */
  admin: { email: "admin@demo.test", password: "admin-pass" },
  /** All permissions on DWH, access on SHOP. */
  dev: { email: "dev@demo.test", password: "dev-pass" },
  /** Access to DWH only. */
  viewer: { email: "viewer@demo.test", password: "viewer-pass" },
  project: "DWH",
  otherProject: "SHOP",
};
