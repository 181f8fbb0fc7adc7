import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { patternAuthoringQueryOptions } from "../../patterns/api/get-pattern-authoring.ts";
import { patternPreviewQueryOptions } from "../../patterns/api/preview-pattern.ts";
import { instanceEditingQueryOptions } from "./get-instance-editing.ts";
import { rowIssuesQueryOptions } from "./validate-instance-rows.ts";

afterEach(() => vi.unstubAllGlobals());

/** Answers GETs with `view` and POSTs (a row check, a preview) with `check`. */
function serve(view: object, check: object) {
  vi.stubGlobal("fetch", async (request: Request) =>
    Response.json(request.method === "GET" ? view : check),
  );
}

const editing = { instance_id: 7, header: ["NAME"], rows: [{ NAME: "A" }], issues: [] };

describe("the editor's queries", () => {
  it("after a save the editing view is refetched whole, not as a row check (no 'reading map')", async () => {
    serve(editing, { issues: [] });
    const client = new QueryClient();
    const view = new QueryObserver(client, instanceEditingQueryOptions(7));
    const stop = [view.subscribe(() => {})];
    await vi.waitFor(() => expect(view.getCurrentResult().data).toBeDefined());
    // The page renders with the view loaded; its row check is off while nothing is edited.
    const check = new QueryObserver(client, rowIssuesQueryOptions(7, undefined));
    stop.push(check.subscribe(() => {}));

    // What a save of the rows does once the server answered.
    await client.invalidateQueries({ queryKey: instanceEditingQueryOptions(7).queryKey });

    expect(view.getCurrentResult().data).toMatchObject({ rows: [{ NAME: "A" }] });
    expect(check.getCurrentResult().data).toBeUndefined();
    for (const s of stop) s();
  });

  it("a pattern's preview is not the pattern's authoring view while no instance is chosen", async () => {
    serve({ id: 3, name: "STG" }, { files: [] });
    const client = new QueryClient();
    const authoring = new QueryObserver(client, patternAuthoringQueryOptions(3));
    const preview = new QueryObserver(client, patternPreviewQueryOptions(3, undefined));
    const stop = [authoring.subscribe(() => {}), preview.subscribe(() => {})];
    await vi.waitFor(() => expect(authoring.getCurrentResult().data).toBeDefined());
    expect(preview.getCurrentResult().data).toBeUndefined();
    for (const s of stop) s();
  });
});
