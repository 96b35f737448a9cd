/**
 * Header for signed-in users (spec §2): logo home, free-text search, Bevakningar with its unread badge (issue 16),
 * Mina exporter with "Export pågår" and the notice when an export is done (issue 28), Om oss, Kontakt and the Konto popup. Screens add
 * their own buttons (Exportera, Dela, Listfiler on search pages) by rendering them inside <HeaderActions>, and name
 * them in their route's `handle` (HeaderActionsHandle): the server-rendered header then holds their place with
 * invisible copies of the same labels, which wrap as the buttons will, so the page below does not move down when the
 * buttons arrive after hydration (issue 48 point 6, layout shift).
 */
import { NavLink, useMatches } from "@remix-run/react";
import { type ReactNode, startTransition, useEffect, useState } from "react";
import { createPortal } from "react-dom";
import type { ActiveUser } from "#shared/api-contracts/subscription";
import { AccountPopup } from "./account-popup";
import { ExportNotice, ExportsLink } from "./exports/exports-link";
import { HeaderSearch } from "./header-search";
import { Logo } from "./logo";
import { MonitoringLink } from "./monitoring/monitoring-link";
import { SiteMenu } from "./site-menu";

const HEADER_ACTIONS_ID = "header-actions";

/** A route's `handle` when its screen renders <HeaderActions>: the buttons' labels, from the route's loader data. */
export interface HeaderActionsHandle {
  headerActions: (data: unknown) => readonly string[];
}

function useExpectedHeaderActions(): readonly string[] {
  for (const match of useMatches()) {
    const handle = match.handle as Partial<HeaderActionsHandle> | undefined;
    if (handle?.headerActions) return handle.headerActions(match.data);
  }
  return [];
}

/** Renders its children in the signed-in header's action slot (client side, after hydration). */
export function HeaderActions({ children }: { children: ReactNode }) {
  const [target, setTarget] = useState<Element | null>(null);
  // In a transition: the buttons render in slices after hydration, not in the task that runs its effects (decision 0071).
  useEffect(() => startTransition(() => setTarget(document.getElementById(HEADER_ACTIONS_ID))), []);
  return target ? createPortal(children, target) : null;
}

export function MainHeader({ user }: { user: ActiveUser }) {
  const expectedActions = useExpectedHeaderActions();
  return (
    <header className="site-header site-header--main">
      <div className="site-header__inner">
        <Logo />
        <HeaderSearch />
        <div id={HEADER_ACTIONS_ID} className="site-header__actions" />
        {/* The actions' place until they come (hidden by app.css once the slot above has any). */}
        {expectedActions.length > 0 ? (
          <div className="site-header__actions site-header__actions-placeholder" aria-hidden="true">
            {expectedActions.map((label) => (
              <div key={label} className="popup-anchor">
                <span className="nav-button">{label}</span>
              </div>
            ))}
          </div>
        ) : null}
        <SiteMenu variant="main">
          <MonitoringLink isActive={user.endUser.signedTerms} />
          <ExportsLink isActive={user.endUser.signedTerms} />
          <NavLink to="/om">Om oss</NavLink>
          <NavLink to="/kontakt">Kontakt</NavLink>
          <AccountPopup user={user} />
        </SiteMenu>
      </div>
      <ExportNotice />
    </header>
  );
}
