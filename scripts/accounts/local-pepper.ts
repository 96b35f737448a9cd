/** The password pepper the local API worker uses: the dev-only values in workers/api/wrangler.toml [vars]. */
import { unstable_readConfig } from "wrangler";
import { AuthConfigSchema, type Pepper } from "#api/tooling";
import { API_CONFIG } from "../lib/local-bindings";

export function localPepper(): Pepper {
  const config = AuthConfigSchema.parse(unstable_readConfig({ config: API_CONFIG }).vars);
  return { id: config.PASSWORD_PEPPER_ID, secret: config.PASSWORD_PEPPER };
}

/** For --remote: the production pepper must be given by the operator (it is a wrangler secret of the worker). */
export function pepperFromEnvironment(): Pepper {
  const secret = process.env.URVAL_PASSWORD_PEPPER;
  const id = process.env.URVAL_PASSWORD_PEPPER_ID;
  if (!secret || !id) throw new Error("--remote needs URVAL_PASSWORD_PEPPER and URVAL_PASSWORD_PEPPER_ID (the worker's secret and id)");
  return { id, secret };
}
