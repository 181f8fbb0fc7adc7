import type { Page } from "@playwright/test";
import { demo } from "./support/demo.ts";
import { expect, test } from "./support/fixtures.ts";
import { signIn } from "./support/sign-in.ts";

// The console and the API reference work under the server's Content-Security-Policy
// (docs/http-edge.md): no part of them is refused by it. Read-only.

/** Every CSP violation the page reports: console messages and securitypolicyviolation events. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction("reportCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      const report = (window as unknown as { reportCspViolation(t: string): void })
        .reportCspViolation;
      report(
        `${e.violatedDirective} refused ${e.blockedURI} (${e.sourceFile}:${e.lineNumber} on ${location.pathname})`,
      );
    });
  });
  return violations;
}

test("the instance list, the SQL editor and the API reference run under the CSP", async ({
  page,
}) => {
  const violations = await watchViolations(page);
  const documentAnswer = page.waitForResponse((r) => r.request().resourceType() === "document");
  await signIn(page, demo.dev.email, demo.dev.password);
  const headers = (await documentAnswer).headers();
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-frame-options"]).toBe("DENY");

  // The instance list: AG Grid injects its styles and icons.
  await page
    .getByRole("table", { name: "Projects" })
    .getByRole("link", { name: demo.project })
    .click();
  const instances = page.getByRole("grid", { name: "Instances" });
  await expect(instances.getByRole("gridcell").first()).toBeVisible();

  // The SQL editor: Monaco loads its worker and styles; the result is another grid.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "SQL" }).click();
  const editor = page.getByRole("textbox", { name: "SQL statements" });
  await editor.focus();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.insertText("SELECT * FROM @INSTANCES.HUB");
  await page.keyboard.press("Escape");
  await page.keyboard.press("Control+Enter");
  await expect(page.getByRole("region", { name: "Result" }).getByRole("status")).toContainText(
    /\d+ rows/,
  );
  await expect(
    page.getByRole("grid", { name: "Results" }).getByRole("gridcell").first(),
  ).toBeVisible();

  // Swagger UI, served by the server itself.
  await page.goto("/api/docs");
  await expect(page.getByRole("heading", { name: /metabuild/ }).first()).toBeVisible();
  await expect(page.getByText("/api/v1/metadata").first()).toBeVisible();

  expect(violations, "Content-Security-Policy violations").toEqual([]);
});
