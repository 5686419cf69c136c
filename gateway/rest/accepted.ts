/**
 * The `(meridian.api.v1.accepted)` method option (proto/meridian/api/v1/presentation.proto):
 * a long-running submission answers 202 Accepted with a Location header naming what
 * to poll (AIP-151), optionally only when a response field holds a value (an async
 * submission is 202, the synchronous answer of the same RPC stays 200).
 */
import { jsonNameOf } from './requestBinding.js';

export interface AcceptedRule {
  /** 202 + Location for this response, or undefined (answer 200). */
  (response: Record<string, unknown>): { location: string } | undefined;
  /** The Location template with JSON field names (e.g. /v1/jobs/{data.jobId}), for the OpenAPI document. */
  readonly template: string;
  /** Every answer is 202 (no when_field or unless_field): the OpenAPI document lists no 200. */
  readonly always: boolean;
}

function read(obj: unknown, path: string[]): unknown {
  let v = obj;
  for (const k of path) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<string, unknown>)[k];
  }
  return v;
}

const jsonPath = (dotted: string): string[] => dotted.split('.').map(jsonNameOf);

/** Compiles the option of one method (undefined when the method has none). */
export function acceptedRule(options: Record<string, unknown> | undefined): AcceptedRule | undefined {
  const raw = options?.['(meridian.api.v1.accepted)'] as { location?: string; when_field?: string; when_value?: string; unless_field?: string } | undefined;
  if (!raw?.location) return undefined;
  const parts = raw.location.split(/(\{[^}]+\})/).map((p) => (p.startsWith('{') ? jsonPath(p.slice(1, -1)) : p));
  const template = parts.map((p) => (typeof p === 'string' ? p : `{${p.join('.')}}`)).join('');
  const when = raw.when_field ? jsonPath(raw.when_field) : undefined;
  const unless = raw.unless_field ? jsonPath(raw.unless_field) : undefined;
  const rule = (response: Record<string, unknown>) => {
    if (when && String(read(response, when)) !== (raw.when_value ?? '')) return undefined;
    if (unless) { const v = read(response, unless); if (v !== undefined && v !== null && v !== '') return undefined; }
    let location = '';
    for (const p of parts) {
      if (typeof p === 'string') { location += p; continue; }
      const v = read(response, p);
      if (v === undefined || v === null || v === '') return undefined;
      location += encodeURIComponent(String(v));
    }
    return { location };
  };
  return Object.assign(rule, { template, always: !when && !unless });
}
