/** Small building blocks of the detail pane: a titled section and a label/value list that skips empty values. */
import type { ReactNode } from "react";
import { formatAddress } from "#shared/format";

export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="detail-section">
      <h3>{title}</h3>
      {children}
    </section>
  );
}

export function Facts({ items }: { items: [string, ReactNode][] }) {
  const shown = items.filter(([, value]) => value !== null && value !== undefined && value !== "");
  if (shown.length === 0) return null;
  return (
    <dl className="detail-facts">
      {shown.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export const joinAddress = (street: string | null, zip: string | null, city: string | null, careOf: string | null = null) =>
  formatAddress(street, zip, city, careOf) || null;
