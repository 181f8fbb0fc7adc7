import { AuthenticationRequest, AuthenticationResult } from "../index.ts";
import { defineOperation } from "./operation.ts";

export const signIn = defineOperation({
  method: "post",
  path: "/authentication",
  errors: [401, 429],
  summary: "Sign in (strategy `local`) or re-authenticate with a token (strategy `jwt`)",
  tags: ["authentication"],
  auth: false,
  body: AuthenticationRequest,
  response: AuthenticationResult,
  status: 201,
  description:
    "Requests from the console's own origin also get the token as an HttpOnly session cookie.",
});

export const signOut = defineOperation({
  method: "delete",
  path: "/authentication",
  summary: "Sign out: the presented token stops working",
  tags: ["authentication"],
  response: AuthenticationResult,
});
