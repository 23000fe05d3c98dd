/**
 * Admission control for the API (decision 0055): one instance works on at most `limit` API requests
 * at once; the others wait their turn in arrival order. Past that many, more requests in progress
 * only share the one Node thread more thinly: each takes longer, the slowest take far longer, and
 * `/healthz` (never gated) waits behind all of them.
 *
 * A place is held from the request's arrival until its answer is handed over (or, at the latest,
 * `holdMs`: a request that waits on something slow, a large upload or an outside call, gives its
 * place back then and goes on outside the count), so a place can never be lost. Live event streams
 * are not counted at all (src/app.ts).
 */
export class AdmissionGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly limit: number,
    private readonly holdMs: number,
  ) {}

  /** Requests working now, and waiting. */
  get state() {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Resolves once the caller may start, with the function that gives its place back (once). */
  async enter(): Promise<() => void> {
    if (this.running < this.limit) this.running++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let held = true;
    const leave = () => {
      if (!held) return;
      held = false;
      clearTimeout(timer);
      const next = this.waiting.shift();
      // the place goes to the next in line as it is (the count of those working stays)
      if (next) next();
      else this.running--;
    };
    const timer = setTimeout(leave, this.holdMs);
    timer.unref();
    return leave;
  }
}

/** How long a request may hold its place (see AdmissionGate). */
export const ADMISSION_HOLD_MS = 500;
