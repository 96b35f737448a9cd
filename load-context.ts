import type { PlatformProxy } from "wrangler";
import type { WebEnv } from "./server";

type Cloudflare = Omit<PlatformProxy<WebEnv>, "dispose" | "caches" | "cf"> & { env: WebEnv };

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: Pick<Cloudflare, "env" | "ctx">;
  }
}
