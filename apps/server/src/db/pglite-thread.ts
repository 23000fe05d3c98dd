import { Duplex } from 'node:stream';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import type { WorkerReply, WorkerRequest } from './pglite-worker.ts';

/**
 * node-postgres's connection stream to the PGlite worker thread: what the driver writes goes to
 * the worker as protocol bytes, what the worker answers is read back. It stands in for the TCP
 * socket, so it answers the socket calls the driver makes (connect, setNoDelay, keep-alive).
 */
class WorkerStream extends Duplex {
  constructor(
    readonly id: number,
    private readonly worker: Worker,
    private readonly onDone: (stream: WorkerStream) => void,
  ) {
    super();
  }

  connect() {
    this.worker.postMessage({ type: 'connect', id: this.id } satisfies WorkerRequest);
    setImmediate(() => this.emit('connect'));
    return this;
  }

  setNoDelay() {
    return this;
  }

  setKeepAlive() {
    return this;
  }

  ref() {
    return this;
  }

  unref() {
    return this;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void) {
    this.worker.postMessage({ type: 'data', id: this.id, bytes: new Uint8Array(chunk) } satisfies WorkerRequest);
    callback();
  }

  override _read() {}

  override _final(callback: (error?: Error | null) => void) {
    this.onDone(this);
    this.push(null);
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    this.onDone(this);
    callback(error);
  }
}

export interface PgliteThread {
  /** One connection: PGlite has one session, and a transaction holds it until it ends. */
  pool: pg.Pool;
  close(): Promise<void>;
}

/** Starts PGlite on `dataDir` in a worker thread and returns a one-connection pool to it. */
export async function startPgliteThread(dataDir: string): Promise<PgliteThread> {
  const url = new URL(import.meta.url.endsWith('.ts') ? './pglite-worker.ts' : './pglite-worker.js', import.meta.url);
  // The server runs from TypeScript source (decision 0003): a worker thread does not inherit the
  // main thread's loader, so it registers tsx itself before it imports the worker module.
  const worker = url.pathname.endsWith('.ts')
    ? new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); });`, {
        eval: true,
        workerData: { dataDir, pgliteWorker: true },
      })
    : new Worker(url, { workerData: { dataDir, pgliteWorker: true } });
  const streams = new Map<number, WorkerStream>();
  let nextId = 1;
  let closed: (() => void) | null = null;

  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (reply: WorkerReply) => {
      if (reply.type === 'ready') resolve();
      else if (reply.type === 'data')
        streams.get(reply.id)?.push(Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength));
      else if (reply.type === 'closed') closed?.();
      else if (reply.type === 'error') {
        const err = new Error(`Embedded database: ${reply.message}`);
        const stream = reply.id === undefined ? undefined : streams.get(reply.id);
        if (stream) stream.destroy(err);
        else reject(err);
      }
    });
  });

  const pool = new pg.Pool({
    max: 1,
    // PGlite's own session: its default user and database (no password; nothing listens on a port).
    user: 'postgres',
    database: 'postgres',
    // Never closed for being idle: it is the database's one session.
    idleTimeoutMillis: 0,
    stream: () => {
      const stream = new WorkerStream(nextId++, worker, (done) => streams.delete(done.id));
      streams.set(stream.id, stream);
      return stream;
    },
  } as pg.PoolConfig);
  pool.on('error', (err) => process.stderr.write(`Embedded database connection error: ${err.message}\n`));

  return {
    pool,
    async close() {
      await pool.end();
      await new Promise<void>((resolve) => {
        closed = resolve;
        worker.postMessage({ type: 'close' } satisfies WorkerRequest);
      });
      await worker.terminate();
    },
  };
}
