import { asciiUpper } from "@metabuild/contract";
import { type Token, tokenize } from "./lexer.ts";
import { type SourcePos, syntaxError } from "./sql-error.ts";

export { asciiUpper };

/**
 * Words that end an expression or a FROM item, so they cannot be bare
 * aliases or column names (quote them to use them as names).
 */
const RESERVED = new Set(
  (
    "ALL AND AS ASC BETWEEN BY CASE CAST COLLATE CREATE CROSS DEFAULT DELETE DESC DISTINCT DROP " +
    "ELSE END ESCAPE EXCEPT EXISTS FILTER FROM FULL GLOB GROUP HAVING IN INDEXED INNER INSERT INTERSECT " +
    "INTO IS ISNULL JOIN LEFT LIKE LIMIT MATCH NATURAL NOT NOTNULL NULL NULLS OFFSET ON OR ORDER " +
    "OUTER OVER PARTITION REGEXP RETURNING RIGHT SELECT SET THEN UNION UPDATE USING VALUES WHEN WHERE " +
    "WINDOW WITH"
  ).split(" "),
);

const MAX_DEPTH = 100;

/** A cursor over the tokens of one script, with the helpers every parse step uses. */
export class TokenStream {
  protected readonly tokens: Token[];
  protected i = 0;
  private depth = 0;

  constructor(protected readonly text: string) {
    this.tokens = tokenize(text);
  }

  protected get tok(): Token {
    return this.tokens[this.i];
  }

  protected atEnd(): boolean {
    return this.tokens[this.i].kind === "eof";
  }

  protected peek(ahead = 1): Token {
    return this.tokens[Math.min(this.i + ahead, this.tokens.length - 1)];
  }

  protected next(): Token {
    const t = this.tokens[this.i];
    if (t.kind !== "eof") this.i++;
    return t;
  }

  /** Offset just past the last consumed token. */
  protected get lastEnd(): number {
    return this.i === 0 ? 0 : this.tokens[this.i - 1].end;
  }

  protected isWord(word: string, t: Token = this.tok): boolean {
    return t.kind === "ident" && !t.quoted && asciiUpper(t.value) === word;
  }

  protected isOp(op: string, t: Token = this.tok): boolean {
    return t.kind === "op" && t.value === op;
  }

  protected acceptWord(...words: string[]): boolean {
    for (let k = 0; k < words.length; k++) if (!this.isWord(words[k], this.peek(k))) return false;
    this.i += words.length;
    return true;
  }

  protected acceptOp(op: string): boolean {
    if (!this.isOp(op)) return false;
    this.i++;
    return true;
  }

  protected expectWord(word: string): void {
    if (!this.acceptWord(word)) throw this.unexpected(word);
  }

  protected expectOp(op: string): void {
    if (!this.acceptOp(op)) throw this.unexpected(`'${op}'`);
  }

  /** A name: quoted, or unquoted and not a reserved word. */
  protected isName(t: Token = this.tok): boolean {
    return t.kind === "ident" && (t.quoted || !RESERVED.has(asciiUpper(t.value)));
  }

  protected expectName(what: string): { name: string; pos: SourcePos } {
    const t = this.tok;
    if (!this.isName(t)) throw this.unexpected(what);
    this.next();
    return { name: t.value, pos: t.pos };
  }

  /** `[AS] alias` after a FROM item or result column. */
  protected optionalAlias(): string | undefined {
    if (this.acceptWord("AS")) return this.expectName("an alias").name;
    return this.isName() ? this.next().value : undefined;
  }

  protected describe(t: Token): string {
    if (t.kind === "eof") return "the end of the statement";
    if (t.kind === "string") return `'${t.value.slice(0, 40)}'`;
    return `'${t.value.slice(0, 40)}'`;
  }

  protected unexpected(expected: string, t: Token = this.tok) {
    return syntaxError(t.pos, `expected ${expected} but found ${this.describe(t)}`);
  }

  /** Guards recursion: a statement nested deeper than this is refused, not a stack overflow. */
  protected nested<T>(fn: () => T): T {
    if (++this.depth > MAX_DEPTH)
      throw syntaxError(this.tok.pos, `the statement nests more than ${MAX_DEPTH} levels deep`);
    try {
      return fn();
    } finally {
      this.depth--;
    }
  }
}
