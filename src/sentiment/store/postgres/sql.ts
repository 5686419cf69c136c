/**
 * What the aggregates of the PostgreSQL store share: tenant scoping as SQL, column lists
 * and the webhook events a change queues (written to the outbox by webhooks.ts).
 */
import type { WebhookEvent } from '../sentimentStore.js';
import { EMOTION_COLUMNS } from '../tableRows.js';

export const E = EMOTION_COLUMNS;
/** `scope` as SQL: admin sees all, a tenant its own rows. */
export const scoped = (admin: number, tenant: number, table = ''): string => `($${admin}::boolean OR ${table}tenant = $${tenant})`;
export const prefixed = (cols: string, t: string): string => cols.split(', ').map((c) => `${t}.${c}`).join(', ');

/** A webhook event a change causes, written to the outbox in the change's transaction. */
export interface PendingEvent { tenant: string; type: WebhookEvent; atMs: number; data: unknown }
/** The webhook endpoints of the tenants a transaction touches, read inside it (another replica may have registered one). */
export type Subscriptions = Map<string, { id: string; types: string[] }[]>;
