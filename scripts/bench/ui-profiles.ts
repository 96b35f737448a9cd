/**
 * The devices bench:ui measures on (issue 29): the desktop (1280 × 900, the machine's own CPU and network, issue 8's
 * figures) and a phone: 390 × 844 with touch, the CPU slowed 4× and DevTools' "Slow 4G" network (562.5 ms latency,
 * 1.44 Mbit/s down, 675 kbit/s up), both through the Chrome DevTools protocol, on every page before it loads.
 */
import type { BrowserContextOptions, Page } from "playwright-core";

export interface UiProfile {
  name: "desktop" | "phone";
  /** The heading of the area in BENCHMARKS.md. */
  area: string;
  context: BrowserContextOptions;
  /** CPU slowdown factor (Emulation.setCPUThrottlingRate); 1 = none. */
  cpuSlowdown: number;
  /** Network.emulateNetworkConditions; null = none. */
  network: { latency: number; downloadThroughput: number; uploadThroughput: number } | null;
  targets: { click: number; firstRender: number; scriptsKb: number };
  /** The filters sit in the drawer behind 'Filter' (search-narrow.css). */
  filterDrawer: boolean;
  /** Filter rows clicked per sidebar list (the phone's clicks are slow: a few per list tell the figure). */
  clicksPerList: number;
}

/** How the benchmark starts Debian Chromium (bench:ui's own browser and Lighthouse's). */
export const CHROMIUM_ARGS = "--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking".split(
  " ",
);

/** DevTools' "Slow 4G" preset (Chrome 126 on): Lighthouse's slow 4G scaled as DevTools applies it to real requests. */
const SLOW_4G = { latency: 562.5, downloadThroughput: (1.44 * 1_000_000) / 8, uploadThroughput: (675 * 1_000) / 8 };

export const UI_PROFILES: Record<UiProfile["name"], UiProfile> = {
  desktop: {
    name: "desktop",
    area: "Search screen in Chromium",
    context: { viewport: { width: 1280, height: 900 } },
    cpuSlowdown: 1,
    network: null,
    targets: { click: 150, firstRender: 1_000, scriptsKb: 200 },
    filterDrawer: false,
    clicksPerList: Number.POSITIVE_INFINITY,
  },
  phone: {
    name: "phone",
    area: "Search screen in Chromium, phone profile",
    context: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 },
    cpuSlowdown: 4,
    network: SLOW_4G,
    // First contentful paint: web.dev's "good" line for a phone (1.8 s) plus one of the profile's round trips, since
    // DevTools adds its 562.5 ms to every request where Lighthouse only simulates. Click → count: one round trip
    // plus the search, within the 1 s that keeps a user's flow of thought (RAIL).
    targets: { click: 1_000, firstRender: 2_400, scriptsKb: 200 },
    filterDrawer: true,
    clicksPerList: 4,
  },
};

/** Slows the page's CPU and network as the profile says; call before the page loads anything. */
export async function applyThrottling(page: Page, profile: UiProfile): Promise<void> {
  if (profile.cpuSlowdown === 1 && !profile.network) return;
  const cdp = await page.context().newCDPSession(page);
  if (profile.cpuSlowdown !== 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate: profile.cpuSlowdown });
  if (profile.network) {
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", { offline: false, ...profile.network });
  }
}
