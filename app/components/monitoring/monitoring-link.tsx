/**
 * The header's 'Bevakningar' link with the unread badge (issue 16); the count is polled while the page is open, once
 * the terms are accepted (until then the API refuses everything but the terms calls).
 */
import "../../styles/search-actions.css";
import { NavLink } from "@remix-run/react";
import { useMonitoringSnapshot, useUnreadPolling } from "../../lib/monitoring/monitoring-store";

export function MonitoringLink({ isActive }: { isActive: boolean }) {
  useUnreadPolling(isActive);
  const { unread } = useMonitoringSnapshot();
  return (
    <NavLink to="/bevakningar">
      Bevakningar
      {unread > 0 ? (
        <span className="badge" data-testid="monitoring-unread">
          <span className="visually-hidden">, olästa: </span>
          {unread}
        </span>
      ) : null}
    </NavLink>
  );
}
