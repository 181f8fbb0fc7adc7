import { startDemoAgent } from "./support/demo-agent.ts";
import { demo } from "./support/demo.ts";
import { expect, serverUrl, test } from "./support/fixtures.ts";
import { signIn } from "./support/sign-in.ts";

// Issue 27: the Agents page never said how to start an agent; now an admin registers one there.
let agent: { stop(): void } | undefined;
test.afterAll(() => agent?.stop());

test("an admin registers an agent, copies its start command, and the agent comes online", async ({
  page,
}) => {
  const name = `e2e-runner-${Date.now().toString(36)}`;
  await signIn(page, demo.admin.email, demo.admin.password);
  await page.getByRole("link", { name: "Agents" }).click();
  await page.getByRole("button", { name: "Register an agent" }).click();
  const dialog = page.getByRole("dialog", { name: "Register an agent" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Group").fill("e2e");
  await dialog.getByRole("button", { name: "Register" }).click();
  await expect(dialog.getByRole("status")).toContainText(`Agent “${name}” is registered`);
  const command = (await dialog.getByTestId("agent-start-command").textContent()) ?? "";
  // The secret is in the environment line, never in a URL or on the agent's command line.
  const secret = /METABUILD_AGENT_SECRET='([^']+)'/.exec(command)?.[1];
  const id = /--agent-id (\S+)/.exec(command)?.[1];
  expect(secret).toBeTruthy();
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  expect(command).toContain(`--server ${serverUrl()}`);
  expect(page.url()).not.toContain(secret as string);
  await expect(dialog.getByText("On another host")).toBeVisible();
  await page.screenshot({ path: `${import.meta.dirname}/../screenshots/agents--register.png` });

  agent = startDemoAgent(serverUrl(), undefined, { id: id as string, secret: secret as string });
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  const row = page
    .getByRole("table", { name: "Agents" })
    .getByRole("row", { name: new RegExp(name) });
  await expect(row.getByText("online", { exact: true })).toBeVisible({ timeout: 60_000 });
});

test("a user who is not an admin sees who registers agents instead of the button", async ({
  page,
}) => {
  await signIn(page, demo.dev.email, demo.dev.password);
  await page.getByRole("link", { name: "Agents" }).click();
  await expect(page.getByRole("heading", { name: "Agents", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Register an agent" })).toHaveCount(0);
});
