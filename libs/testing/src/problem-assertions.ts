import type { Response } from 'supertest';

/** Asserts an RFC 9457 problem-details response with the given status (and domain type, if given). */
export function expectProblem(response: Response, status: number, type?: string): void {
  expect({ status: response.status, body: response.body }).toMatchObject({ status });
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(response.body).toMatchObject({
    status,
    title: expect.any(String),
    detail: expect.any(String),
  });
  expect(typeof response.body.type).toBe('string');
  if (type)
    expect(response.body.type).toBe(
      type.startsWith('/') || type === 'about:blank' ? type : `/problems/${type}`,
    );
  if (status === 401) expect(response.headers['www-authenticate']).toBe('Bearer');
}
