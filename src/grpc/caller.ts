/**
 * Who is calling a core RPC: the tenant that owns what the call creates or
 * reads. The gateway sends the tenant it authenticated (its API key id) as
 * `x-meridian-tenant` metadata, on a unary call or per exchanged call.
 *
 * Every handler that reads or writes tenant-owned state (jobs, results,
 * batches, feeds, webhooks) asks `callerOf(call)` and nothing else, so that
 * the rule for trusting that metadata lives here alone.
 */
import type * as grpc from '@grpc/grpc-js';

export const TENANT_METADATA = 'x-meridian-tenant';

/** The tenant of calls that name none (a direct gRPC caller without the gateway). */
export const DEFAULT_TENANT = 'default';

export interface Caller {
  /** Owner of what the call creates; only its own state is visible to it. */
  tenant: string;
  /** An admin sees every tenant's state. */
  admin: boolean;
}

const TENANT = /^[\w.:@-]{1,128}$/;

export function callerOf(call: { metadata?: grpc.Metadata }): Caller {
  const v = call.metadata?.get(TENANT_METADATA)[0];
  const tenant = typeof v === 'string' && TENANT.test(v) ? v : DEFAULT_TENANT;
  return { tenant, admin: false };
}
