import { QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { meQueryKey } from "../api/get-me.ts";
import { projectsQueryOptions } from "../features/projects/api/get-projects.ts";
import { createQueryClient } from "./providers.tsx";

afterEach(() => vi.unstubAllGlobals());

describe("the console's query client", () => {
  it("forgets the user when any call answers 401, so the session guard asks to sign in again", async () => {
    vi.stubGlobal("fetch", async () =>
      Response.json(
        { name: "NotAuthenticated", message: "Not authenticated", code: 401 },
        { status: 401 },
      ),
    );
    const client = createQueryClient();
    client.setQueryData(meQueryKey, { id: 1, email: "dev@demo.test" });
    const projects = new QueryObserver(client, projectsQueryOptions());
    const stop = projects.subscribe(() => {});
    await vi.waitFor(() => expect(projects.getCurrentResult().isError).toBe(true));
    expect(client.getQueryData(meQueryKey)).toBeNull();
    stop();
  });
});
