/**
 * The one error hierarchy of metabuild. Every class maps to the FeathersJS
 * error body of docs/reference/rules.md §3; the server's onError writes it.
 */
export abstract class AppError extends Error {
  abstract readonly code: number;
  abstract readonly errorName: string;
  abstract readonly className: string;
  /** Extra response headers (Allow, Retry-After). */
  headers: Record<string, string> = {};
  /** Optional machine-readable details kept in the body's `data`. */
  data?: unknown;

  toBody() {
    const body: Record<string, unknown> = {
      name: this.errorName,
      message: this.message,
      code: this.code,
      className: this.className,
    };
    if (this.data !== undefined) body.data = this.data;
    return body;
  }
}

export class BadRequest extends AppError {
  readonly code = 400;
  readonly errorName = "BadRequest";
  readonly className = "bad-request";
}
export class NotAuthenticated extends AppError {
  readonly code = 401;
  readonly errorName = "NotAuthenticated";
  readonly className = "not-authenticated";
  /** RFC 9110: a 401 names the scheme that would be accepted. */
  override headers: Record<string, string> = { "WWW-Authenticate": 'Bearer realm="metabuild"' };
}
export class Forbidden extends AppError {
  readonly code = 403;
  readonly errorName = "Forbidden";
  readonly className = "forbidden";
}
export class NotFound extends AppError {
  readonly code = 404;
  readonly errorName = "NotFound";
  readonly className = "not-found";
}
export class MethodNotAllowed extends AppError {
  readonly code = 405;
  readonly errorName = "MethodNotAllowed";
  readonly className = "method-not-allowed";
}
export class Timeout extends AppError {
  readonly code = 408;
  readonly errorName = "Timeout";
  readonly className = "timeout";
}
export class Conflict extends AppError {
  readonly code = 409;
  readonly errorName = "Conflict";
  readonly className = "conflict";
}
export class PayloadTooLarge extends AppError {
  readonly code = 413;
  readonly errorName = "PayloadTooLarge";
  readonly className = "payload-too-large";
}
export class UnsupportedMediaType extends AppError {
  readonly code = 415;
  readonly errorName = "UnsupportedMediaType";
  readonly className = "unsupported-media-type";
}
export class TooManyRequests extends AppError {
  readonly code = 429;
  readonly errorName = "TooManyRequests";
  readonly className = "too-many-requests";
}
export class RequestHeaderFieldsTooLarge extends AppError {
  readonly code = 431;
  readonly errorName = "RequestHeaderFieldsTooLarge";
  readonly className = "request-header-fields-too-large";
}
/** A state of this process, not the request, is at fault (e.g. a data folder not shared). */
export class ServiceUnavailable extends AppError {
  readonly code = 503;
  readonly errorName = "ServiceUnavailable";
  readonly className = "service-unavailable";
}
export class GeneralError extends AppError {
  readonly code = 500;
  readonly errorName = "GeneralError";
  readonly className = "general-error";
}

/** The exact message texts of docs/reference/endpoints.md, in one place. */
export const messages = {
  notAuthenticated: "Not authenticated",
  invalidLogin: "Invalid login",
  fieldRequired: (field: string) => `'${field}' is required`,
  invalidStrategy: (s: string) => `Invalid authentication strategy '${s}'`,
  projectRequired: "A project id or name is required!",
  noInstances: "No instances specified!",
  statementRequired: "A statement is required!",
  noProjectAccess: "You don't have permissions to access this project!",
  noStartBuilds: "You don't have permissions to start builds in this project!",
  noWriteInstances: "You don't have permissions to write instances in this project!",
  noDownload: "You don't have permissions to download build results!",
  projectNotFound: (name: string) => `A project with the name '${name}' does not exist!`,
  patternNotFound: (name: string) => `A pattern with the name '${name}' does not exist!`,
  agentGroupNotFound: (name: string) => `An agent group with the name '${name}' does not exist!`,
  releaseGroupNotFound: (name: string) => `A release group with the name '${name}' does not exist!`,
  recordNotFound: (id: string | number) => `No record found for id '${id}'`,
  folderNotFound: (path: string) => `A folder with the path '${path}' does not exist!`,
  instanceNameNotFound: (name: string) => `An instance with the name '${name}' does not exist!`,
  instanceNotFound: "Instance not found",
  adminOnly: "Only administrators may manage users and permissions!",
  /** E-mails are unique across customers: the same text whoever holds it (docs/users-and-access.md). */
  emailUnavailable: (email: string) => `The e-mail '${email}' cannot be used for a new user`,
  cannotDisableSelf: "You cannot disable your own account!",
  cannotDemoteSelf: "You cannot take away your own admin rights!",
  lastAdmin: "The customer would have no enabled administrator left!",
  methodNotSupported: (method: string) => `Method \`${method}\` is not supported by this endpoint.`,
  archiveNotInDataFolder: (downloadId: number) =>
    `The archive of download ${downloadId} is not in this process's data folder: ` +
    "every server process of one store must share METABUILD_DATA_DIR (docs/scale-out.md)",
  releaseMissing: (release: string, group: string) =>
    `Release '${release}' does not exist in release group '${group}'`,
} as const;
