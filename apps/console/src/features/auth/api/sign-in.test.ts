import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** The console as index.html serves it under METABUILD_BASE_PATH (docs/http-edge.md "Base path"). */
function underBasePath(href: string) {
  vi.stubGlobal("document", {
    querySelector: (selector: string) =>
      selector === "base"
        ? { getAttribute: (name: string) => (name === "href" ? href : null) }
        : null,
  });
}

/** Records the URL of every request and answers it with `body`. */
function recordRequests(body: object): string[] {
  const urls: string[] = [];
  vi.stubGlobal("fetch", async (request: Request) => {
    urls.push(request.url);
    return Response.json(body);
  });
  return urls;
}

describe("signing in", () => {
  // Under nginx at /mb the sign-in once went to the host's root and answered 404.
  it.each([
    ["/mb/", "/mb/authentication"],
    ["/", "/authentication"],
  ])("with <base href=%j> posts to %s", async (href, expected) => {
    underBasePath(href);
    const urls = recordRequests({ accessToken: "x" });
    const { signIn } = await import("./sign-in.ts");
    await signIn({ email: "admin@example.com", password: "pw" });
    expect(urls.map((u) => new URL(u).pathname)).toEqual([expected]);
  });
});
