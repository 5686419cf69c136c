/**
 * `google.api.http` rules: read from a method's options, normalised, and
 * compiled into path matchers, following google/api/http.proto:
 *
 *   Template = "/" Segments [ Verb ] ;  Segment = "*" | "**" | LITERAL | Variable ;
 *   Variable = "{" FieldPath [ "=" Segments ] "}" ;  Verb = ":" LITERAL ;
 *
 * One extension, documented in gateway/README.md: `**` may be followed by
 * literal segments (`/v1/locale/timezones/{zone_id=**}/dateTime`), matched
 * from the end, so that ids holding `/` (IANA time zones) need no escaping.
 * A malformed rule throws HttpRuleError, which stops start-up.
 */

export const VERBS = ['GET', 'PUT', 'POST', 'DELETE', 'PATCH'] as const;
export type Verb = (typeof VERBS)[number];

export class HttpRuleError extends Error {
  constructor(method: string, message: string) {
    super(`google.api.http rule of ${method}: ${message}`);
    this.name = 'HttpRuleError';
  }
}

export interface HttpBinding {
  verb: Verb;
  template: string;
  /** '' (no body), '*' (every field not bound by the path) or a top-level field name. */
  body: string;
  /** 0 for the main rule, 1.. for additional_bindings in order. */
  index: number;
}

type RawRule = Record<string, unknown>;

function ruleOf(method: string, raw: RawRule, index: number): HttpBinding {
  const patterns: [Verb, string][] = [];
  for (const v of VERBS) {
    const t = raw[v.toLowerCase()];
    if (t !== undefined && t !== '') {
      if (typeof t !== 'string') throw new HttpRuleError(method, `${v.toLowerCase()} must be a string`);
      patterns.push([v, t]);
    }
  }
  const custom = raw['custom'] as { kind?: unknown; path?: unknown } | undefined;
  if (custom && (custom.kind || custom.path)) {
    throw new HttpRuleError(method, `custom verb '${String(custom.kind)}' is not served over HTTP by this gateway; use get/put/post/delete/patch`);
  }
  if (patterns.length !== 1) throw new HttpRuleError(method, `needs exactly one of get/put/post/delete/patch, found ${patterns.length}`);
  const [verb, template] = patterns[0] as [Verb, string];
  const body = raw['body'] === undefined ? '' : raw['body'];
  if (typeof body !== 'string') throw new HttpRuleError(method, 'body must be a string');
  if (body && (verb === 'GET' || verb === 'DELETE')) throw new HttpRuleError(method, `${verb} must not declare a body`);
  return { verb, template, body, index };
}

/** The bindings of one method: its rule, then additional_bindings (absent, one object, or an array). */
export function readHttpRules(method: string, options: Record<string, unknown> | undefined): HttpBinding[] {
  const rule = options?.['(google.api.http)'] as RawRule | undefined;
  if (rule === undefined) return [];
  if (typeof rule !== 'object' || rule === null) throw new HttpRuleError(method, 'is not a message');
  const extraRaw = rule['additional_bindings'];
  const extra: unknown[] = extraRaw === undefined ? [] : Array.isArray(extraRaw) ? extraRaw : [extraRaw];
  const out = [ruleOf(method, rule, 0)];
  extra.forEach((e, i) => {
    if (typeof e !== 'object' || e === null) throw new HttpRuleError(method, `additional_bindings[${i}] is not a message`);
    if ((e as RawRule)['additional_bindings'] !== undefined) throw new HttpRuleError(method, 'additional_bindings must not nest');
    out.push(ruleOf(method, e as RawRule, i + 1));
  });
  return out;
}

type Segment = { kind: 'literal'; value: string } | { kind: 'any' } | { kind: 'rest' };

export interface TemplateVariable {
  /** Field path, e.g. city_id or parent.name. */
  fieldPath: string;
  /** Segment range [start, end) in the template; end = -1 means "to the `**`'s end". */
  start: number;
  end: number;
  multi: boolean;
}

export interface PathMatch { [fieldPath: string]: string }

const LITERAL = /^[A-Za-z0-9._~!$&'()+,;=@-]+$/;
const FIELD_PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/** A path part percent-decoded (decodeURIComponent leaves a part without '%' as it is; throws URIError on a malformed escape). */
const decodePart = (p: string): string => (p.includes('%') ? decodeURIComponent(p) : p);

/** A compiled path template. `match` takes the raw (still percent-encoded) path. */
export class PathTemplate {
  readonly segments: Segment[] = [];
  readonly variables: TemplateVariable[] = [];
  readonly verb: string;
  private readonly restAt: number;

  constructor(readonly method: string, readonly source: string) {
    if (!source.startsWith('/')) throw new HttpRuleError(method, `path '${source}' must start with '/'`);
    let body = source.slice(1);
    let verb = '';
    const lastSlash = body.lastIndexOf('/');
    const lastBrace = body.lastIndexOf('}');
    const colon = body.lastIndexOf(':');
    if (colon > lastSlash && colon > lastBrace) { verb = body.slice(colon + 1); body = body.slice(0, colon); }
    if (verb && !LITERAL.test(verb)) throw new HttpRuleError(method, `verb ':${verb}' in '${source}' is not a literal`);
    this.verb = verb;
    // split on '/' outside braces
    const parts: string[] = [];
    let depth = 0, cur = '';
    for (const ch of body) {
      if (ch === '{') depth++;
      if (ch === '}') depth--;
      if (depth < 0 || depth > 1) throw new HttpRuleError(method, `unbalanced braces in '${source}'`);
      if (ch === '/' && depth === 0) { parts.push(cur); cur = ''; } else cur += ch;
    }
    if (depth !== 0) throw new HttpRuleError(method, `unbalanced braces in '${source}'`);
    parts.push(cur);
    for (const part of parts) {
      if (part.startsWith('{')) {
        if (!part.endsWith('}')) throw new HttpRuleError(method, `variable '${part}' in '${source}' must be a whole segment`);
        const inner = part.slice(1, -1);
        const eq = inner.indexOf('=');
        const fieldPath = eq < 0 ? inner : inner.slice(0, eq);
        if (!FIELD_PATH.test(fieldPath)) throw new HttpRuleError(method, `'${fieldPath}' in '${source}' is not a field path`);
        if (this.variables.some((v) => v.fieldPath === fieldPath)) throw new HttpRuleError(method, `'${fieldPath}' is bound twice in '${source}'`);
        const sub = eq < 0 ? ['*'] : inner.slice(eq + 1).split('/');
        const start = this.segments.length;
        for (const s of sub) this.push(s, source);
        const multi = sub.includes('**');
        this.variables.push({ fieldPath, start, end: this.segments.length, multi });
      } else {
        this.push(part, source);
      }
    }
    const rests = this.segments.filter((s) => s.kind === 'rest').length;
    if (rests > 1) throw new HttpRuleError(method, `'${source}' has more than one '**'`);
    this.restAt = this.segments.findIndex((s) => s.kind === 'rest');
    if (this.restAt >= 0 && this.segments.slice(this.restAt + 1).some((s) => s.kind !== 'literal')) {
      throw new HttpRuleError(method, `in '${source}' only literal segments may follow '**'`);
    }
  }

  private push(s: string, source: string): void {
    if (s === '*') this.segments.push({ kind: 'any' });
    else if (s === '**') this.segments.push({ kind: 'rest' });
    else if (s !== '' && LITERAL.test(s)) this.segments.push({ kind: 'literal', value: s });
    else throw new HttpRuleError(this.method, `segment '${s}' in '${source}' is not '*', '**', a variable or a literal`);
  }

  /** Literal segments (the more, the earlier this template is tried). */
  get specificity(): number {
    return this.segments.filter((s) => s.kind === 'literal').length * 4 + (this.verb ? 2 : 0) - (this.restAt >= 0 ? 1 : 0);
  }

  /** The literal start of the path, up to the first non-literal segment (used to register a router prefix). */
  get literalPrefix(): string[] {
    const out: string[] = [];
    for (const s of this.segments) { if (s.kind !== 'literal') break; out.push(s.value); }
    return out;
  }

  /** True when a router can match it with plain `:param` segments. */
  get simple(): boolean {
    return !this.verb && this.restAt < 0;
  }

  /**
   * Matches a raw path (without query). Returns the variables, percent-decoded
   * (a multi-segment variable keeps its '/' separators), or undefined when the
   * path is not this template's. Throws URIError on malformed escapes.
   */
  match(rawPath: string): PathMatch | undefined {
    let path = rawPath;
    if (this.verb) {
      const suffix = ':' + this.verb;
      if (!path.endsWith(suffix)) return undefined;
      path = path.slice(0, -suffix.length);
    } 
    const parts = path.split('/');
    parts.shift();
    if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop(); // trailing slash
    const segs = this.segments;
    const restAt = this.restAt;
    // Where the rest segment's parts end (restAt ≥ 0): segment i maps to parts [startOf(i), endOf(i)).
    let restEnd = 0;
    if (restAt < 0) {
      if (parts.length !== segs.length) return undefined;
      for (let i = 0; i < segs.length; i++) {
        const s = segs[i] as Segment; const p = parts[i] as string;
        if (s.kind === 'literal' ? p !== s.value : p === '') return undefined;
      }
    } else {
      const after = segs.length - restAt - 1;
      if (parts.length < segs.length - 1) return undefined;
      for (let i = 0; i < restAt; i++) {
        const s = segs[i] as Segment; const p = parts[i] as string;
        if (s.kind === 'literal' ? p !== s.value : p === '') return undefined;
      }
      for (let j = 1; j <= after; j++) {
        const s = segs[segs.length - j] as Segment;
        if (s.kind !== 'literal' || parts[parts.length - j] !== s.value) return undefined;
      }
      restEnd = parts.length - after;
    }
    // Computed per variable, without arrays per request (this runs on every REST request).
    const startOf = (i: number): number => (restAt < 0 || i < restAt ? i : i === restAt ? restAt : restEnd + (i - restAt - 1));
    const endOf = (i: number): number => (restAt < 0 || i < restAt ? i + 1 : i === restAt ? restEnd : restEnd + (i - restAt));
    const out: PathMatch = {};
    for (const v of this.variables) {
      const from = startOf(v.start);
      const to = endOf(v.end - 1);
      let value = from < to ? decodePart(parts[from] as string) : ''; // `**` may match no part at all
      for (let k = from + 1; k < to; k++) value += '/' + decodePart(parts[k] as string);
      out[v.fieldPath] = value;
    }
    return out;
  }

  /** The template with `{field}` variables renamed (OpenAPI and the client use JSON names). */
  render(rename: (fieldPath: string) => string): string {
    let out = this.source;
    for (const v of this.variables) out = out.replace(new RegExp(`\\{${v.fieldPath.replace(/\./g, '\\.')}(=[^}]*)?\\}`), `{${rename(v.fieldPath)}}`);
    return out;
  }
}
