/** A fresh subscriber on a stack's state (quota 0, terms accepted), signed in: its Cookie header. */
import { signInToStack } from "../../support/stack-client";
import { createExportAccount } from "./export-ledger";

export async function signInCookie(url: string, stateDir: string): Promise<string> {
  return signInToStack(url, await createExportAccount(stateDir, "kill", 0));
}
