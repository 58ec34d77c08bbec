import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDataSourceOptions } from 'typeorm/driver/postgres/PostgresDataSourceOptions.js';
import { SYSTEM_DATA_SOURCE, SystemDatabase } from '../tenancy/system-database';
import { MemberEntity } from './member.entity';

const CHANNEL = 'member_changed';
/** A bound on memory; the cache starts over when it is reached. */
const MAX_ENTRIES = 50_000;
const RECONNECT_MS = 1_000;

/**
 * The member an access token names, read once and then served from memory: every authenticated
 * request needs it, and it changes rarely. A trigger announces every committed change to a member
 * on `member_changed` (migration 1763800008000), and this process drops its cache when the
 * announcement arrives; before answering from memory a lookup waits until every change committed
 * before it has been announced (a ping on the listening connection, shared by the lookups in
 * flight). So a deactivated member or a changed role is refused or applied at once, in every
 * process. Without a live listening connection nothing is cached, and every lookup reads the
 * database.
 */
@Injectable()
export class MemberCache implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(MemberCache.name);
  private readonly members = new Map<string, Promise<MemberEntity | null>>();
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

  constructor(
    private readonly system: SystemDatabase,
    @InjectDataSource(SYSTEM_DATA_SOURCE) private readonly dataSource: DataSource,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.listen();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.forgetAll();
    await this.listener?.end().catch(() => undefined);
  }

  /**
   * The member an access token names. Crosses organizations (system role): the guard reads it
   * before the request enters its organization. One query on a miss; on a hit, first a share of one
   * round trip on the listening connection, so that every change committed before the request is
   * known here (see caughtUp).
   */
  async find(organizationId: string, memberId: string): Promise<MemberEntity | null> {
    const listener = this.listener;
    if (!listener) return this.read(organizationId, memberId);
    try {
      await this.caughtUp(listener);
    } catch {
      return this.read(organizationId, memberId);
    }
    const key = `${organizationId}/${memberId}`;
    const cached = this.members.get(key);
    if (cached) return cached;
    if (this.members.size >= MAX_ENTRIES) this.members.clear();
    const generation = this.generation;
    const read = this.read(organizationId, memberId);
    this.members.set(key, read);
    read.then(
      () =>
        generation !== this.generation &&
        this.members.get(key) === read &&
        this.members.delete(key),
      () => this.members.delete(key),
    );
    return read;
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

  /**
   * Any change forgets every cached member: changes are rare, and a re-read is one query. Called by
   * this process's own member writes at once, and by every process when a change's announcement
   * arrives after its commit.
   */
  forgetAll(): void {
    this.generation++;
    this.members.clear();
  }

  private read(organizationId: string, memberId: string): Promise<MemberEntity | null> {
    return this.system.manager.findOneBy(MemberEntity, { organizationId, id: memberId });
  }

  private async listen(): Promise<void> {
    const { url, extra } = this.dataSource.options as PostgresDataSourceOptions & {
      extra: { options?: string };
    };
    const client = new Client({ connectionString: url, options: extra.options });
    this.current = client;
    client.on('notification', () => this.forgetAll());
    // A client that failed stays quiet afterwards: its later errors are not news.
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
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
    this.logger.warn(`Member change listener lost (${String(error)}); reconnecting`);
    setTimeout(() => {
      this.reconnecting = false;
      void this.listen();
    }, RECONNECT_MS).unref();
  }
}
