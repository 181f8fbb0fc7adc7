/**
 * Lets the event loop serve what waits (another request, `/health`) between
 * the slices of a long piece of work on the server's thread.
 */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
