/**
 * The roles a caller's certificate carries (its OU) and how serial numbers
 * are spelled: the vocabulary authentication (src/grpc) and the certificate
 * authority (src/certificates) share. It lives on the gRPC side because every
 * call is authenticated here; the CA only issues what this names.
 */

/** Roles a client certificate can carry, weakest first: a role may only issue roles below or equal to its own. */
export const ROLES = ['internal', 'gateway', 'admin'] as const;
export type Role = typeof ROLES[number];
export const roleRank = (r: Role): number => ROLES.indexOf(r);
export function isRole(v: unknown): v is Role {
  return typeof v === 'string' && (ROLES as readonly string[]).includes(v);
}

/** A serial number as one spelling (lower-case hex, no leading zeros), whatever printed it. */
export function normalSerial(s: string): string {
  return s.toLowerCase().replace(/[^0-9a-f]/g, '').replace(/^0+(?=.)/, '');
}

/** What authentication asks of whoever keeps the revocations (the core's CA). */
export interface RevocationList {
  isRevoked(serialNumber: string): boolean;
}
