/**
 * Reads the texts of `meridian analyze` from a CSV (RFC 4180: a header row,
 * quoted fields with "" escapes and line breaks, CRLF or LF, an optional BOM)
 * or a JSON Lines file (one object per line). Everything is checked before
 * anything is sent, and every refusal names the file, the line and what is
 * expected, so that a bad file costs nothing.
 *
 * Each row gets a `ref`: its `id` when the file has one (unique), else its
 * record number (1-based, header excluded). A resumed run recognises the rows
 * already done by that ref.
 */
import { readFileSync } from 'node:fs';
import { extname } from 'node:path';

export interface InputRow {
  ref: string;
  /** Line of the file where the record starts (1-based). */
  line: number;
  text: string;
  occurredAt?: string;
  domain?: string;
}

export class InputError extends Error {}

export interface ColumnNames { text: string; id: string }

export function readInputRows(file: string, columns: ColumnNames = { text: 'text', id: 'id' }): InputRow[] {
  const ext = extname(file).toLowerCase();
  if (ext !== '.csv' && ext !== '.jsonl' && ext !== '.ndjson') {
    throw new InputError(`${file}: the input must be a .csv file (with a header row) or a .jsonl/.ndjson file (one JSON object per line)`);
  }
  let content: string;
  try {
    content = readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as { code?: string }).code;
    throw new InputError(`cannot read ${file}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : (e as Error).message}`);
  }
  if (content.charCodeAt(0) === 0xfeff) content = content.slice(1);
  if (content.includes('\uFFFD')) {
    const line = content.slice(0, content.indexOf('\uFFFD')).split('\n').length;
    throw new InputError(`${file}:${line}: the file is not valid UTF-8 (save it as UTF-8)`);
  }
  const rows = ext === '.csv' ? csvRows(file, content, columns) : jsonlRows(file, content, columns);
  if (rows.length === 0) throw new InputError(`${file} holds no texts`);
  const seen = new Map<string, number>();
  for (const r of rows) {
    const other = seen.get(r.ref);
    if (other !== undefined) throw new InputError(`${file}:${r.line}: ${columns.id} '${r.ref}' was already used on line ${other}; ids must be unique (a resumed run skips rows by id)`);
    seen.set(r.ref, r.line);
  }
  return rows;
}

function checkText(file: string, line: number, text: unknown, column: string): string {
  if (typeof text !== 'string') throw new InputError(`${file}:${line}: '${column}' must be a string, got ${text === undefined ? 'nothing' : JSON.stringify(text).slice(0, 40)}`);
  // a blank text is written REJECTED (resumableRun.ts), as a text the API refuses is, rather than stopping the whole file
  return text;
}

function jsonlRows(file: string, content: string, columns: ColumnNames): InputRow[] {
  const rows: InputRow[] = [];
  const lines = content.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const raw = (lines[i] as string).replace(/\r$/, '');
    if (raw.trim() === '') continue;
    const line = i + 1;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (e) {
      throw new InputError(`${file}:${line}: not valid JSON (${(e as Error).message}); each line must be one object such as {"id": "a1", "text": "…"}`);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new InputError(`${file}:${line}: each line must be a JSON object such as {"id": "a1", "text": "…"}, got ${Array.isArray(value) ? 'an array' : typeof value}`);
    }
    const o = value as Record<string, unknown>;
    const text = checkText(file, line, o[columns.text], columns.text);
    const id = o[columns.id];
    if (id !== undefined && typeof id !== 'string' && typeof id !== 'number') throw new InputError(`${file}:${line}: '${columns.id}' must be a string or a number`);
    rows.push({ ref: id === undefined || id === '' ? String(rows.length + 1) : String(id), line, text, ...optionalFields(file, line, o) });
  }
  return rows;
}

function optionalFields(file: string, line: number, o: Record<string, unknown>): Pick<InputRow, 'occurredAt' | 'domain'> {
  const out: Pick<InputRow, 'occurredAt' | 'domain'> = {};
  const occurred = o['occurredAt'] ?? o['occurred_at'];
  if (occurred !== undefined && occurred !== '') {
    if (typeof occurred !== 'string') throw new InputError(`${file}:${line}: occurredAt must be an RFC 3339 string such as 2026-11-22T10:00:00Z`);
    out.occurredAt = occurred;
  }
  const domain = o['domain'];
  if (domain !== undefined && domain !== '') {
    if (typeof domain !== 'string') throw new InputError(`${file}:${line}: domain must be GENERAL or FINANCIAL_NEWS`);
    out.domain = domain;
  }
  return out;
}

/** RFC 4180 records with the line each starts on. */
function* csvRecords(file: string, content: string): Generator<{ line: number; fields: string[] }> {
  let i = 0;
  let line = 1;
  const n = content.length;
  while (i < n) {
    const start = line;
    const fields: string[] = [];
    for (;;) {
      let field = '';
      if (content[i] === '"') {
        const quoteLine = line;
        i++;
        for (;;) {
          if (i >= n) throw new InputError(`${file}:${quoteLine}: a quoted field is never closed (a '"' is missing)`);
          const c = content[i] as string;
          if (c === '"') {
            if (content[i + 1] === '"') { field += '"'; i += 2; continue; }
            i++;
            break;
          }
          if (c === '\n') line++;
          field += c;
          i++;
        }
        if (i < n && content[i] !== ',' && content[i] !== '\n' && content[i] !== '\r') {
          throw new InputError(`${file}:${line}: text after a closing quote; inside a quoted field write a quote as ""`);
        }
      } else {
        while (i < n && content[i] !== ',' && content[i] !== '\n' && content[i] !== '\r') {
          if (content[i] === '"') throw new InputError(`${file}:${line}: a quote inside an unquoted field; quote the field and write the quote as ""`);
          field += content[i];
          i++;
        }
      }
      fields.push(field);
      if (i < n && content[i] === ',') { i++; continue; }
      break;
    }
    if (content[i] === '\r') i++;
    if (content[i] === '\n') { i++; line++; }
    if (!(fields.length === 1 && fields[0] === '')) yield { line: start, fields };
  }
}

function csvRows(file: string, content: string, columns: ColumnNames): InputRow[] {
  const records = csvRecords(file, content);
  const head = records.next();
  if (head.done) throw new InputError(`${file} is empty; it needs a header row naming a '${columns.text}' column`);
  const header = head.value.fields.map((h) => h.trim());
  const col = (name: string) => header.findIndex((h) => h.toLowerCase() === name.toLowerCase());
  const textAt = col(columns.text);
  if (textAt < 0) throw new InputError(`${file}:1: no '${columns.text}' column in the header (columns: ${header.map((h) => `'${h}'`).join(', ')}); name it with --text-column`);
  const idAt = col(columns.id);
  const occurredAt = Math.max(col('occurredAt'), col('occurred_at'));
  const domainAt = col('domain');
  const rows: InputRow[] = [];
  for (const { line, fields } of records) {
    if (fields.length !== header.length) {
      throw new InputError(`${file}:${line}: ${fields.length} field${fields.length === 1 ? '' : 's'}, but the header has ${header.length}; quote fields that contain commas`);
    }
    const text = checkText(file, line, fields[textAt], columns.text);
    const id = idAt >= 0 ? (fields[idAt] as string).trim() : '';
    if (idAt >= 0 && id === '') throw new InputError(`${file}:${line}: '${columns.id}' is empty; give every row an id, or drop the column`);
    const o: Record<string, unknown> = {};
    if (occurredAt >= 0) o['occurredAt'] = (fields[occurredAt] as string).trim();
    if (domainAt >= 0) o['domain'] = (fields[domainAt] as string).trim();
    rows.push({ ref: id || String(rows.length + 1), line, text, ...optionalFields(file, line, o) });
  }
  return rows;
}
