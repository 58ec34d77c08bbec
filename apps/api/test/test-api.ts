import type { Env } from '@app/config';
import { TestApp } from '@app/testing';
import { createApi } from '../src/bootstrap/create-api';

/** The real API on a fresh test database (see libs/testing). */
export function startTestApi(env: Env = {}): Promise<TestApp> {
  return TestApp.start(createApi, env);
}
