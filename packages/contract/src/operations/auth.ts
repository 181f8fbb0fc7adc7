import {
  AuthenticationRequest,
  AuthenticationResult,
  SignInMethods,
  SignOnCallbackQuery,
  SignOnStartQuery,
} from "../index.ts";
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

export const signInMethods = defineOperation({
  method: "get",
  path: "/authentication/methods",
  summary: "How people may sign in: passwords, single sign-on (public)",
  tags: ["authentication"],
  auth: false,
  response: SignInMethods,
});

export const signOnStart = defineOperation({
  method: "get",
  path: "/authentication/oidc/start",
  summary: "Start single sign-on: redirects to the identity provider (public)",
  description:
    "Answers 303 to the provider's authorization endpoint (code flow with PKCE, state and nonce); 404 when single sign-on is not configured, 503 when the provider cannot be reached.",
  tags: ["authentication"],
  auth: false,
  query: SignOnStartQuery,
  status: 303,
  errors: [503],
});

export const signOnCallback = defineOperation({
  method: "get",
  path: "/authentication/oidc/callback",
  summary: "Where the identity provider sends the browser back (public)",
  description:
    "Redeems the code, signs the person in with a session cookie and answers 303 to the console; a refusal answers 303 to the sign-in page with `sso_error`.",
  tags: ["authentication"],
  auth: false,
  query: SignOnCallbackQuery,
  status: 303,
});
