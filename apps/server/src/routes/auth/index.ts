import { signIn, signOut } from "@metabuild/contract/operations";
import { BadRequest, PayloadTooLarge, messages } from "@metabuild/core";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../../app-env.ts";
import { authenticate } from "../../http/authenticate.ts";
import { clientAddressOf } from "../../http/client-address.ts";
import { rejectUnsupported } from "../../http/not-supported.ts";
import { document, mount } from "../../http/operation.ts";
import { clearSessionCookie, isSameOrigin, setSessionCookie } from "../../http/session-cookie.ts";
import { signOnRoutes } from "./sign-on.ts";

/** A sign-in body is a few hundred bytes; anything much larger is refused unread. */
const MAX_SIGN_IN_BYTES = 64 * 1024;

export function authenticationRoutes() {
  const app = new Hono<AppEnv>();
  app.post(
    "/",
    bodyLimit({
      maxSize: MAX_SIGN_IN_BYTES,
      onError: () => {
        throw new PayloadTooLarge(`The request body exceeds ${MAX_SIGN_IN_BYTES} bytes`);
      },
    }),
  );
  mount(app, "/authentication", signIn, async ({ body }, c) => {
    if (!body.strategy) throw new BadRequest(messages.fieldRequired("strategy"));
    const result = await c.var.services.auth.authenticate(body, clientAddressOf(c));
    if (isSameOrigin(c)) {
      const { config } = c.var.services.deps;
      setSessionCookie(c, result.accessToken, config.tokenTtl, config.secureCookies);
    }
    return c.json(result, 201);
  });
  app.delete("/", authenticate, async (c) => {
    const { jti, exp, raw } = c.var.token;
    const p = c.var.principal;
    await c.var.services.auth.signOut(p, jti, exp);
    clearSessionCookie(c);
    return c.json({
      accessToken: raw,
      authentication: { strategy: "jwt", accessToken: raw },
      user: { id: p.id, email: p.email },
    });
  });
  // Served with its own `authenticate` middleware, so documented rather than mounted.
  document(signOut);
  app.route("/", signOnRoutes());
  rejectUnsupported(app, { collection: ["POST", "DELETE"] });
  return app;
}
