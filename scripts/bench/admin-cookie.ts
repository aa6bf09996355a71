/** The admin's session cookie on a running instance (for the bench's admin calls). */
export async function adminCookie(url: string, password: string): Promise<string> {
  const answer = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  const cookie = answer.headers.get('set-cookie')?.split(';')[0];
  if (!answer.ok || !cookie) throw new Error(`bench login failed: ${answer.status}`);
  return cookie;
}
