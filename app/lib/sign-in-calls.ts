/** The sign-in calls of spec §7. Their 401s belong to the form (dontCatch): a wrong password is not an expired session. */
import type { OneTimeCodeCreateAnswer, OneTimeCodeType } from "#shared/api-contracts/auth";
import { api } from "./api";
import { noteSessionExpiry } from "./session-clock";

/** The answers' schemas load with the first call, not with the sign-in page (decision 0063). */
const authApi = () => import("#shared/api-contracts/auth");

export async function signInWithPassword(id: string, secret: string): Promise<void> {
  const answer = await api.call("/api/auth/sign-in/username-password", {
    method: "POST",
    body: { id, secret },
    schema: authApi().then((contract) => contract.SessionAnswerSchema),
    dontCatch: true,
  });
  noteSessionExpiry(answer.expiresAt);
}

export function createOneTimeCode(id: string, type: OneTimeCodeType): Promise<OneTimeCodeCreateAnswer> {
  return api.call("/api/auth/sign-in/one-time-code/create", {
    method: "POST",
    body: { id, type, secret: "" },
    schema: authApi().then((contract) => contract.OneTimeCodeCreateAnswerSchema),
    dontCatch: true,
  });
}

export async function confirmOneTimeCode(codeId: string, code: string): Promise<void> {
  const answer = await api.call("/api/auth/login/one-time-code/confirm", {
    method: "POST",
    body: { codeId, code },
    schema: authApi().then((contract) => contract.SessionAnswerSchema),
    dontCatch: true,
  });
  noteSessionExpiry(answer.expiresAt);
}

/** Aborting is best effort: the code expires anyway. */
export async function abortOneTimeCode(codeId: string): Promise<void> {
  try {
    await api.call("/api/auth/login/one-time-code/abort", { method: "POST", body: { codeId }, responseType: "none", dontCatch: true });
  } catch (error) {
    console.warn(JSON.stringify({ level: "warn", msg: "one-time code abort failed", error: String(error) }));
  }
}
