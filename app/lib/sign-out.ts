/** Spec §2/§7: sign-out calls the API and always ends at /logga-in; errors are only logged. */
import { api, SIGN_IN_PATH } from "./api";
import { clearSessionExpiry } from "./session-clock";

export async function signOut(): Promise<void> {
  try {
    await api.call("/api/auth/sign-out", { method: "POST", responseType: "none", dontCatch: true });
  } catch (error) {
    console.warn(JSON.stringify({ level: "warn", msg: "sign-out failed", error: String(error) }));
  }
  clearSessionExpiry();
  window.location.assign(SIGN_IN_PATH);
}
