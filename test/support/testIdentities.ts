/** The role certificates test clients use, created in a core's state folder (no vitest import: child processes load this too). */
import { CertificateAuthority } from '../../src/certificates/certificateAuthority.js';

/** Creates tls/{gateway,admin,internal}-{cert,key}.pem (what bin/meridian.ts does for gateway and admin). */
export async function ensureTestIdentities(stateDir: string): Promise<void> {
  const ca = await CertificateAuthority.open(stateDir);
  for (const role of ['gateway', 'admin', 'internal'] as const) await ca.ensureIdentity(role, role);
}
