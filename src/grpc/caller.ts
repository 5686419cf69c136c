/**
 * Who is calling a core RPC, and the one rule for trusting what a call says
 * about itself.
 *
 * Every call but health is authenticated first (src/grpc/authentication.ts):
 * its client certificate, signed by the core's CA and not revoked, names an
 * identity (CN) and a role (OU): `internal` (a service calling the core
 * directly), `gateway` (the HTTP gateway, which speaks for its API keys) or
 * `admin`. The identity is attached to the call before the handler runs.
 *
 * - A gateway identity sends the tenant it authenticated (its API key id) as
 *   `x-meridian-tenant` metadata, on a unary call or per exchanged call; that
 *   metadata is honoured from a gateway identity only.
 * - Any other caller's tenant is its own certificate identity (`cert:<CN>`),
 *   whatever metadata it sends.
 * - An admin identity sees every tenant's state (`admin: true`).
 *
 * Every handler that reads or writes tenant-owned state (jobs, results,
 * batches, feeds, webhooks) asks `callerOf(call)` and nothing else.
 */
import type * as grpc from '@grpc/grpc-js';
import type { Role } from './roles.js';

export const TENANT_METADATA = 'x-meridian-tenant';

/** The tenant of gateway calls that name none. */
export const DEFAULT_TENANT = 'default';

/** An authenticated peer: its certificate's CN, role and serial number. */
export interface Identity {
  name: string;
  role: Role;
  serialNumber: string;
}

export interface Caller {
  /** Owner of what the call creates; only its own state is visible to it. */
  tenant: string;
  /** An admin sees every tenant's state. */
  admin: boolean;
  /** The authenticated peer (absent only for calls that never passed authentication, e.g. in-process tests of a handler). */
  identity?: Identity;
}

/** Where authentication leaves the identity on the call object (a symbol: no metadata can forge it). */
export const IDENTITY: unique symbol = Symbol('meridian.identity');

export type IdentifiedCall = { metadata?: grpc.Metadata; [IDENTITY]?: Identity };

const TENANT = /^[\w.:@-]{1,128}$/;

export function identityOf(call: object): Identity | undefined {
  return (call as IdentifiedCall)[IDENTITY];
}

export function callerOf(call: { metadata?: grpc.Metadata }): Caller {
  const identity = identityOf(call);
  if (!identity) return { tenant: DEFAULT_TENANT, admin: false };
  if (identity.role === 'gateway') {
    const v = call.metadata?.get(TENANT_METADATA)[0];
    const tenant = typeof v === 'string' && TENANT.test(v) ? v : DEFAULT_TENANT;
    return { tenant, admin: false, identity };
  }
  return { tenant: `cert:${identity.name}`, admin: identity.role === 'admin', identity };
}
