import type { MiddlewareHandler } from "hono";
import { AppError } from "#shared/errors";
import { CLIENT_VERSION, CLIENT_VERSION_HEADER, parseClientVersion } from "#shared/version";
import type { ApiBindings } from "../env";

/** A browser client older than the server gets 418 (spec §7–§8: "Ny version"); scripts without the header pass. */
export const clientVersionGate = (): MiddlewareHandler<ApiBindings> => async (c, next) => {
  const clientVersion = parseClientVersion(c.req.header(CLIENT_VERSION_HEADER));
  if (clientVersion !== undefined && clientVersion < CLIENT_VERSION) {
    throw new AppError("CLIENT_OUTDATED", 418, "Ny version av Urval finns. Ladda om sidan.");
  }
  await next();
};
