import type { TokenPairDto } from '@assist/contracts';
import { AssistProblemError } from './assist-problem-error';
import { TokenSession, type TokenRenewal } from './token-session';

function pair(name: string, expiresIn = 900): TokenPairDto {
  return {
    accessToken: `access-${name}`,
    refreshToken: `refresh-${name}`,
    expiresIn,
    tokenType: 'Bearer',
  };
}

const refused = new AssistProblemError({
  type: '/problems/invalid-refresh-token',
  title: 'Invalid refresh token',
  status: 401,
  detail: 'The refresh token is unknown, expired or revoked',
});

async function accessToken(session: TokenSession): Promise<string | undefined> {
  return (await session.current())?.accessToken;
}

describe('TokenSession', () => {
  let now: number;
  let refreshes: string[];
  let logins: number;
  const clock = () => now;
  const refreshWith =
    (answer: (token: string) => Promise<TokenPairDto>): TokenRenewal['refresh'] =>
    async (token) => {
      refreshes.push(token);
      return answer(token);
    };
  const login = async () => pair(`login-${++logins}`);

  beforeEach(() => {
    now = 1_000_000;
    refreshes = [];
    logins = 0;
  });

  it('sends its tokens until shortly before they expire, then refreshes once for all callers', async () => {
    const session = new TokenSession({ refresh: refreshWith(async () => pair('b')) }, clock);
    session.start(pair('a', 60));
    now += 29_000;
    expect(await accessToken(session)).toBe('access-a');
    now += 2_000;
    const tokens = await Promise.all([1, 2, 3, 4, 5].map(() => accessToken(session)));
    expect(tokens).toEqual(Array(5).fill('access-b'));
    expect(refreshes).toEqual(['refresh-a']);
  });

  it('renews after a 401 once for concurrent calls, and not again for tokens already replaced', async () => {
    const session = new TokenSession({ refresh: refreshWith(async () => pair('b')) }, clock);
    session.start(pair('a'));
    const rejected = await session.current();
    const retries = await Promise.all([1, 2, 3].map(() => session.renewAfterRejection(rejected)));
    expect(retries).toEqual([true, true, true]);
    expect(await session.renewAfterRejection(rejected)).toBe(true);
    expect(refreshes).toEqual(['refresh-a']);
    expect(await accessToken(session)).toBe('access-b');
  });

  it('retries after a renewal even when the new access token reads like the old one', async () => {
    const session = new TokenSession({ refresh: refreshWith(async () => pair('a')) }, clock);
    session.start(pair('a'));
    expect(await session.renewAfterRejection(await session.current())).toBe(true);
    expect(refreshes).toEqual(['refresh-a']);
  });

  it('logs in with credentials when it has no tokens, and again when the refresh token is refused', async () => {
    const session = new TokenSession(
      { refresh: refreshWith(() => Promise.reject(refused)), login },
      clock,
    );
    expect(await accessToken(session)).toBe('access-login-1');
    expect(await session.renewAfterRejection(await session.current())).toBe(true);
    expect(refreshes).toEqual(['refresh-login-1']);
    expect(await accessToken(session)).toBe('access-login-2');
  });

  it('without credentials, forgets refused tokens and lets the 401 stand', async () => {
    const session = new TokenSession(
      { refresh: refreshWith(() => Promise.reject(refused)) },
      clock,
    );
    session.start(pair('a'));
    expect(await session.renewAfterRejection(await session.current())).toBe(false);
    expect(await session.current()).toBeNull();
    expect(await session.renewAfterRejection(null)).toBe(false);
  });

  it('keeps its tokens when the refresh fails for another reason (the network), and says why', async () => {
    const down = new TypeError('fetch failed');
    const session = new TokenSession(
      { refresh: refreshWith(() => Promise.reject(down)), login },
      clock,
    );
    session.start(pair('a', 10));
    await expect(session.current()).rejects.toBe(down);
    expect(session.refreshToken).toBe('refresh-a');
    expect(logins).toBe(0);
  });
});
