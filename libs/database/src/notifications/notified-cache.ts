import { Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Client } from 'pg';
import type { SystemDatabase } from '../tenancy/system-database';

/** A bound on memory; the cache starts over when it is reached. */
const MAX_ENTRIES = 50_000;
const RECONNECT_MS = 1_000;

/**
 * Rows read once and then served from memory, dropped when a trigger announces a committed change
 * on `channel` (the payload names the key to forget; an empty one forgets everything). Before
 * answering from memory a lookup waits until every change committed before it has been announced
 * (a ping on the listening connection, shared by the lookups in flight), so a change made by any
 * process is seen at once by every process. Without a live listening connection nothing is cached,
 * and every lookup reads the database.
 *
 * The listening connection is the one PostgreSQL session the application opens outside its pools
 * (a LISTEN belongs to its session, which a pool hands to anyone): it connects with the system
 * pool's settings (`SystemDatabase.sessionSettings()`). This file is the only place allowed to
 * construct a `pg` Client outside the embedded server's administration (eslint.config.mjs).
 */
export abstract class NotifiedCache<V> implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(this.constructor.name);
  private readonly entries = new Map<string, Promise<V>>();
  /** Bumped by every announcement: a read that started before one is not kept. */
  private generation = 0;
  /** The listening connection, once it listens. */
  private listener: Client | undefined;
  /** The connection being opened or listening; events of earlier ones are ignored. */
  private current: Client | undefined;
  /** The barrier ping on its way, and the one lookups arriving meanwhile wait for. */
  private inFlight: Promise<void> | undefined;
  private queued: Promise<void> | undefined;
  private reconnecting = false;
  private stopped = false;

  protected constructor(
    private readonly channel: string,
    /** The system role's door: what subclasses read with, and whose settings the listener uses. */
    protected readonly system: SystemDatabase,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.listen();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.forgetAll();
    await this.listener?.end().catch(() => undefined);
  }

  /** Drops every entry (a change this process made, or one announced without a key). */
  forgetAll(): void {
    this.generation++;
    this.entries.clear();
  }

  /**
   * The entry for `key`: one `read` on a miss; on a hit, first a share of one round trip on the
   * listening connection, so that every change committed before the call is known here.
   */
  protected async remember(key: string, read: () => Promise<V>): Promise<V> {
    const listener = this.listener;
    if (!listener) return read();
    try {
      await this.caughtUp(listener);
    } catch {
      return read();
    }
    const cached = this.entries.get(key);
    if (cached) return cached;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const generation = this.generation;
    const reading = read();
    this.entries.set(key, reading);
    reading.then(
      () =>
        generation !== this.generation &&
        this.entries.get(key) === reading &&
        this.entries.delete(key),
      () => this.entries.delete(key),
    );
    return reading;
  }

  /** An announced change: forgets the entry its payload names, or every entry without one. */
  protected announced(payload: string | undefined): void {
    if (!payload) return this.forgetAll();
    this.generation++;
    this.entries.delete(payload);
  }

  /**
   * Resolves once every change committed before the call has been announced here. PostgreSQL sends
   * a listening session the notifications of earlier commits before it answers a query, so a
   * `SELECT 1` sent now is that barrier. A ping already in flight was sent too early; lookups that
   * arrive meanwhile share the next one, so a busy process pays about one ping per round trip.
   */
  private caughtUp(listener: Client): Promise<void> {
    if (!this.inFlight) return (this.inFlight = this.ping(listener));
    this.queued ??= this.inFlight
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return (this.inFlight = this.ping(listener));
      });
    return this.queued;
  }

  private ping(listener: Client): Promise<void> {
    const ping: Promise<void> = listener.query('SELECT 1').then(
      () => {
        if (this.inFlight === ping) this.inFlight = undefined;
      },
      (error: unknown) => {
        if (this.inFlight === ping) this.inFlight = undefined;
        throw error;
      },
    );
    return ping;
  }

  private async listen(): Promise<void> {
    const client = new Client(this.system.sessionSettings());
    this.current = client;
    client.on('notification', (notification) => this.announced(notification.payload));
    // A client that failed stays quiet afterwards: its later errors are not news.
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
    } catch (error) {
      this.lost(client, error);
      return;
    }
    if (this.stopped) return void (await client.end());
    this.listener = client;
  }

  private lost(client: Client, error: unknown): void {
    if (client !== this.current) return;
    this.current = undefined;
    this.listener = undefined;
    this.forgetAll();
    client.end().catch(() => undefined);
    if (this.stopped || this.reconnecting) return;
    this.reconnecting = true;
    this.logger.warn(`Change listener on ${this.channel} lost (${String(error)}); reconnecting`);
    setTimeout(() => {
      this.reconnecting = false;
      if (!this.stopped) void this.listen();
    }, RECONNECT_MS).unref();
  }
}
