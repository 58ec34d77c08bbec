import type { Env } from '@app/config';
import { TestApp, TestDatabase } from '@app/testing';
import { createApi } from '../src/bootstrap/create-api';

/** The real API on a fresh test database (see libs/testing). */
export function startTestApi(env: Env = {}): Promise<TestApp> {
  return TestApp.start(createApi, env);
}

/** The real API on a database of the caller's (e.g. one the test restarts). */
export function startTestApiOn(database: TestDatabase, env: Env = {}): Promise<TestApp> {
  return TestApp.startOn(database, createApi, env);
}
