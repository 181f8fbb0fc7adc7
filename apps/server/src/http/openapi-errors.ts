import {
  type AppError,
  BadRequest,
  Conflict,
  Forbidden,
  MethodNotAllowed,
  NotAuthenticated,
  NotFound,
  PayloadTooLarge,
  ServiceUnavailable,
  TooManyRequests,
  UnsupportedMediaType,
  messages,
} from "@metabuild/core";

type Json = Record<string, unknown>;

const header = (description: string, schema: Json = { type: "string" }) => ({
  description,
  schema,
});

/**
 * The error answers, as `components.responses`: the Feathers error body (docs/architecture.md), an example
 * made by the error class the server throws, and the headers that come with it.
 */
const ERRORS: Record<
  number,
  { name: string; description: string; error: AppError; headers?: Json }
> = {
  400: {
    name: "BadRequest",
    description: "Bad input: the message names the field",
    error: new BadRequest(messages.fieldRequired("statement")),
  },
  401: {
    name: "NotAuthenticated",
    description: "No valid token or session cookie (sign-in: `Invalid login`)",
    error: new NotAuthenticated(messages.notAuthenticated),
    headers: { "WWW-Authenticate": header("The accepted scheme: `Bearer`") },
  },
  403: {
    name: "Forbidden",
    description:
      "Missing permission, or a state-changing request with the session cookie from another origin",
    error: new Forbidden(messages.noProjectAccess),
  },
  404: {
    name: "NotFound",
    description: "The record, or one the request names, does not exist (or is not visible)",
    error: new NotFound(messages.recordNotFound(42)),
  },
  405: {
    name: "MethodNotAllowed",
    description: "This endpoint does not support the method",
    error: new MethodNotAllowed(messages.methodNotSupported("patch")),
    headers: { Allow: header("The methods the path supports, e.g. `GET`") },
  },
  409: {
    name: "Conflict",
    description:
      "The request conflicts with the current state (e.g. the record changed since its base version, or already exists)",
    error: new Conflict("Build 42 has already ended (FINISHED)"),
  },
  413: {
    name: "PayloadTooLarge",
    description: "The body is larger than allowed (METABUILD_BODY_MAX_BYTES for JSON bodies)",
    error: new PayloadTooLarge("The request body exceeds 10485760 bytes"),
  },
  415: {
    name: "UnsupportedMediaType",
    description: "The body was not sent as JSON",
    error: new UnsupportedMediaType(
      "The request body must be sent as 'Content-Type: application/json', not 'text/plain'",
    ),
  },
  429: {
    name: "TooManyRequests",
    description: "Too many requests for now: wait as `Retry-After` says",
    error: new TooManyRequests("Too many failed sign-ins; try again later"),
    headers: {
      "Retry-After": header("Seconds to wait before trying again", {
        type: "integer",
        minimum: 0,
      }),
    },
  },
  503: {
    name: "ServiceUnavailable",
    description:
      "This server process cannot answer as set up, e.g. its data folder is not shared (docs/scale-out.md)",
    error: new ServiceUnavailable(messages.archiveNotInDataFolder(42)),
  },
};

/** `components.responses`: one entry per error status, referencing `schemas.Error`. */
export function errorResponses(): Record<string, Json> {
  return Object.fromEntries(
    Object.values(ERRORS).map(({ name, description, error, headers }) => [
      name,
      {
        description,
        ...(headers ? { headers } : {}),
        content: {
          "application/json": {
            schema: { $ref: "#/components/schemas/Error" },
            example: error.toBody(),
          },
        },
      },
    ]),
  );
}

/** A reference to the `components.responses` entry of `status`. */
export function errorResponse(status: number): Json {
  const known = ERRORS[status];
  if (!known) throw new Error(`No documented error answer for status ${status}`);
  return { $ref: `#/components/responses/${known.name}` };
}
