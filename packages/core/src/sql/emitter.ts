import type { FromItem, Join, ResultColumn, Select, SelectCore, ValuesCore } from "./ast.ts";
import { type Catalog, type CatalogSource, qualifiedName, schemaOf } from "./catalog.ts";
import { ExpressionEmitter, type ScopeItem, quoteName } from "./expression-emitter.ts";
import { type SourcePos, SqlError } from "./sql-error.ts";
import { asciiUpper } from "./token-stream.ts";

export { type EmittedQuery, quoteName } from "./expression-emitter.ts";

/**
 * Emits SQLite SQL from the syntax tree. Table names never pass through:
 * each is replaced by the catalog's confined subquery or by the emitter's
 * own name for a WITH query. Strings become bound parameters; numbers are
 * emitted from their validated text (ORDER BY 1 must stay a position).
 */
export class Emitter extends ExpressionEmitter {
  private readonly ctes: Map<string, string>[] = [];
  private cteCount = 0;
  private readonly sources = new Map<string, CatalogSource>();

  constructor(private readonly catalog: Catalog) {
    super();
  }

  /** The catalog's source, once per statement; unknown names are an error naming them. */
  source(schemaRaw: string, name: string, pos: SourcePos, rowId = false): CatalogSource {
    const schema = schemaOf(schemaRaw, pos);
    const key = `${schema}\u0000${asciiUpper(name)}\u0000${rowId}`;
    let source = this.sources.get(key);
    if (!source) {
      source = this.catalog.source(schema, name, { rowId });
      if (!source) throw new SqlError(`Unknown table '${qualifiedName(schema, name)}'`, pos);
      this.sources.set(key, source);
    }
    return source;
  }

  /** Places a catalog source in FROM as `(<its select>) AS "alias"`. */
  writeSource(source: CatalogSource, alias: string): void {
    this.write("(");
    this.write(source.sql);
    this.params.push(...source.params);
    this.write(`) AS ${quoteName(alias)}`);
  }

  select(s: Select): void {
    const scoped = s.with !== undefined;
    if (s.with) {
      this.ctes.push(new Map());
      this.write(s.with.recursive ? "WITH RECURSIVE " : "WITH ");
      s.with.ctes.forEach((cte, k) => {
        const emitted = `cte_${++this.cteCount}`;
        const scope = this.ctes[this.ctes.length - 1];
        const key = asciiUpper(cte.name);
        if (scope.has(key))
          throw new SqlError(`WITH query '${cte.name}' is defined twice`, cte.pos);
        // Each query sees itself (SQLite makes a self-reference recursive) and the ones before it.
        scope.set(key, emitted);
        if (k > 0) this.write(", ");
        this.write(quoteName(emitted));
        if (cte.columns) this.write(`(${cte.columns.map(quoteName).join(", ")})`);
        this.write(" AS (");
        this.select(cte.select);
        this.write(")");
      });
      this.write(" ");
    }
    try {
      this.core(s.first);
      for (const c of s.compounds) {
        this.write(` ${c.op} `);
        this.core(c.core);
      }
      if (s.orderBy.length) {
        this.write(" ORDER BY ");
        this.orderTerms(s.orderBy);
      }
      if (s.limit) {
        this.write(" LIMIT ");
        this.expr(s.limit);
      }
      if (s.offset) {
        if (!s.limit) this.write(" LIMIT -1");
        this.write(" OFFSET ");
        this.expr(s.offset);
      }
    } finally {
      if (scoped) this.ctes.pop();
    }
  }

  private core(core: SelectCore | ValuesCore): void {
    if (core.kind === "values") {
      const width = core.rows[0].length;
      this.write("VALUES ");
      core.rows.forEach((row, k) => {
        if (row.length !== width)
          throw new SqlError(
            `VALUES row ${k + 1} has ${row.length} values, the first has ${width}`,
          );
        if (k > 0) this.write(", ");
        this.list(row, true);
      });
      return;
    }
    const scope: ScopeItem[] = [];
    this.from.push(scope);
    try {
      // FROM first: the result columns may name its tables.
      const fromEmitter = new Emitter(this.catalog);
      fromEmitter.ctes.push(...this.ctes);
      fromEmitter.from.push(...this.from);
      fromEmitter.cteCount = this.cteCount;
      if (core.from) fromEmitter.join(core.from, scope);
      this.cteCount = fromEmitter.cteCount;
      this.write(core.distinct ? "SELECT DISTINCT " : "SELECT ");
      core.columns.forEach((c, k) => {
        if (k > 0) this.write(", ");
        this.resultColumn(c);
      });
      if (core.from) {
        this.write(" FROM ");
        const { sql, params } = fromEmitter.result();
        this.write(sql);
        this.params.push(...params);
      }
      if (core.where) {
        this.write(" WHERE ");
        this.expr(core.where);
      }
      if (core.groupBy.length) {
        this.write(" GROUP BY ");
        this.list(core.groupBy, false);
      }
      if (core.having) {
        this.write(" HAVING ");
        this.expr(core.having);
      }
    } finally {
      this.from.pop();
    }
  }

  private resultColumn(c: ResultColumn): void {
    if (c.kind === "star") {
      this.write("*");
      return;
    }
    if (c.kind === "tableStar") {
      this.write(`${this.qualifier(c.qualifier, c.pos)}.*`);
      return;
    }
    this.expr(c.expr);
    // Unnamed expressions are named as typed, as SQLite would; columns keep their own name.
    const name = c.alias ?? (c.expr.kind === "column" ? undefined : c.text);
    if (name !== undefined) this.write(` AS ${quoteName(name)}`);
  }

  private join(j: Join, scope: ScopeItem[]): void {
    this.fromItem(j.first, scope);
    for (const step of j.rest) {
      if (step.type === ",") this.write(", ");
      else {
        this.write(step.natural ? " NATURAL " : " ");
        this.write(step.type === "INNER" ? "JOIN " : `${step.type} JOIN `);
      }
      this.fromItem(step.item, scope);
      if (step.on) {
        this.write(" ON ");
        this.expr(step.on);
      } else if (step.using) this.write(` USING (${step.using.map(quoteName).join(", ")})`);
    }
  }

  private fromItem(item: FromItem, scope: ScopeItem[]): void {
    if (item.kind === "join") {
      this.write("(");
      this.join(item.join, scope);
      this.write(")");
      return;
    }
    if (item.kind === "subquery") {
      this.write("(");
      this.select(item.select);
      this.write(")");
      if (item.alias !== undefined) {
        this.write(` AS ${quoteName(item.alias)}`);
        scope.push({ name: item.alias, alias: item.alias });
      }
      return;
    }
    const { table } = item;
    const alias = item.alias ?? table.name;
    if (table.schema === undefined) {
      const emitted = this.cte(table.name);
      if (!emitted)
        throw new SqlError(
          `Unknown table '${table.name}'; tables are @INSTANCES.<pattern>, @TABLES.<table>, @INFORMATION_SCHEMA.<view> or a WITH query`,
          table.pos,
        );
      this.write(`${quoteName(emitted)} AS ${quoteName(alias)}`);
      scope.push({ name: table.name, alias });
      return;
    }
    const source = this.source(table.schema, table.name, table.pos);
    this.writeSource(source, alias);
    scope.push({ schema: source.schema, name: source.name, alias, columns: source.columns });
  }

  private cte(name: string): string | undefined {
    const key = asciiUpper(name);
    for (let k = this.ctes.length - 1; k >= 0; k--) {
      const found = this.ctes[k].get(key);
      if (found) return found;
    }
    return undefined;
  }
}
