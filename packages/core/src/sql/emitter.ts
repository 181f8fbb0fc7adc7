import type { FromItem, Join, Select, SelectCore, ValuesCore } from "./ast.ts";
import {
  type Catalog,
  type CatalogColumn,
  type CatalogSource,
  type SqlValue,
  qualifiedName,
  schemaOf,
} from "./catalog.ts";
import type { CatalogView } from "@metabuild/contract";
import { SQLITE, type SqlDialect } from "./dialect.ts";
import { type EmittedQuery, NameFolding, type ScopeItem } from "./expression-emitter.ts";
import { RowsEmitter } from "./rows-emitter.ts";
import { type SourcePos, SqlError } from "./sql-error.ts";
import { asciiUpper } from "./token-stream.ts";
import { DEFAULT_VIEW_DEPTH, ViewError, viewSelect } from "./views.ts";

export { type EmittedQuery, quoteName } from "./expression-emitter.ts";

/**
 * Emits SQLite SQL from the syntax tree. Table names never pass through:
 * each is replaced by the catalog's confined subquery or by the emitter's
 * own name for a WITH query. Strings become bound parameters; numbers are
 * emitted from their validated text (ORDER BY 1 must stay a position).
 */
export class Emitter extends RowsEmitter {
  private readonly ctes: Map<string, string>[] = [];
  private cteCount = 0;
  private subqueryCount = 0;
  private readonly sources = new Map<string, CatalogSource>();
  private readonly views: ViewExpansion;
  /** Views being expanded around this emitter, outermost first (cycles, depth). */
  private readonly viewPath: { key: string; label: string }[];
  /** The statement's own emitter: its result carries the views' WITH queries. */
  private readonly root: boolean;
  /** The core whose result columns to describe (a view's body), and what they are. */
  private describe?: SelectCore | ValuesCore;
  private described?: CatalogColumn[];

  constructor(
    private readonly catalog: Catalog,
    options: {
      viewDepth?: number;
      viewPath?: { key: string; label: string }[];
      views?: ViewExpansion;
      dialect?: SqlDialect;
    } = {},
  ) {
    const dialect = options.views?.dialect ?? options.dialect ?? SQLITE;
    const views = options.views ?? {
      depth: options.viewDepth ?? DEFAULT_VIEW_DEPTH,
      expanded: new Map(),
      unknownColumns: new Set(),
      queries: [],
      dialect,
      folding: dialect.foldNames ? new NameFolding() : undefined,
    };
    super(dialect, views.folding);
    this.root = options.views === undefined;
    this.views = views;
    this.viewPath = options.viewPath ?? [];
  }

  /** The statement as it runs: parameters numbered, result names mapped back (PostgreSQL). */
  finished(): EmittedQuery {
    const q = this.dialect.finish(this.result());
    const names = this.views.folding?.names;
    return names ? { ...q, names: Object.fromEntries(names) } : q;
  }

  /**
   * The statement's SQL. Each view it uses was emitted once, as a WITH query
   * placed before the statement's own (a view used twice is not emitted twice).
   */
  override result(): EmittedQuery {
    const own = super.result();
    if (!this.root || this.views.queries.length === 0) return own;
    const defs = this.views.queries.map((q) => `${this.name(q.name)} AS (${q.sql})`).join(", ");
    const params = [...this.views.queries.flatMap((q) => q.params), ...own.params];
    const lead = /^WITH (RECURSIVE )?/.exec(own.sql);
    if (!lead) return { sql: `WITH ${defs} ${own.sql}`, params };
    return { sql: `${lead[0]}${defs}, ${own.sql.slice(lead[0].length)}`, params };
  }

  /**
   * The catalog's source, once per statement; unknown names are an error
   * naming them. A view is expanded; `write` (the statement word) refuses it.
   */
  source(
    schemaRaw: string,
    name: string,
    pos: SourcePos,
    rowId = false,
    write?: string,
  ): CatalogSource {
    const schema = schemaOf(schemaRaw, pos);
    const key = `${schema}\u0000${asciiUpper(name)}\u0000${rowId}`;
    let source = this.sources.get(key);
    if (!source) {
      const found = this.catalog.source(schema, name, { rowId });
      if (!found) throw new SqlError(`Unknown table '${qualifiedName(schema, name)}'`, pos);
      if ("definition" in found) {
        const label = qualifiedName("TABLES", found.name);
        if (write)
          throw new SqlError(
            `${write} is not allowed on '${label}': '${label}' is a view; write to its tables instead`,
            pos,
          );
        source = this.expandView(found);
      } else source = found;
      this.sources.set(key, source);
    }
    return source;
  }

  /** Whether a source's columns are known (a view's may not be: `*` over a WITH query). */
  columnsKnown(source: CatalogSource): boolean {
    return !this.views.unknownColumns.has(source);
  }

  /**
   * A view as a source: its text parsed and emitted like the caller's own
   * SELECT (the same catalog, so the same confinement), once per statement,
   * as a WITH query the source selects from. Cycles and depth are refused.
   */
  expandView(view: CatalogView): CatalogSource {
    const key = asciiUpper(view.name);
    const label = qualifiedName("TABLES", view.name);
    const at = this.viewPath.findIndex((v) => v.key === key);
    if (at >= 0)
      throw new ViewError(
        `Views refer to each other in a cycle: ${[...this.viewPath.slice(at).map((v) => v.label), label].join(" → ")}`,
      );
    const done = this.views.expanded.get(key);
    if (done) return done;
    const path = [...this.viewPath, { key, label }];
    if (path.length > this.views.depth)
      throw new ViewError(
        `Views nest deeper than ${this.views.depth} levels: ${path.map((v) => v.label).join(" → ")}`,
      );
    const select = viewSelect(view.name, view.definition);
    const inner = new Emitter(this.catalog, { views: this.views, viewPath: path });
    inner.describe = select.first;
    try {
      inner.select(select);
    } catch (e) {
      if (e instanceof ViewError || !(e instanceof SqlError)) throw e;
      throw new ViewError(`View '${label}': ${e.message}`);
    }
    const name = `view_${this.views.queries.length + 1}`;
    this.views.queries.push({ name, ...inner.result() });
    const source: CatalogSource = {
      schema: "TABLES",
      name: view.name,
      columns: inner.described ?? [],
      sql: `SELECT * FROM ${this.name(name)}`,
      params: [],
    };
    if (!inner.described) this.views.unknownColumns.add(source);
    this.views.expanded.set(key, source);
    return source;
  }

  /** Places a catalog source in FROM as `(<its select>) AS "alias"`. */
  writeSource(source: CatalogSource, alias: string): void {
    this.write("(");
    this.write(source.sql);
    this.params.push(...source.params);
    this.write(`) AS ${this.name(alias)}`);
    // PostgreSQL: the catalog's columns by position, under the names the emitter uses.
    if (this.dialect.sourceColumnList && source.columns.length > 0 && !this.isView(source))
      this.write(`(${source.columns.map((c) => this.name(c.name, true)).join(", ")})`);
  }

  private isView(source: CatalogSource): boolean {
    for (const v of this.views.expanded.values()) if (v === source) return true;
    return false;
  }

  select(s: Select): void {
    const scoped = s.with !== undefined;
    if (s.with) {
      this.ctes.push(new Map());
      this.write(this.dialect.with(s.with.recursive));
      s.with.ctes.forEach((cte, k) => {
        const emitted = `cte_${++this.cteCount}`;
        const scope = this.ctes[this.ctes.length - 1];
        const key = asciiUpper(cte.name);
        if (scope.has(key))
          throw new SqlError(`WITH query '${cte.name}' is defined twice`, cte.pos);
        // Each query sees itself (SQLite makes a self-reference recursive) and the ones before it.
        scope.set(key, emitted);
        if (k > 0) this.write(", ");
        this.write(this.name(emitted));
        if (cte.columns) this.write(`(${cte.columns.map((c) => this.name(c, true)).join(", ")})`);
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
        if (!s.limit) this.write(this.dialect.offsetOnly);
        this.write(" OFFSET ");
        this.expr(s.offset);
      }
    } finally {
      if (scoped) this.ctes.pop();
    }
  }

  private core(core: SelectCore | ValuesCore): void {
    if (core.kind === "values") {
      if (core === this.describe)
        // SQLite names VALUES columns column1, column2, …
        this.described = core.rows[0].map((_, k) => ({ name: `column${k + 1}`, type: "string" }));
      this.values(core);
      return;
    }
    const scope: ScopeItem[] = [];
    this.from.push(scope);
    // A subquery's names never reach the aliases of the query around it.
    const outerAliases = this.aliases;
    this.aliases = undefined;
    try {
      // FROM first: the result columns may name its tables.
      const fromEmitter = new Emitter(this.catalog, {
        views: this.views,
        viewPath: this.viewPath,
      });
      fromEmitter.ctes.push(...this.ctes);
      fromEmitter.from.push(...this.from);
      fromEmitter.cteCount = this.cteCount;
      fromEmitter.subqueryCount = this.subqueryCount;
      if (core.from) fromEmitter.join(core.from, scope);
      this.cteCount = fromEmitter.cteCount;
      this.subqueryCount = fromEmitter.subqueryCount;
      if (core === this.describe) this.described = this.resultColumns(core, scope);
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
      if (this.dialect.aliasesInConditions)
        this.aliases = new Map(
          core.columns.flatMap((c) =>
            c.kind === "expr" && c.alias !== undefined
              ? [[asciiUpper(c.alias), c.expr] as const]
              : [],
          ),
        );
      if (core.where) {
        this.write(" WHERE ");
        this.condition(core.where);
      }
      if (core.groupBy.length) {
        this.write(" GROUP BY ");
        this.list(core.groupBy, false);
      }
      if (core.having) {
        this.write(" HAVING ");
        this.condition(core.having);
      }
    } finally {
      this.aliases = outerAliases;
      this.from.pop();
    }
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
        this.condition(step.on);
      } else if (step.using)
        this.write(` USING (${step.using.map((c) => this.name(c)).join(", ")})`);
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
        this.write(` AS ${this.name(item.alias)}`);
        scope.push({ name: item.alias, alias: item.alias });
      } else if (this.dialect.subqueryAlias) this.write(` AS "sub_${++this.subqueryCount}"`);
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
      this.write(`${this.name(emitted)} AS ${this.name(alias)}`);
      scope.push({ name: table.name, alias });
      return;
    }
    const source = this.source(table.schema, table.name, table.pos);
    this.writeSource(source, alias);
    const columns = this.columnsKnown(source) ? source.columns : undefined;
    scope.push({ schema: source.schema, name: source.name, alias, columns });
  }

  /** The columns the described core yields (after select()), when known. */
  get describedColumns(): CatalogColumn[] | undefined {
    return this.described;
  }

  /** Describes the result columns of `core` when it is emitted (a view's body). */
  describeCore(core: SelectCore | ValuesCore): void {
    this.describe = core;
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

/** The views one statement expands, shared by all its emitters. */
interface ViewExpansion {
  depth: number;
  /** By upper-case name: each view is expanded once per statement. */
  expanded: Map<string, CatalogSource>;
  unknownColumns: Set<CatalogSource>;
  /** The views' WITH queries, each after the views it uses. */
  queries: { name: string; sql: string; params: SqlValue[] }[];
  dialect: SqlDialect;
  /** PostgreSQL: the names the statement emits, folded (docs/metadata-sql.md "On PostgreSQL"). */
  folding?: NameFolding;
}
