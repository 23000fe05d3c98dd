/**
 * Live pushes to the browsers (the notification bell and badges): "something changed for these
 * users", never the data itself. On PostgreSQL every instance LISTENs on one channel, so a change
 * made by any instance reaches the browsers connected to all of them (pg_notify is sent after the
 * change commits). The embedded database is a single process: the pushes stay in it.
 *
 * The same channel tells the other instances that this one wrote (relayDataChanges): their data
 * version moves, and the answers they keep on it are dropped (lib/answer-cache.ts).
 */
import { AsyncResource } from 'node:async_hooks';
import { EventEmitter } from 'node:events';
import type pg from 'pg';
import type { Database } from '../db/client.ts';
import type { DataVersion } from '../db/data-version.ts';

const CHANNEL = 'portal_live';
/** pg_notify payloads are limited to 8,000 bytes: user ids go in chunks. */
const IDS_PER_NOTIFY = 150;

export interface LiveHub {
  /** Calls `listener` whenever something changes for the user; returns the unsubscribe. */
  subscribe(userId: string, listener: () => void): () => void;
  /** Tells every instance that something changed for these users. */
  publish(userIds: readonly string[]): void;
  /**
   * Tells the other instances whenever this one writes, and moves `version` when they do (and
   * after the channel was lost: a message may have been missed). Nothing to do on the embedded
   * database.
   */
  relayDataChanges(version: DataVersion): void;
  close(): Promise<void>;
}

const hubs = new WeakMap<Database, LiveHub>();

/** The hub of a database (one per process and database), started on first use. */
export function liveHub(database: Database, onError: (err: unknown) => void = () => undefined): LiveHub {
  const existing = hubs.get(database);
  if (existing) return existing;
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const dispatch = (ids: readonly string[]) => {
    for (const id of ids) local.emit(id);
  };
  let client: pg.PoolClient | null = null;
  let closed = false;
  let relayed: DataVersion | null = null;
  let stopRelay = () => {};
  const shared = database.kind === 'pg' && database.pool;
  async function listen() {
    if (!shared || closed) return;
    try {
      const connected = await shared.connect();
      // closed while connecting (an app built and closed at once): hand the connection back, or
      // the pool's end would wait for it forever
      if (closed) {
        connected.release();
        return;
      }
      client = connected;
      client.on('notification', (m) => {
        if (m.channel !== CHANNEL || !m.payload) return;
        try {
          const message = JSON.parse(m.payload) as string[] | { changed?: string };
          if (Array.isArray(message)) dispatch(message);
          else if (relayed && message.changed && message.changed !== relayed.instanceId) relayed.bump(false);
        } catch (err) {
          onError(err);
        }
      });
      client.on('error', (err) => {
        onError(err);
        client?.release(true);
        client = null;
        if (!closed) setTimeout(() => void listen(), 1000);
      });
      await client.query(`LISTEN ${CHANNEL}`);
      // whatever was said while nobody listened is unknown: assume it changed
      relayed?.bump(false);
    } catch (err) {
      onError(err);
      if (!closed) setTimeout(() => void listen(), 1000);
    }
  }
  void listen();
  const hub: LiveHub = {
    subscribe(userId, listener) {
      local.on(userId, listener);
      return () => local.off(userId, listener);
    },
    publish(userIds) {
      const ids = [...new Set(userIds)];
      if (!ids.length) return;
      if (!shared) {
        dispatch(ids);
        return;
      }
      for (let i = 0; i < ids.length; i += IDS_PER_NOTIFY)
        shared.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(ids.slice(i, i + IDS_PER_NOTIFY))]).catch(onError);
    },
    relayDataChanges(version) {
      if (!shared || relayed) return;
      relayed = version;
      let pending = false;
      // sent in the context the relay started in, not in that of the request that wrote
      const scope = new AsyncResource('portal.live.relay');
      const send = () => {
        pending = false;
        if (!closed) shared.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ changed: version.instanceId })]).catch(onError);
      };
      // one message for the writes of one turn of the event loop, sent after them (after a COMMIT)
      stopRelay = version.onBump((local) => {
        if (!local || pending) return;
        pending = true;
        setImmediate(() => scope.runInAsyncScope(send));
      });
    },
    async close() {
      closed = true;
      stopRelay();
      hubs.delete(database);
      if (client) {
        await client.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined);
        client.release();
        client = null;
      }
      local.removeAllListeners();
    },
  };
  hubs.set(database, hub);
  return hub;
}

// How many apps use each database's hub (tests build several apps on one database).
const holders = new WeakMap<Database, number>();

/** An app uses the database's hub from now until its closeLiveHub (app.ts). */
export function holdLiveHub(database: Database): void {
  holders.set(database, (holders.get(database) ?? 0) + 1);
}

/** Closes the database's hub, if one was started, once the last app that held it closes (the app's onClose). */
export async function closeLiveHub(database: Database): Promise<void> {
  const left = (holders.get(database) ?? 1) - 1;
  holders.set(database, left);
  if (left <= 0) await hubs.get(database)?.close();
}
