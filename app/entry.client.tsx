import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { holdEarlyInput } from "./lib/hold-early-input";

// Before React listens: input that arrives before the page's data is kept from React (see lib/hold-early-input.ts).
holdEarlyInput(window);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
