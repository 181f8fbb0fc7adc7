import { demo } from "./support/demo.ts";
import { bearer } from "./support/api.ts";
import { expect, test } from "./support/fixtures.ts";
import { signIn } from "./support/sign-in.ts";

interface Node {
  id: number;
  pattern: string;
  folder: string;
  name: string;
}

const label = (n: Node) => `${n.pattern}:${n.folder === "/" ? "" : n.folder}/${n.name}`;

// The demo's hubs reference their staging instances (docs/lineage.md "The demo"):
// a hub's Lineage tab draws that edge, and following it opens the staging instance.
test("opens the lineage tab and follows an edge upstream", async ({ page, request }) => {
  const admin = await bearer(request, demo.admin);
  const hubs = await request.get("/api/v1/instances", {
    headers: admin,
    params: { project: demo.project, pattern: "HUB" },
  });
  const hub = ((await hubs.json()) as { id: number; project_id: number }[])[0];
  const answer = await request.get("/api/v1/lineage", {
    headers: admin,
    params: { project: demo.project, instance_id: hub.id, direction: "upstream", depth: 1 },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  const graph = (await answer.json()) as {
    nodes: Node[];
    edges: { from: number; to: number; property: string }[];
  };
  const edge = graph.edges.find((e) => e.to === hub.id && e.property === "STAGING");
  expect(edge, "the demo hub references its staging instance").toBeDefined();
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const from = byId.get(edge?.from as number) as Node;
  const to = byId.get(hub.id) as Node;

  await signIn(page, demo.admin.email, demo.admin.password);
  await page.goto(`/projects/${hub.project_id}/instances/${hub.id}?tab=lineage`);
  await expect(page.getByRole("group", { name: /^Lineage graph: \d+ instances/ })).toBeVisible();
  await expect(page.getByRole("link", { name: `Open ${label(from)}` })).toBeVisible();

  // A straight edge is a line with no height, never "visible" to a pointer check: follow it
  // with the keyboard, as the graph allows (Enter on a focused edge).
  await page
    .getByRole("link", { name: `Follow ${label(from)} → ${label(to)} (STAGING)` })
    .press("Enter");
  await expect(page).toHaveURL(new RegExp(`/instances/${from.id}\\?tab=lineage$`));
  await expect(page.getByRole("heading", { level: 1, name: from.name })).toBeVisible();
  // From the staging side, the hub is downstream.
  await expect(page.getByRole("link", { name: `Open ${label(to)}` })).toBeVisible();
});
