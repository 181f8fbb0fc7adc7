import authentication from "@feathersjs/authentication-client";
import { type Application, feathers } from "@feathersjs/feathers";
import rest from "@feathersjs/rest-client";
import { describe, expect, it } from "vitest";
import { type BuildCatalog, seedBuildCatalog } from "../testing/builds-fixture.ts";
import { TEST_PASSWORD, type Harness } from "../testing/harness.ts";
import { routeSuite } from "../testing/route-suite.ts";

// docs/reference/rules.md §2: the official FeathersJS client must work against the server
// unchanged. This drives the real client (its query encoding, its error
// conversion, its re-authentication and logout) against the app in process.

let h: Harness;
let cat: BuildCatalog;
routeSuite({ users: [], fixture: async (h, seed) => await seedBuildCatalog(h.db, seed) }, (app) => {
  ({ h, fixture: cat } = app);
});

interface Item {
  id: number;
  name: string;
}

/** A Feathers client whose fetch is the app's own request handler. */
function client(): Application {
  const app = feathers();
  const fetchImpl = (url: string, init?: RequestInit) => Promise.resolve(h.app.request(url, init));
  app.configure(rest("http://metabuild.test").fetch(fetchImpl));
  app.configure(authentication());
  return app;
}

const signIn = (app: Application) =>
  app.authenticate({ strategy: "local", email: "ann@acme.test", password: TEST_PASSWORD });

describe("the official FeathersJS client", () => {
  it("signs in, finds with arrays and objects in the query, gets, and creates a build", async () => {
    const app = client();
    const auth = await signIn(app);
    expect(typeof auth.accessToken).toBe("string");

    const projects = (await app.service("api/v1/projects").find()) as Item[];
    expect(projects.map((p) => p.name)).toEqual(["DWH"]);

    const instances = app.service("api/v1/instances");
    // The client sends labels[0]=pii, $sort[name]=1 and releases[core]=R1 (qs brackets).
    const pii = (await instances.find({
      query: { project: "DWH", labels: ["pii", "nothing"], $sort: { name: -1 } },
    })) as Item[];
    expect(pii.map((i) => i.name)).toEqual(["SAT_CUSTOMER", "CUSTOMER"]);
    const r2 = (await instances.find({
      query: { project: "DWH", pattern: "HUB", releases: { core: "R2" } },
    })) as Item[];
    expect(r2.map((i) => i.name)).toEqual(["NEXT"]);

    const detail = (await instances.get(cat.customer.id)) as { instance_name: string };
    expect(detail.instance_name).toBe("CUSTOMER");

    const started = (await app.service("api/v1/builds").create({
      project: "DWH",
      instances: [{ id: cat.customer.id }],
      wait: true,
    })) as { build: { status: string; downloads: unknown[] } };
    expect(started.build.status).toBe("FINISHED");
    expect(started.build.downloads).toHaveLength(1);
  });

  it("turns the server's errors into Feathers errors with the spec's names and messages", async () => {
    const app = client();
    await signIn(app);
    await expect(app.service("api/v1/instances").get(999999)).rejects.toMatchObject({
      name: "NotFound",
      code: 404,
      className: "not-found",
      message: "No record found for id '999999'",
    });
    await expect(app.service("api/v1/instances").find({ query: {} })).rejects.toMatchObject({
      name: "BadRequest",
      code: 400,
    });
    await expect(client().service("api/v1/projects").find()).rejects.toMatchObject({
      name: "NotAuthenticated",
      code: 401,
      message: "Not authenticated",
    });
  });

  it("re-authenticates with the stored token, then logs out so the token no longer works", async () => {
    const app = client();
    const first = await signIn(app);
    const again = await app.reAuthenticate(true);
    expect(again.accessToken).toBe(first.accessToken);

    await app.logout();
    const res = await h.call("/api/v1/projects", first.accessToken);
    expect(res.status).toBe(401);
  });
});
