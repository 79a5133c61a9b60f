import pg from 'pg';

// PostgreSQL's LISTEN/NOTIFY, for the changes every instance must see at once (the board version: board-state.ts).
// A writer notifies inside its transaction, so the notice is delivered exactly when the change commits, to every
// session listening, this one included. Notices sent while a listener is disconnected are lost: listeners keep a
// slower check of their own (the board's version poll) and catch up when the connection comes back.

export type ListenStatus =
  | { listening: true }
  /** `retryInMs`: when the next attempt to listen again is made. */
  | { listening: false; error: Error; retryInMs: number };

export type Listener = { close(): Promise<void> };

export type ListenOptions = {
  channel: string;
  onNotification(payload: string): void;
  /** Told when listening starts, stops (connection lost) and starts again. */
  onStatus?(status: ListenStatus): void;
};

/** Channels are fixed names of this code, never input: quoted as identifiers anyway. */
export function quoteChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  return `"${channel}"`;
}

const firstRetryMs = 1_000;
const maxRetryMs = 30_000;

/**
 * Listens on its own connection (a pooled one would be returned and reused by queries); when that connection fails,
 * reconnects after 1 s, 2 s, 4 s ... (at most 30 s) until `close()`.
 */
export function listenOnPostgres(databaseUrl: string, { channel, onNotification, onStatus }: ListenOptions): Listener {
  let closed = false;
  let current: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryMs = firstRetryMs;

  function lost(client: pg.Client, error: Error): void {
    if (closed || current !== client) return;
    current = null;
    client.removeAllListeners('notification');
    client.end().catch(() => undefined);
    onStatus?.({ listening: false, error, retryInMs: retryMs });
    retryTimer = setTimeout(() => void connect(), retryMs);
    retryTimer.unref();
    retryMs = Math.min(maxRetryMs, retryMs * 2);
  }

  async function connect(): Promise<void> {
    if (closed) return;
    // keepAlive: a connection cut without a FIN (a network partition) is noticed by the OS instead of never.
    const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000, keepAlive: true });
    current = client;
    client.on('notification', (message) => {
      if (message.channel === channel) onNotification(message.payload ?? '');
    });
    client.on('error', (error) => lost(client, error));
    client.on('end', () => lost(client, new Error('the listening connection ended')));
    try {
      await client.connect();
      await client.query(`listen ${quoteChannel(channel)}`);
    } catch (error) {
      lost(client, error as Error);
      return;
    }
    if (closed || current !== client) return;
    retryMs = firstRetryMs;
    onStatus?.({ listening: true });
  }

  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const client = current;
      current = null;
      await client?.end().catch(() => undefined);
    },
  };
}
