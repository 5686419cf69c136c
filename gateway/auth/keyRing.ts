/**
 * The running gateway's view of the keys: an in-memory table by hash, read
 * from the key database at start-up and again whenever the file changes
 * (checked every MERIDIAN_KEY_RELOAD_MS), so keys created or revoked with the
 * CLI take effect without a restart.
 */
import { hashKey, type ApiKeyRecord, type ApiKeyStore } from './keyStore.js';
import { GenerationalCache } from '../../lib/boundedCache.js';

export type KeyCheck =
  | { ok: true; key: ApiKeyRecord }
  | { ok: false; reason: 'unknown' | 'revoked' };

export class KeyRing {
  private byHash = new Map<string, ApiKeyRecord>();
  /** Presented key → answer, so that a busy key is hashed once per reload rather than per request. */
  private readonly checked = GenerationalCache.of<string, KeyCheck>('keyChecks');
  private version = '';
  private timer: NodeJS.Timeout | undefined;
  private reloading: Promise<void> | undefined;

  constructor(private readonly store: ApiKeyStore, private readonly onError: (e: unknown) => void) {}

  async start(intervalMs: number): Promise<void> {
    await this.reload();
    this.timer = setInterval(() => { void this.reloadIfChanged(); }, intervalMs);
    this.timer.unref();
  }

  /** Re-reads the table when the file changed; a locked file is retried at the next tick. */
  async reloadIfChanged(): Promise<void> {
    try {
      if ((await this.store.version()) === this.version) return;
    } catch (e) {
      this.onError(e);
      return;
    }
    await this.reload().catch(this.onError);
  }

  reload(): Promise<void> {
    this.reloading ??= (async () => {
      try {
        const version = await this.store.version();
        const rows = await this.store.rows();
        this.byHash = new Map(rows.map((r) => [r.hash, r.record]));
        this.checked.clear();
        this.version = version;
      } finally { this.reloading = undefined; }
    })();
    return this.reloading;
  }

  get size(): number { return this.byHash.size; }

  check(presented: string): KeyCheck {
    const cached = this.checked.get(presented);
    if (cached) return cached;
    const key = this.byHash.get(hashKey(presented));
    const answer: KeyCheck = !key ? { ok: false, reason: 'unknown' } : key.revokedAt ? { ok: false, reason: 'revoked' } : { ok: true, key };
    if (answer.ok || answer.reason === 'revoked') {
      // bounded by its budget (lib/boundedCache.ts); unknown keys are never kept
      this.checked.set(presented, answer);
    }
    return answer;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }
}

export function hasScope(key: ApiKeyRecord, scope: string): boolean {
  return key.scopes.includes('*') || key.scopes.includes(scope);
}
