/**
 * The embedded PGlite in a worker thread (decision 0037). The main thread talks to it with
 * node-postgres, as to a PostgreSQL server: the bytes of the PostgreSQL wire protocol cross a
 * MessagePort (see pglite-thread.ts), and this side hands each whole frontend message to PGlite's
 * protocol entry point. So the database's work (about 70 % of a request's CPU on the embedded
 * default) runs beside the event loop instead of blocking it, and both engines share one driver.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** `id` names the connection: a reply to a connection the pool has dropped must not reach its successor. */
export type WorkerRequest = { type: 'connect'; id: number } | { type: 'data'; id: number; bytes: Uint8Array } | { type: 'close' };
export type WorkerReply =
  | { type: 'ready' }
  | { type: 'data'; id: number; bytes: Uint8Array }
  | { type: 'closed' }
  | { type: 'error'; id?: number; message: string };

const SSL_REQUEST_CODE = 80877103;
const CANCEL_REQUEST_CODE = 80877102;
const PROTOCOL_3 = 196608;
const TERMINATE = 0x58; // 'X'

/**
 * Splits the byte stream into whole frontend messages: the untyped first ones (SSL request,
 * cancel request, startup: a length then a code) and the typed ones (a type byte, then a length
 * that counts itself).
 */
export class MessageFramer {
  private buffer = Buffer.alloc(0);
  private started = false;

  push(chunk: Uint8Array): Array<{ kind: 'ssl' | 'cancel' | 'message'; bytes: Buffer }> {
    this.buffer = this.buffer.length === 0 ? Buffer.from(chunk) : Buffer.concat([this.buffer, chunk]);
    const out: Array<{ kind: 'ssl' | 'cancel' | 'message'; bytes: Buffer }> = [];
    for (;;) {
      if (!this.started) {
        if (this.buffer.length < 8) break;
        const length = this.buffer.readInt32BE(0);
        if (this.buffer.length < length) break;
        const code = this.buffer.readInt32BE(4);
        const bytes = this.buffer.subarray(0, length);
        this.buffer = this.buffer.subarray(length);
        if (code === SSL_REQUEST_CODE) out.push({ kind: 'ssl', bytes });
        else if (code === CANCEL_REQUEST_CODE) out.push({ kind: 'cancel', bytes });
        else {
          if (code === PROTOCOL_3) this.started = true;
          out.push({ kind: 'message', bytes });
        }
        continue;
      }
      if (this.buffer.length < 5) break;
      const length = 1 + this.buffer.readInt32BE(1);
      if (this.buffer.length < length) break;
      out.push({ kind: 'message', bytes: this.buffer.subarray(0, length) });
      this.buffer = this.buffer.subarray(length);
    }
    return out;
  }
}

async function run() {
  const port = parentPort;
  if (!port) throw new Error('pglite-worker.ts runs as a worker thread');
  const { dataDir } = workerData as { dataDir: string };
  const pglite = await PGlite.create(dataDir);
  const framers = new Map<number, MessageFramer>();
  // The connections' messages run one at a time, in the order they came.
  let queue = Promise.resolve();
  const send = (id: number, bytes: Uint8Array) => {
    // A copy that the transfer may take over: PGlite's result may be a view on its own memory.
    const copy = new Uint8Array(bytes);
    port.postMessage({ type: 'data', id, bytes: copy } satisfies WorkerReply, [copy.buffer]);
  };
  port.on('message', (request: WorkerRequest) => {
    if (request.type === 'connect') {
      framers.set(request.id, new MessageFramer());
      // A new connection (the pool replaced one that ended or failed) finds no transaction left
      // open by the one before, nor its named statements (the driver would prepare them again).
      queue = queue.then(async () => {
        if (pglite.isInTransaction()) await pglite.exec('ROLLBACK');
        await pglite.exec('DEALLOCATE ALL');
      });
      return;
    }
    if (request.type === 'close') {
      queue = queue.then(async () => {
        await pglite.close();
        port.postMessage({ type: 'closed' } satisfies WorkerReply);
      });
      return;
    }
    const { id } = request;
    const framer = framers.get(id);
    if (!framer) return;
    for (const message of framer.push(request.bytes)) {
      if (message.bytes[0] === TERMINATE) {
        framers.delete(id);
        break;
      }
      queue = queue.then(async () => {
        if (message.kind === 'ssl') return send(id, Buffer.from('N'));
        if (message.kind === 'cancel') return;
        await pglite.execProtocolRawStream(message.bytes, { onRawData: (bytes) => bytes.length > 0 && send(id, bytes) });
      });
    }
    queue = queue.catch((err: unknown) => {
      port.postMessage({ type: 'error', id, message: err instanceof Error ? err.message : String(err) } satisfies WorkerReply);
    });
  });
  port.postMessage({ type: 'ready' } satisfies WorkerReply);
}

if (parentPort && (workerData as { pgliteWorker?: boolean } | null)?.pgliteWorker) {
  run().catch((err: unknown) => {
    parentPort?.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) } satisfies WorkerReply);
  });
}
