/**
 * Answers kept for the session that asked, while the data they were computed from has not changed
 * (decision 0056). An entry is valid while:
 * - the data version it was computed at is still the current one (any write anywhere moves it:
 *   db/data-version.ts), and
 * - its time is not up: the cache's seconds (answers that depend on the clock, such as "today",
 *   are at most that old), and the session's own limit (its expiry, its idle limit, and its next
 *   "last seen" write, which a hit would otherwise skip).
 *
 * Entries are bounded by count and by bytes; the oldest go first.
 */
export interface CachedAnswer {
  body: string;
  contentType: string;
}

interface Entry extends CachedAnswer {
  version: number;
  validUntil: number;
  /** After this, a hit asks for the answer to be computed again ahead of its end (refresh-ahead). */
  refreshAfter: number;
  refreshing: boolean;
}

export interface AnswerCacheOptions {
  ttlMs: number;
  maxEntries?: number;
  maxBytes?: number;
  /** Answers longer than this are not kept. */
  maxBodyBytes?: number;
}

export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /** Lookups answered from the cache, and those that found nothing valid (metrics). */
  hits = 0;
  misses = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly maxBodyBytes: number;

  constructor(private readonly options: AnswerCacheOptions) {
    this.maxEntries = options.maxEntries ?? 5000;
    this.maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
    this.maxBodyBytes = options.maxBodyBytes ?? 256 * 1024;
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The answer kept under `key`, if it is still valid at `version` and `now`; `refresh` is true for
   * the one hit (until the answer is kept again) that should have it computed again, ahead of its
   * end, so that the answers in use are never computed while someone waits for them.
   */
  get(key: string, version: number, now = Date.now()): (CachedAnswer & { refresh: boolean }) | undefined {
    const entry = this.entries.get(key);
    if (entry && (entry.version !== version || entry.validUntil <= now)) this.delete(key, entry);
    else if (entry) {
      this.hits++;
      const refresh = !entry.refreshing && now >= entry.refreshAfter;
      if (refresh) entry.refreshing = true;
      return { body: entry.body, contentType: entry.contentType, refresh };
    }
    this.misses++;
    return undefined;
  }

  /**
   * Keeps an answer computed at `version`, valid until the cache's time or `notAfter`, whichever
   * comes first. The time is between half and all of the cache's seconds, drawn for each answer:
   * answers kept together (a page's requests, or a load's) are not computed again together.
   */
  set(key: string, answer: CachedAnswer, version: number, notAfter: number, now = Date.now()): void {
    const validUntil = Math.min(now + this.options.ttlMs * (0.5 + Math.random() / 2), notAfter);
    if (validUntil <= now || answer.body.length > this.maxBodyBytes) return;
    const old = this.entries.get(key);
    if (old) this.delete(key, old);
    const refreshAfter = now + (validUntil - now) * 0.6;
    this.entries.set(key, { ...answer, version, validUntil, refreshAfter, refreshing: false });
    this.bytes += answer.body.length;
    for (const [k, e] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.delete(k, e);
    }
  }

  /** Forgets everything (the data changed: nothing kept is valid any more). */
  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private delete(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.body.length;
  }
}

/**
 * Kept answers cost no database round trip, so a flood of them would run back to back in one turn
 * of the event loop, and new connections, /healthz and the database's replies to other requests
 * would wait for all of them. At most `perTurn` go in a turn; the others wait in arrival order for
 * the next turns (a turn ends in setImmediate's phase, after the sockets were read again).
 */
export class Turns {
  private used = 0;
  private scheduled = false;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly perTurn: number) {}

  /** Resolves (at once, or in a later turn) when the caller may go. */
  take(): Promise<void> | undefined {
    this.schedule();
    if (this.used < this.perTurn && this.waiting.length === 0) {
      this.used++;
      return undefined;
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private schedule() {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.used = 0;
      for (const go of this.waiting.splice(0, this.perTurn)) {
        this.used++;
        go();
      }
      if (this.waiting.length) this.schedule();
    });
  }
}
