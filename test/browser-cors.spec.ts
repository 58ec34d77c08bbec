import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { freePort, newOrgWithAdmin, newPartner, TestApp } from '@app/testing';
import { startTestApi } from '../apps/api/test/test-api';

const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) =>
  existsSync(path),
);

interface PageResult {
  intake: number | 'blocked';
  location?: string | null;
  referenceNumber?: string;
  partners: number | 'blocked';
}

/**
 * A page as an organization's website or a staff console would serve it: it posts the intake form
 * to the API on another origin, then reads a staff route with a token, and shows what came back.
 */
function page(apiUrl: string, organizationId: string, token: string): string {
  return `<!doctype html><html><body><pre id="result">pending</pre><script>
(async () => {
  const result = {};
  try {
    const created = await fetch(${JSON.stringify(apiUrl)} + '/api/needs/public', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'form-' + Date.now() },
      body: JSON.stringify({ organizationId: ${JSON.stringify(organizationId)}, description: 'We need groceries' }),
    });
    result.intake = created.status;
    result.location = created.headers.get('Location');
    result.referenceNumber = (await created.json()).referenceNumber;
  } catch (error) {
    result.intake = 'blocked';
  }
  try {
    const partners = await fetch(${JSON.stringify(apiUrl)} + '/api/partners', {
      headers: { Authorization: 'Bearer ${token}' },
    });
    result.partners = partners.status;
  } catch (error) {
    result.partners = 'blocked';
  }
  document.getElementById('result').textContent = JSON.stringify(result);
})();
</script></body></html>`;
}

async function loadInChromium(url: string): Promise<PageResult> {
  const { stdout } = await promisify(execFile)(
    CHROMIUM!,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--virtual-time-budget=10000',
      '--dump-dom',
      url,
    ],
    { timeout: 60_000 },
  );
  const shown = /<pre id="result">([^<]*)<\/pre>/.exec(stdout)?.[1] ?? '';
  return JSON.parse(shown.replace(/&quot;/g, '"')) as PageResult;
}

if (!CHROMIUM) {
  console.warn(
    'Skipping the browser CORS test: Chromium is not installed (apt-get install chromium)',
  );
}

(CHROMIUM ? describe : describe.skip)('CORS in a real browser (headless Chromium)', () => {
  let api: TestApp;
  let site: Server;
  let sitePort: number;
  let apiUrl: string;
  let html = '';

  beforeAll(async () => {
    sitePort = await freePort();
    site = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(html);
    }).listen(sitePort, '127.0.0.1');
    api = await startTestApi({ CORS_ORIGINS: `http://localhost:${sitePort}` });
    await api.app.listen(0, '127.0.0.1');
    apiUrl = `http://127.0.0.1:${(api.app.getHttpServer().address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => site.close(resolve));
    await api.close();
  });

  async function organizationPage(): Promise<void> {
    const { org, auth } = await newOrgWithAdmin(api);
    await newPartner(api, org.id, { isDefault: true });
    html = page(apiUrl, org.id, auth.Authorization.slice('Bearer '.length));
  }

  it('lets a page on any origin submit the intake form, and keeps staff routes from it', async () => {
    await organizationPage();
    const result = await loadInChromium(`http://127.0.0.1:${sitePort}/`);
    expect(result.intake).toBe(201);
    expect(result.location).toMatch(/^\/api\/needs\/[0-9a-f-]{36}$/);
    expect(result.referenceNumber).toEqual(expect.any(String));
    expect(result.partners).toBe('blocked');
  }, 90_000);

  it('lets the console on a CORS_ORIGINS origin call staff routes with its token', async () => {
    await organizationPage();
    const result = await loadInChromium(`http://localhost:${sitePort}/`);
    expect(result.intake).toBe(201);
    expect(result.partners).toBe(200);
  }, 90_000);
});
