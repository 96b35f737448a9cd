import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const tab = { opener: {} as unknown, location: { href: "about:blank" }, close: vi.fn() };
const open = vi.fn(() => tab);
const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response("{}", { status: 200 }));

beforeEach(() => {
  vi.resetModules();
  tab.location.href = "about:blank";
  tab.opener = {};
  open.mockClear();
  fetchMock.mockClear();
  vi.stubGlobal("window", { open, location: { pathname: "/sok", search: "?vad=x", assign: vi.fn() } });
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

async function load() {
  const api = await import("./api");
  const clock = await import("./session-clock");
  return { ...api, ...clock };
}

describe("openWithPreflight (spec §7: preflight when the session expires within 2 s)", () => {
  it("opens the link directly while the session has time left", async () => {
    const { openWithPreflight, noteSessionExpiry } = await load();
    noteSessionExpiry(Date.now() + 60_000);
    await openWithPreflight("/sapi/annual-report/open/R1?orgNo=556016-0680&period=2023-12-31");
    expect(fetchMock).not.toHaveBeenCalled();
    expect(open).toHaveBeenCalledWith("/sapi/annual-report/open/R1?orgNo=556016-0680&period=2023-12-31", "_blank", "noopener");
  });

  it("calls GET /sapi/preflight first when the session ends within 2 s, then points the new tab at the link", async () => {
    const { openWithPreflight, noteSessionExpiry } = await load();
    noteSessionExpiry(Date.now() + 1_500);
    await openWithPreflight("/sapi/annual-report/open/R2?orgNo=556016-0680&period=2023");
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe("/sapi/preflight");
    expect(open).toHaveBeenCalledWith("about:blank", "_blank");
    expect(tab.opener).toBeNull();
    expect(tab.location.href).toBe("/sapi/annual-report/open/R2?orgNo=556016-0680&period=2023");
  });

  it("closes the blank tab when the preflight fails", async () => {
    fetchMock.mockImplementation(async () => new Response('{"type":"ERROR","message":"x","code":"X","requestId":"r"}', { status: 500 }));
    const { openWithPreflight, noteSessionExpiry } = await load();
    noteSessionExpiry(Date.now() - 1);
    await openWithPreflight("/x");
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe("about:blank");
  });
});
