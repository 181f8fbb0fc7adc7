/** Where in the statement text something is: 1-based line and column, 0-based offset. */
export interface SourcePos {
  offset: number;
  line: number;
  column: number;
}

/**
 * A statement the dialect refuses (syntax, unknown name, forbidden construct).
 * The message is meant for the person who typed the statement, so it says
 * what and, when known, where; the API answers it as status `ERROR`, never
 * as an HTTP error.
 */
export class SqlError extends Error {
  constructor(
    message: string,
    readonly pos?: SourcePos,
  ) {
    super(pos ? `${message} (line ${pos.line}, column ${pos.column})` : message);
    this.name = "SqlError";
  }
}

export function syntaxError(pos: SourcePos, detail: string): SqlError {
  return new SqlError(`Syntax error: ${detail}`, pos);
}
