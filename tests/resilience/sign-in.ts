/** A fresh subscriber on a stack's state (quota 0, terms accepted), signed in: its Cookie header. */
import { createAccount } from "#scripts/accounts/cli";
import { openLocalBindings } from "#scripts/lib/local-bindings";

export async function signInCookie(url: string, stateDir: string): Promise<string> {
  const { env, dispose } = await openLocalBindings(stateDir);
  const username = `kill-${Date.now().toString(36)}`;
  const password = `Killtest-${crypto.randomUUID()}`;
  try {
    await createAccount(env.DB, {
      username,
      email: `${username}@test.urval.se`,
      firstName: "K",
      lastName: "T",
      password,
      quota: 0,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
  } finally {
    await dispose();
  }
  const headers = { "Content-Type": "application/json", Origin: url, "Sec-Fetch-Site": "same-origin" };
  const response = await fetch(`${url}/api/auth/sign-in/username-password`, {
    method: "POST",
    headers,
    body: JSON.stringify({ id: username, secret: password }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((l) => l.split(";")[0])
    .join("; ");
  await fetch(`${url}/sapi/subscription/accept-terms`, { method: "POST", headers: { ...headers, Cookie: cookie } });
  return cookie;
}
