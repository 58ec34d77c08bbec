import { listRoutes } from '@app/auth';
import { TestApp } from '@app/testing';
import { startTestApi } from '../apps/api/test/test-api';

/**
 * Every route with the access it declares. A change here is a permission change: review it against
 * docs/PERMISSIONS.md, then update the snapshot with `npm test -- test/route-permissions -u`.
 */
describe('route permissions', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('declares an access rule on every route', () => {
    expect(listRoutes(api.app).filter((route) => route.access === 'UNDECLARED')).toEqual([]);
  });

  it('matches the reviewed list', () => {
    const lines = listRoutes(api.app).map(
      (r) => `${r.method.padEnd(6)} ${r.path.padEnd(52)} ${r.access}`,
    );
    expect(lines).toMatchSnapshot();
  });
});
