import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { OpenAPIObject } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { loadConfig } from '@app/config';
import { dataSourceOptions, SYSTEM_DATA_SOURCE } from '@app/database';
import { buildOpenApiDocument } from '@app/http';
import { AppModule } from '../apps/api/src/app.module';

const NO_DATABASE = 'postgres://none@127.0.0.1:1/none';

/**
 * The API's application built without a database: its module graph gets data sources that never
 * connect, which is all that reading controller and DTO metadata needs. The caller closes it.
 */
export async function apiWithoutDatabase(): Promise<INestApplication> {
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'document-only-secret-never-used-for-tokens',
    ENCRYPTION_KEY: Buffer.alloc(32).toString('base64'),
    RUN_WORKERS: 'false',
    LOG_LEVEL: 'silent',
  });
  const moduleRef = await Test.createTestingModule({
    imports: [AppModule.forRoot(config, NO_DATABASE)],
  })
    .overrideProvider(DataSource)
    .useValue(new DataSource(dataSourceOptions(NO_DATABASE)))
    .overrideProvider(getDataSourceToken(SYSTEM_DATA_SOURCE))
    .useValue(new DataSource(dataSourceOptions(NO_DATABASE)))
    .compile();
  return moduleRef.createNestApplication({ logger: false });
}

/** The OpenAPI document the API serves at /docs/openapi.json, built without a database. */
export async function servedOpenApiDocument(): Promise<OpenAPIObject> {
  const app = await apiWithoutDatabase();
  try {
    return buildOpenApiDocument(app);
  } finally {
    await app.close();
  }
}
