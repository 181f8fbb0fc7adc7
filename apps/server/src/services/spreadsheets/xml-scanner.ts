/**
 * A small streaming XML tokenizer for the parts of an .xlsx. A general SAX
 * parser (saxes, under exceljs) spends ~2.7 s on the events of a
 * 50,000-row sheet alone; this one finds tags with `indexOf` and hands raw
 * tag text to the caller, who reads attributes only where needed. It keeps
 * no tree: memory stays at one chunk. DOCTYPE declarations are refused, so
 * entity-expansion tricks cannot apply.
 */
import { BadRequest, nextTurn } from "@metabuild/core";
import { workbookMessages } from "./zip-archive.ts";

export interface XmlHandler {
  /** An element starts; `tag` is the raw text inside `<…>` (for `attributes`). */
  open(name: string, tag: string): void;
  /** An element ends (also right after `open` for `<x/>`). */
  close(name: string): void;
  /** Decoded character data; one text node may arrive in several pieces. */
  text(text: string): void;
  /**
   * An element named in the scanner's `whole` set, delivered at once instead
   * of as open/text/close events (cells and shared strings: one call instead
   * of four or five). Its raw tag text (as for `open`) is
   * `src.slice(tagStart, tagEnd)` and its raw inner XML
   * `src.slice(innerStart, innerEnd)`: bounds, so the hottest path slices only
   * what it keeps.
   */
  /**
   * A shortcut for the commonest shapes of a part's hottest element: given
   * `src` and the index of a start tag's `<`, it reads the whole element and
   * answers the index after it, or -1 to leave it to the general path (any
   * other shape, or the element does not end inside `src`). It must give the
   * same result the general path would.
   */
  quick?(src: string, lt: number): number;
  element?(
    name: string,
    src: string,
    tagStart: number,
    tagEnd: number,
    innerStart: number,
    innerEnd: number,
  ): void;
}

/** Text kept back between chunks is capped: a longer run without `<` is flushed. */
const FLUSH_TEXT = 1 << 14;
/** One tag longer than this is not a workbook part. */
const MAX_TAG = 1 << 20;

const ENTITY = /&(#x[0-9a-fA-F]+|#[0-9]+|lt|gt|amp|quot|apos);/g;
const NAMED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

export function decodeEntities(text: string): string {
  if (text.indexOf("&") === -1) return text;
  return text.replace(ENTITY, (_, e: string) => {
    if (e.charCodeAt(0) !== 35) return NAMED[e] as string;
    const code = e.charCodeAt(1) === 120 ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
    return code <= 0x10ffff ? String.fromCodePoint(code) : "";
  });
}

/**
 * Walks the attributes of a raw tag text (`c r="A1" t="s"`): `visit` gets
 * each name's bounds and the raw (undecoded) value's bounds in `tag`. Bounds
 * rather than strings, so the per-cell path allocates nothing it does not keep.
 */
export function eachAttribute(
  tag: string,
  visit: (nameStart: number, nameEnd: number, valueStart: number, valueEnd: number) => void,
  /** Bounds of the tag text inside `tag` when it is a larger text. */
  from = 0,
  to = tag.length,
): void {
  let p = from;
  for (;;) {
    const eq = tag.indexOf("=", p);
    if (eq === -1 || eq >= to) return;
    let e = eq - 1;
    while (e >= p && tag.charCodeAt(e) <= 32) e--;
    const nameEnd = e + 1;
    while (e >= p && tag.charCodeAt(e) > 32) e--;
    let q = eq + 1;
    while (q < to && tag.charCodeAt(q) <= 32) q++;
    const quote = tag.charCodeAt(q);
    if (q >= to || (quote !== 34 && quote !== 39)) return;
    const end = tag.indexOf(quote === 34 ? '"' : "'", q + 1);
    if (end === -1 || end >= to) return;
    visit(e + 1, nameEnd, q + 1, end);
    p = end + 1;
  }
}

/** Attributes of a raw tag text (`c r="A1" t="s"` → { r: "A1", t: "s" }). */
export function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  eachAttribute(tag, (ns, ne, vs, ve) => {
    out[tag.slice(ns, ne)] = decodeEntities(tag.slice(vs, ve));
  });
  return out;
}

/** Up to the end of a start tag; a `>` inside a quoted value does not end it. */
const TAG_END = /[^>"']*(?:(?:"[^"]*"|'[^']*')[^>"']*)*>/y;

/** Where a tag name that starts at `from` ends (whitespace, `/` or `>`). */
function nameEnd(s: string, from: number, limit: number): number {
  let e = from;
  while (e < limit) {
    const c = s.charCodeAt(e);
    if (c <= 32 || c === 47 || c === 62) break;
    e++;
  }
  return e;
}

/** Where the local name starts (`x:row` → `row`): workbooks may prefix the main namespace. */
function localStart(s: string, from: number, to: number): number {
  let start = from;
  for (let k = from; k < to; k++) if (s.charCodeAt(k) === 58) start = k + 1;
  return start;
}

function localName(s: string, from: number, to: number): string {
  return s.slice(localStart(s, from, to), to);
}

export class XmlScanner {
  private pending = "";

  /** Closing tags of `whole` elements, by qualified name (`</c`, `</x:c`). */
  private readonly closers = new Map<string, string>();
  private readonly wholeNames: readonly string[];

  constructor(
    private readonly handler: XmlHandler,
    private readonly part: string,
    /** Local names of elements to deliver whole; they must not nest in themselves. */
    whole: ReadonlySet<string> = new Set(),
  ) {
    this.wholeNames = handler.element ? [...whole] : [];
  }

  /** The `whole` name spelt at `from..to` of `s`, compared in place (no slice per tag). */
  private wholeNameAt(s: string, from: number, to: number): string | undefined {
    for (const w of this.wholeNames) if (w.length === to - from && s.startsWith(w, from)) return w;
    return undefined;
  }

  /** Where the closing tag of a whole element begins and ends, or undefined if not yet read. */
  private closingTag(s: string, qname: string, from: number): [number, number] | undefined {
    let closer = this.closers.get(qname);
    if (closer === undefined) {
      closer = `</${qname}`;
      this.closers.set(qname, closer);
    }
    for (let at = s.indexOf(closer, from); at !== -1; at = s.indexOf(closer, at + 1)) {
      const next = s.charCodeAt(at + closer.length);
      if (next === 62) return [at, at + closer.length + 1];
      if (next <= 32) {
        const gt = s.indexOf(">", at);
        return gt === -1 ? undefined : [at, gt + 1];
      }
    }
    return undefined;
  }

  private damaged(why: string): BadRequest {
    return new BadRequest(workbookMessages.damaged(this.part, why));
  }

  write(chunk: string): void {
    const s = this.pending.length > 0 ? this.pending + chunk : chunk;
    const h = this.handler;
    const n = s.length;
    let i = 0;
    while (i < n) {
      const lt = s.indexOf("<", i);
      if (lt === -1) {
        i = this.flushText(s, i);
        break;
      }
      if (lt > i) h.text(decodeEntities(s.slice(i, lt)));
      i = lt;
      if (lt + 1 >= n) break;
      const c = s.charCodeAt(lt + 1);
      if (c === 47) {
        // </name>
        const gt = s.indexOf(">", lt + 2);
        if (gt === -1) break;
        h.close(localName(s, lt + 2, nameEnd(s, lt + 2, gt)));
        i = gt + 1;
      } else if (c === 33 || c === 63) {
        const end = this.special(s, lt);
        if (end === -1) break;
        i = end;
      } else {
        if (h.quick) {
          const next = h.quick(s, lt);
          if (next > 0) {
            i = next;
            continue;
          }
        }
        // <name attr="…">: the sticky pattern steps over quoted values, which may hold '>'.
        TAG_END.lastIndex = lt + 1;
        if (!TAG_END.test(s)) break;
        const gt = TAG_END.lastIndex - 1;
        const end = nameEnd(s, lt + 1, gt);
        const selfClosing = s.charCodeAt(gt - 1) === 47;
        const tagEnd = selfClosing ? gt - 1 : gt;
        const whole =
          this.wholeNames.length > 0
            ? this.wholeNameAt(s, localStart(s, lt + 1, end), end)
            : undefined;
        if (whole !== undefined && h.element) {
          if (selfClosing) {
            h.element(whole, s, end, tagEnd, gt + 1, gt + 1);
            i = gt + 1;
            continue;
          }
          const qname = end - (lt + 1) === whole.length ? whole : s.slice(lt + 1, end);
          const closing = this.closingTag(s, qname, gt + 1);
          if (!closing) break;
          h.element(whole, s, end, tagEnd, gt + 1, closing[0]);
          i = closing[1];
          continue;
        }
        const name = localName(s, lt + 1, end);
        const tag = s.slice(end, tagEnd);
        h.open(name, tag);
        if (selfClosing) h.close(name);
        i = gt + 1;
      }
    }
    this.pending = i < n ? s.slice(i) : "";
    if (this.pending.length > MAX_TAG) throw this.damaged("has an element too large to read");
  }

  /** Comments, CDATA and processing instructions; returns the index after them, -1 if incomplete. */
  private special(s: string, lt: number): number {
    const find = (end: string, from: number) => {
      const at = s.indexOf(end, from);
      return at === -1 ? -1 : at + end.length;
    };
    if (s.charCodeAt(lt + 1) === 63) return find("?>", lt + 2);
    if (s.startsWith("<!--", lt)) return find("-->", lt + 4);
    if (s.startsWith("<![CDATA[", lt)) {
      const end = s.indexOf("]]>", lt + 9);
      if (end === -1) return -1;
      this.handler.text(s.slice(lt + 9, end));
      return end + 3;
    }
    const head = s.slice(lt, lt + 9);
    if ("<![CDATA[".startsWith(head) || "<!--".startsWith(head)) return -1; // not complete yet
    throw this.damaged("declares a DOCTYPE, which workbooks never do");
  }

  /** Text at the end of a chunk: kept for the next one, unless long (then sent up to a safe cut). */
  private flushText(s: string, from: number): number {
    if (s.length - from <= FLUSH_TEXT) return from;
    // Never cut inside an entity: stop before the last '&' if it may be unfinished.
    const amp = s.lastIndexOf("&");
    const cut = amp >= from && s.indexOf(";", amp) === -1 ? amp : s.length;
    if (cut > from) this.handler.text(decodeEntities(s.slice(from, cut)));
    return cut;
  }

  end(): void {
    if (this.pending.trim() !== "") throw this.damaged("ends in the middle of an element");
  }
}

/** Feeds every chunk of a part through a scanner. */
export async function scanXml(
  chunks: AsyncIterable<string>,
  handler: XmlHandler,
  part: string,
  whole?: ReadonlySet<string>,
): Promise<void> {
  const scanner = new XmlScanner(handler, part, whole);
  for await (const chunk of chunks) {
    scanner.write(chunk);
    // Inflated chunks already read arrive without a turn of the event loop in between.
    await nextTurn();
  }
  scanner.end();
}
