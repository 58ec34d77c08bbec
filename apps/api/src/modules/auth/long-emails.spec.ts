import type { Response } from 'supertest';
import { expectProblem, newOrgWithAdmin, TestApp } from '@app/testing';
import { startTestApi } from '../../../test/test-api';

const PASSWORD = 'a-long-email-password';

const fieldsOf = (response: Response): string[] => [
  ...new Set<string>(response.body.errors.map((error: { field: string }) => error.field)),
];

/** An address of exactly `length` characters (up to 319): a 64-character local part. */
function emailOfLength(length: number): string {
  const labels = [];
  let domain = length - 65 - '.org'.length;
  while (domain > 0) {
    const label = Math.min(63, domain - (labels.length ? 1 : 0));
    labels.push('d'.repeat(label));
    domain -= label + (labels.length > 1 ? 1 : 0);
  }
  return `${'l'.repeat(64)}@${labels.join('.')}.org`;
}

describe('emails as long as an address may be', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApi({ RATE_LIMIT_LOGIN: '3' });
  });
  afterAll(() => api.close());

  const login = (email: string, password = PASSWORD) =>
    api.http.post('/api/auth/login').send({ email, password });

  it('a member invited with a 254-character email accepts the invitation and logs in', async () => {
    const { auth } = await newOrgWithAdmin(api);
    const email = emailOfLength(254);
    expect(email).toHaveLength(254);
    const created = await api.http
      .post('/api/members')
      .set(auth)
      .send({ email, fullName: 'Long Address', role: 'volunteer' });
    expect(created.status).toBe(201);
    const token = new URL(created.body.invitationUrl).searchParams.get('token');
    const accepted = await api.http
      .post('/api/auth/accept-invite')
      .send({ token, password: PASSWORD });
    expect(accepted.status).toBe(200);
    expectProblem(await login(email, 'a-wrong-password'), 401, 'invalid-credentials');
    expect((await login(email)).status).toBe(200);
    expect((await login(email.toUpperCase())).status).toBe(200);
  });

  it('refuses a 255-character email with 400 naming the field', async () => {
    const { auth } = await newOrgWithAdmin(api);
    const email = emailOfLength(255);
    expect(email).toHaveLength(255);
    const invited = await api.http
      .post('/api/members')
      .set(auth)
      .send({ email, fullName: 'Too Long', role: 'volunteer' });
    expectProblem(invited, 400, 'validation-error');
    expect(fieldsOf(invited)).toEqual(['email']);
    const refused = await login(email);
    expectProblem(refused, 400, 'validation-error');
    expect(fieldsOf(refused)).toEqual(['email']);
  });
});
