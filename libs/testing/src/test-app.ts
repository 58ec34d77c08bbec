import type { INestApplication } from '@nestjs/common';
import { Client } from 'pg';
import request from 'supertest';
import TestAgent from 'supertest/lib/agent';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AppConfig, Env } from '@app/config';
import { SYSTEM_DATA_SOURCE } from '@app/database';
import { createTestDatabase, TestDatabase } from './test-database';
import { testConfig } from './test-config';

export type AppFactory = (config: AppConfig, databaseUrl: string) => Promise<INestApplication>;

/** A real application on its own fresh database, driven over HTTP with supertest. */
export class TestApp {
  private constructor(
    readonly app: INestApplication,
    readonly config: AppConfig,
    private readonly database: TestDatabase,
  ) {}

  static async start(factory: AppFactory, env: Env = {}): Promise<TestApp> {
    return TestApp.startOn(await createTestDatabase(), factory, env);
  }

  /** The application on a database of the caller's; close() calls its drop(). */
  static async startOn(
    database: TestDatabase,
    factory: AppFactory,
    env: Env = {},
  ): Promise<TestApp> {
    const config = testConfig(env);
    const app = await factory(config, database.url);
    await app.init();
    return new TestApp(app, config, database);
  }

  get http(): TestAgent {
    return request(this.app.getHttpServer());
  }

  get databaseUrl(): string {
    return this.database.url;
  }

  /** The system role's data source: factories and assertions reach every organization's rows. */
  get dataSource(): DataSource {
    return this.app.get(getDataSourceToken(SYSTEM_DATA_SOURCE));
  }

  /** Runs SQL as the tables' owner: for DDL such as test triggers. */
  async ownerQuery(sql: string, parameters: unknown[] = []): Promise<unknown[]> {
    const client = new Client({ connectionString: this.database.ownerUrl });
    await client.connect();
    try {
      return (await client.query(sql, parameters)).rows;
    } finally {
      await client.end();
    }
  }

  async close(): Promise<void> {
    await this.app.close();
    await this.database.drop();
  }
}
