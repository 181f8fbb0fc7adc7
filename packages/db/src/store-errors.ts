/**
 * A store operation's expected failure (a missing client tool, a store that
 * cannot be opened, an archive of the other store kind), in words fit for
 * the person running it: the store is named without its password.
 */
export class StoreToolError extends Error {}
