/**
 * Who is calling a core RPC, and the one rule for trusting what a call says
 * about itself.
 *
 * Every call but health is authenticated first (src/grpc/authentication.ts):
 * its client certificate, signed by the core's CA and not revoked, names an
 * identity (CN) and a role (OU): `internal` (a service calling the core
 * directly), `gateway` (the HTTP gateway, which speaks for its API keys) or
 * `admin`. The transport puts the identity in the call's context
 * (callContext.ts) before the handler runs.
 *
 * - A gateway identity sends the tenant it authenticated (its API key id) as
 *   `x-meridian-tenant` metadata, on a unary call or per exchanged call; that
 *   metadata is honoured from a gateway identity only.
 * - Any other caller's tenant is its own certificate identity (`cert:<CN>`),
 *   whatever metadata it sends.
 * - An admin identity sees every tenant's state (`admin: true`).
 *
 * Every handler that reads or writes tenant-owned state (jobs, results,
 * batches, feeds, webhooks) reads `context.caller` and nothing else.
 */
import { invalid } from '../errors.js';
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

const TENANT = /^[\w.:@-]{1,128}$/;

/**
 * The caller of a call from its authenticated identity and the tenant the call names (x-meridian-tenant on a
 * unary call, the tenant field of an exchanged call): the named tenant from a gateway identity only. A gateway
 * that names a tenant outside TENANT's form (empty, over 128 characters, spaces, slashes, or two headers, which
 * grpc-js joins with ", ") is refused INVALID_ARGUMENT: taken as the default tenant, every such name shared one
 * tenant's jobs, feeds and webhooks.
 */
export function callerFor(identity: Identity | undefined, claimedTenant: string | undefined): Caller {
  if (!identity) return { tenant: DEFAULT_TENANT, admin: false };
  if (identity.role === 'gateway') {
    if (claimedTenant === undefined) return { tenant: DEFAULT_TENANT, admin: false, identity };
    if (!TENANT.test(claimedTenant)) {
      throw invalid(TENANT_METADATA, `${TENANT_METADATA} must be one tenant id of 1-128 letters, digits and _ . : @ - (got ${JSON.stringify(claimedTenant.slice(0, 40))}${claimedTenant.length > 40 ? '…' : ''}, ${claimedTenant.length} characters); send it once, or leave it out for the default tenant`);
    }
    return { tenant: claimedTenant, admin: false, identity };
  }
  return { tenant: `cert:${identity.name}`, admin: identity.role === 'admin', identity };
}
