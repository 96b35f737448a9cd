/**
 * Boolean filters (spec §5): each is 'Alla', 'Ja' or 'Nej' with the counts of the selection and of all of Sweden;
 * a flag declared with an `excludeLabel` (the stock-shelf filter: 'Exkludera lagerbolag', shelfCompany = false) is one
 * checkbox while it is not set to 'Ja'. A flag that may be unknown ('Gasellföretag' with too few periods) says how many of
 * the selection are in neither value while it is not set: "Uppgift saknas för 1 234 företag".
 */
import { memo } from "react";
import { formatNumber } from "#shared/format";
import type { Aggregations } from "#shared/search/result-schemas";
import { BOOL_FILTERS, flagDef, type BoolFilter, type ResultType } from "#shared/search/search-fields";
import { hyphenateSv } from "../../lib/hyphenate-sv";
import { recordsText } from "../../lib/search/range-histogram";

interface BoolFiltersProps {
  names: readonly BoolFilter[];
  values: Partial<Record<BoolFilter, boolean>>;
  aggregations: Aggregations | undefined;
  /** The selection's hit count, with `aggregations` (the unknown ones of a flag that may be unknown are the rest). */
  hitCount?: number | undefined;
  type: ResultType;
  onChange: (name: BoolFilter, value: boolean | undefined) => void;
}

/** The selection's records in neither value of a free flag that may be unknown; null when not known or not such a flag. */
function unknownCount(name: BoolFilter, value: boolean | undefined, aggregations: Aggregations | undefined, hitCount?: number) {
  const counts = aggregations?.[name];
  if (!flagDef(name).mayBeUnknown || value !== undefined || !counts || hitCount === undefined) return null;
  return hitCount - (counts.true ?? 0) - (counts.false ?? 0);
}

function countText(aggregations: Aggregations | undefined, name: BoolFilter, key: "true" | "false"): string {
  const count = aggregations?.[name]?.[key];
  const all = aggregations?.[`${name}_all`]?.[key];
  if (count === undefined) return "";
  return ` (${formatNumber(count)} av ${formatNumber(all ?? 0)})`;
}

function BoolSelect({
  name,
  value,
  aggregations,
  hitCount,
  type,
  onChange,
}: { name: BoolFilter } & Omit<BoolFiltersProps, "names" | "values"> & {
    value: boolean | undefined;
  }) {
  const id = `bool-${name}`;
  const unknown = unknownCount(name, value, aggregations, hitCount);
  return (
    <div className={value === undefined ? "bool-filter" : "bool-filter bool-filter--active"}>
      <label htmlFor={id}>{hyphenateSv(BOOL_FILTERS[name].label)}</label>
      <select
        id={id}
        aria-describedby={unknown ? `${id}-unknown` : undefined}
        value={value === undefined ? "" : String(value)}
        onChange={(event) => onChange(name, event.target.value === "" ? undefined : event.target.value === "true")}
      >
        <option value="">Alla</option>
        <option value="true">{`Ja${countText(aggregations, name, "true")}`}</option>
        <option value="false">{`Nej${countText(aggregations, name, "false")}`}</option>
      </select>
      {unknown ? (
        <p id={`${id}-unknown`} className="bool-filter__unknown">
          Uppgift saknas för {recordsText(unknown, type)}
        </p>
      ) : null}
    </div>
  );
}

export const BoolFilters = memo(function BoolFilters({ names, values, aggregations, hitCount, type, onChange }: BoolFiltersProps) {
  return (
    <div className="bool-filters">
      {names.map((name) => {
        const excludeLabel = flagDef(name).excludeLabel;
        return excludeLabel !== undefined && values[name] !== true ? (
          <label key={name} className="bool-filter bool-filter--check">
            <input
              type="checkbox"
              checked={values[name] === false}
              onChange={(event) => onChange(name, event.target.checked ? false : undefined)}
            />
            <span>{excludeLabel}</span>
            <span className="muted">{countText(aggregations, name, "false")}</span>
          </label>
        ) : (
          <BoolSelect
            key={name}
            name={name}
            value={values[name]}
            aggregations={aggregations}
            hitCount={hitCount}
            type={type}
            onChange={onChange}
          />
        );
      })}
    </div>
  );
});
