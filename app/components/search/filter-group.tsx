/** A collapsible sidebar group: a heading button (with how many of its filters are active) over its content. */
import { type ReactNode, useId, useState } from "react";

interface FilterGroupProps {
  title: string;
  /** Active constraints in the group; a group with any starts open. */
  active?: number;
  defaultOpen?: boolean;
  children: ReactNode;
}

export function FilterGroup({ title, active = 0, defaultOpen = false, children }: FilterGroupProps) {
  const [open, setOpen] = useState(defaultOpen || active > 0);
  const bodyId = useId();
  return (
    <section className="filter-group">
      <h2 className="filter-group__heading">
        <button
          type="button"
          className="filter-group__toggle"
          aria-expanded={open}
          aria-controls={open ? bodyId : undefined}
          onClick={() => setOpen(!open)}
        >
          <span>{title}</span>
          {active > 0 ? (
            <span className="filter-group__badge">
              {active}
              <span className="visually-hidden">{active === 1 ? " vald" : " valda"}</span>
            </span>
          ) : null}
        </button>
      </h2>
      {/* A closed group renders nothing: fewer nodes to update on every search. */}
      {open ? (
        <div id={bodyId} className="filter-group__body">
          {children}
        </div>
      ) : null}
    </section>
  );
}
