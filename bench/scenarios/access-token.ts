/** An access token for the member, by logging in. */
export async function accessToken(
  baseUrl: string,
  email: string,
  password: string,
): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`bench login failed with ${response.status}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}
