/**
 * Writes the OpenAPI document the API serves at /docs/openapi.json to the file named by the first
 * argument, without a database: the application's module graph is built with a data source that
 * never connects (the document only reads controller and DTO metadata). Used by `npm run lint:openapi`.
 */
import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { loadConfig } from '@app/config';
import { dataSourceOptions, SYSTEM_DATA_SOURCE } from '@app/database';
import { buildOpenApiDocument } from '@app/http';
import { AppModule } from '../apps/api/src/app.module';

const NO_DATABASE = 'postgres://none@127.0.0.1:1/none';

async function writeDocument(file: string): Promise<void> {
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
  const app = moduleRef.createNestApplication({ logger: false });
  writeFileSync(file, `${JSON.stringify(buildOpenApiDocument(app), null, 2)}\n`);
}

const [file] = process.argv.slice(2);
if (!file) {
  console.error('usage: node dist/scripts/openapi-document.js FILE');
  process.exit(2);
}
writeDocument(file).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
