import type { Locator, Page, Request } from "@playwright/test";
import { expect } from "./fixtures.ts";

/** A request the server refused with 403, and the page and control that led to it. */
export interface Refusal {
  url: string;
  page: string;
  control: string;
}

/** Answers the event stream never ends, so they are not waited for. */
const endless = (url: string) => url.includes("/events");

/**
 * Watches `page`'s network: every 403 with the control that was being
 * clicked, and the requests still in flight, so a sweep waits for answers
 * instead of sleeping (docs/console-permissions.md).
 */
export function watchNetwork(page: Page) {
  const refusals: Refusal[] = [];
  const open = new Set<Request>();
  let where = { page: "", control: "(loading the page)" };
  page.on("request", (r) => {
    if (!endless(r.url())) open.add(r);
  });
  page.on("requestfinished", (r) => open.delete(r));
  page.on("requestfailed", (r) => open.delete(r));
  page.on("response", (r) => {
    if (r.status() === 403) refusals.push({ url: `${r.request().method()} ${r.url()}`, ...where });
  });
  // A native confirm() is answered "no": a read-only user destroys nothing either way.
  page.on("dialog", (d) => void d.dismiss());
  return {
    refusals,
    at(pageName: string, control = "(loading the page)") {
      where = { page: pageName, control };
    },
    /** Until every request (but the event stream) has its answer. */
    async settled() {
      await expect.poll(() => [...open].map((r) => r.url()), { timeout: 60_000 }).toEqual([]);
    },
  };
}

/**
 * Opens `path` inside the running console, as its own links do (no reload
 * of the app on a busy machine): the router follows a history change.
 */
export async function visit(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
}

// Tabs only show another part of the page: a sweep opens the tabs it means itself.
const CONTROLS = "button:enabled:not([role=tab]), [role=menuitem]:not([aria-disabled=true])";

/**
 * The enabled, visible controls of `scope` that act (buttons, menu items),
 * by accessible name; each is tagged `data-sweep` with its name so
 * the sweep finds it again after the page re-rendered.
 */
async function enabledControls(scope: Locator): Promise<string[]> {
  const names = await scope.locator(CONTROLS).evaluateAll((els) =>
    els
      .filter((e) => (e as HTMLElement).offsetParent !== null)
      .map((e) => {
        const label = (e.getAttribute("aria-label") ?? e.textContent ?? "").trim();
        e.setAttribute("data-sweep", label);
        return label;
      })
      .filter((n) => n !== ""),
  );
  return [...new Set(names)];
}

/**
 * A dialog a click opened is tried as a hasty user would: empty text fields
 * filled, its submit button pressed (a write the user may not do must not
 * be one click away either), then closed with Escape or Cancel/Close.
 */
async function tryDialog(page: Page, net: ReturnType<typeof watchNetwork>) {
  const dialog = page.locator("dialog[open], [role=dialog]").filter({ visible: true });
  if ((await dialog.count()) === 0) return;
  const fields = dialog
    .locator("input:not([type]):enabled, input[type=text]:enabled, textarea:enabled")
    .filter({ visible: true });
  for (const field of await fields.all())
    if ((await field.inputValue()) === "") await field.fill("read_only_sweep");
  const submit = dialog.locator("button[type=submit]:enabled").filter({ visible: true }).first();
  if ((await submit.count()) > 0) {
    await submit.click();
    await net.settled();
  }
  if ((await dialog.count()) === 0) return;
  await page.keyboard.press("Escape");
  if ((await dialog.count()) === 0) return;
  const cancel = dialog.getByRole("button", { name: /^(Cancel|Close)$/ }).first();
  if (await cancel.isVisible()) await cancel.click();
  await expect(dialog).toHaveCount(0);
}

/**
 * Clicks every enabled control in `page`'s main area once, by name (skipping
 * `skip`), trying any dialog it opens and coming back when a click
 * navigated away; 403s are recorded by `net`.
 */
export async function clickEveryControl(
  page: Page,
  net: ReturnType<typeof watchNetwork>,
  name: string,
  skip: RegExp = /^$/,
) {
  const url = page.url();
  const main = page.locator("main");
  for (const control of await enabledControls(main)) {
    if (skip.test(control)) continue;
    await enabledControls(main);
    const target = main.locator(`[data-sweep=${JSON.stringify(control)}]`).first();
    if ((await target.count()) === 0 || !(await target.isEnabled())) continue;
    net.at(name, control);
    // A popover or the grid may cover it; the click still reaches the control.
    await target.dispatchEvent("click");
    await net.settled();
    await tryDialog(page, net);
    // Popovers and menus a click opened close, so they cover nothing.
    await page.keyboard.press("Escape");
    // A tab or filter changes only the query; another page is left for this one again.
    if (new URL(page.url()).pathname !== new URL(url).pathname) {
      await visit(page, new URL(url).pathname + new URL(url).search);
      await net.settled();
    }
  }
}
