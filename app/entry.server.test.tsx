import type { AppLoadContext } from "@remix-run/cloudflare";
import { afterEach, describe, expect, it, vi } from "vitest";
import { handleError } from "./entry.server";

/** Loader arguments; handleError reads only the request. */
const context = {} as AppLoadContext;
const args = (url: string, method = "GET", signal?: AbortSignal) => ({
  request: new Request(url, { method, signal }),
  params: {},
  context,
});

/** Remix's 404 for an unknown address: an ErrorResponse whose inner error quotes the address. */
function noRouteMatches(pathname: string) {
  return {
    status: 404,
    statusText: "Not Found",
    internal: true,
    data: `Error: No route matches URL "${pathname}"`,
    error: new Error(`No route matches URL "${pathname}"`),
  };
}

afterEach(() => vi.restoreAllMocks());

describe("handleError", () => {
  it("logs an unknown address as one info line without the address", () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    handleError(noRouteMatches("/sok/kund@foretag.se"), args("http://localhost/sok/kund@foretag.se?vad=Hemlig"));
    expect(error).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledTimes(1);
    const line = String(log.mock.calls[0]?.[0]);
    expect(JSON.parse(line)).toMatchObject({ level: "info", msg: "page request refused", method: "GET", status: 404 });
    expect(line).not.toMatch(/kund|Hemlig|sok/);
  });

  it("logs a failing loader as one JSON error line", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    handleError(new TypeError("boom"), args("http://localhost/sok?vad=Hemlig", "POST"));
    expect(error).toHaveBeenCalledTimes(1);
    const line = String(error.mock.calls[0]?.[0]);
    expect(JSON.parse(line)).toMatchObject({
      level: "error",
      msg: "page request failed",
      method: "POST",
      error: "TypeError",
      errorMessage: "boom",
    });
    expect(line).not.toContain("Hemlig");
  });

  it("stays silent for a request the browser aborted", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const controller = new AbortController();
    controller.abort();
    handleError(new Error("aborted"), args("http://localhost/sok", "GET", controller.signal));
    expect(error).not.toHaveBeenCalled();
  });
});
