import type { InstanceState } from "./cells.ts";

/**
 * The JSON text of a state, exactly `JSON.stringify(state)`, from its rows'
 * texts: each row is serialised once, for its stored row and for the commit.
 */
export function stateText(state: InstanceState, rowTexts: readonly string[]): string {
  return `{"rows":[${rowTexts.join(",")}],${stateRestText(state)}`;
}

/** The JSON text of everything in a state but its rows, without the opening brace. */
export function stateRestText(state: InstanceState): string {
  const { rows: _rows, ...rest } = state;
  return JSON.stringify(rest).slice(1);
}

export function sameTexts(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((t, i) => t === b[i]);
}
