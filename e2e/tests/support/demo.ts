/** Sign-ins and names of the demo bundle (demo/demo.yaml) the server is started with. */
export const demo = {
  admin: { email: "admin@demo.test", password: "demo" },
  engineer: { email: "engineer@demo.test", password: "demo" },
  project: "DWH",
  otherProject: "LAKE",
  pattern: "HUB",
};
