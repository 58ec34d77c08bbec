import { newOrgWithAdmin, SmtpSink, startSmtpSink, TestApp } from '@app/testing';
import { startTestApi } from '../../../test/test-api';

/** Undoes quoted-printable transfer encoding (soft line breaks and =XX escapes). */
function decodeQuotedPrintable(body: string): string {
  return body
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describe('member invitations through the system SMTP relay', () => {
  let sink: SmtpSink;
  let api: TestApp;

  beforeAll(async () => {
    sink = await startSmtpSink();
    api = await startTestApi({
      SYSTEM_SMTP_URL: sink.url(),
      SYSTEM_EMAIL_FROM: 'no-reply@app.test',
    });
  });
  afterAll(async () => {
    await api.close();
    await sink.close();
  });

  it('emails the invitation link and reports SENT', async () => {
    const { org, auth } = await newOrgWithAdmin(api);
    const response = await api.http
      .post('/api/members')
      .set(auth)
      .send({ email: 'welcome@example.org', fullName: 'Welcome Member', role: 'staff' });
    expect(response.status).toBe(201);
    expect(response.body.invitationStatus).toBe('SENT');
    const mail = sink.received.find((received) =>
      received.envelopeTo.includes('welcome@example.org'),
    );
    expect(mail).toMatchObject({
      envelopeFrom: 'no-reply@app.test',
      subject: `You are invited to ${org.name}`,
    });
    expect(mail!.headers['content-transfer-encoding']).toBe('quoted-printable');
    expect(decodeQuotedPrintable(mail!.body)).toContain(response.body.invitationUrl);
  });
});
