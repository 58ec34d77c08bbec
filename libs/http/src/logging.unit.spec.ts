import { PassThrough } from 'node:stream';
import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { createLogger, httpLogger, type Terminal } from './logging';

function terminal(isTTY: boolean): { stream: Terminal; text: () => string } {
  const stream = Object.assign(new PassThrough(), { isTTY });
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { stream, text: () => text };
}

describe('createLogger', () => {
  const nodeEnv = process.env.NODE_ENV;
  afterEach(() => {
    process.env.NODE_ENV = nodeEnv;
  });

  it('writes readable lines, not JSON, to a terminal outside production', async () => {
    process.env.NODE_ENV = 'development';
    const out = terminal(true);
    createLogger('info', out.stream).info({ context: 'Demo' }, 'hello person');
    await new Promise((resolve) => setImmediate(resolve));
    expect(out.text()).toMatch(/INFO.*\[Demo\] hello person\n/);
    expect(out.text().trim().startsWith('{')).toBe(false);
  });

  it('keeps JSON lines on standard output in production, even at a terminal', () => {
    process.env.NODE_ENV = 'production';
    const out = terminal(true);
    const logger = createLogger('info', out.stream) as unknown as Record<symbol, object>;
    expect(logger[pino.symbols.streamSym].constructor.name).toBe('SonicBoom');
  });
});

describe('httpLogger', () => {
  it('logs the client address the trusted proxy names, and the path without its query', async () => {
    const lines: string[] = [];
    const sink = new PassThrough().on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    const app = express()
      .set('trust proxy', 'loopback')
      .use(httpLogger(pino(sink)))
      .get('/api/needs', (_request, response) => response.json([]));
    await request(app).get('/api/needs?q=private').set('X-Forwarded-For', '203.0.113.7');
    const logged = JSON.parse(lines.join('').trim().split('\n')[0]);
    expect(logged.req).toEqual({
      id: expect.any(String),
      method: 'GET',
      path: '/api/needs',
      ip: '203.0.113.7',
    });
  });
});
