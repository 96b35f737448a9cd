/**
 * The search screen's left sidebar (spec §2, §5): the result-type switch and every filter group that applies to the
 * result type, each with counts for the selection and for all of Sweden. The filters of limited companies show only
 * while the company-form filter allows limited companies (forms 41, 42, 49), or while one of them is set. An open
 * group of range filters shows the distribution of one of them (issue 39): its first set filter's, or its first's,
 * until another's 'Visa fördelning' is chosen; the most recently opened group's is the one asked for.
 */
import { useCallback, useEffect, useMemo, useRef, memo } from "react";
import { HISTOGRAM_FIELDS, type HistogramField } from "#shared/search/histogram-fields";
import {
  CODE_SETS,
  codeSetsOf,
  RANGE_GROUPS,
  type BoolFilter,
  type FlatCodeSet,
  type RangeField,
  type TreeCodeSet,
} from "#shared/search/search-fields";
import type { Search } from "#shared/search/search-schema";
import { facetEntries } from "../../lib/search/facet-entries";
import { flagFields, LIMITED_COMPANY_FIELDS, RANGE_GROUP_NAMES, rangeGroupFields } from "../../lib/search/filter-groups";
import { drawable } from "../../lib/search/range-histogram";
import { setBool, setMatchOption, setRange, toggleCode, toggleExcluded } from "../../lib/search/search-edit";
import type { SearchRefdata } from "../../lib/search/search-refdata";
import { BoolFilters } from "./bool-filters";
import { CodeFacet } from "./code-facet";
import { FilterGroup } from "./filter-group";
import { RangeFilter } from "./range-filter";
import { useSearchScreen, useSearchStates } from "./search-context";
import { TypeSwitch } from "./type-switch";
import { TreeGroup } from "./tree-group";

const LIMITED_FORMS = ["41", "42", "49"];

export function limitedCompanyFiltersApply(search: Search): boolean {
  if (search.resultType !== "COMPANY") return false;
  const forms = search.codeSet.companyForm ?? [];
  return (
    forms.length === 0 ||
    forms.some((form) => LIMITED_FORMS.includes(form)) ||
    LIMITED_COMPANY_FIELDS.some((f) => search.range[f] !== undefined)
  );
}

const hasHistogram = (field: RangeField): field is HistogramField => (HISTOGRAM_FIELDS as readonly RangeField[]).includes(field);

interface RangeGroupProps {
  title: string;
  fields: RangeField[];
  search: Search;
  onChange: (f: RangeField, v: string | undefined) => void;
}

function RangeGroup({ title, fields, search, onChange }: RangeGroupProps) {
  if (fields.length === 0) return null;
  const active = fields.filter((field) => search.range[field] !== undefined).length;
  return (
    <FilterGroup title={title} active={active}>
      <RangeFields fields={fields} search={search} onChange={onChange} />
    </FilterGroup>
  );
}

/** The open group's filters: mounted only while the group is open, which is when a distribution is asked for. */
function RangeFields({ fields, search, onChange }: Omit<RangeGroupProps, "title">) {
  const { controller } = useSearchScreen();
  const { current, deferred } = useSearchStates();
  const { histogramField } = current;
  const { results, spinner } = deferred;
  const opened = useRef(search);
  const key = fields.join();
  useEffect(() => {
    const shown = fields.filter(hasHistogram);
    const first = shown.find((field) => opened.current.range[field] !== undefined) ?? shown[0];
    if (first) controller.showHistogram(first);
    return () => controller.hideHistogram(fields);
    // The group's fields, not their values: a new search does not move the distribution to another field.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [controller, key]);
  const onShow = useCallback(
    (field: RangeField) => {
      if (hasHistogram(field)) controller.showHistogram(field);
    },
    [controller],
  );
  return fields.map((field) => (
    <RangeFilter
      key={field}
      field={field}
      value={search.range[field]}
      onChange={onChange}
      histogram={field === histogramField ? (drawable(results?.histogram, field) ? results.histogram : null) : undefined}
      type={search.resultType}
      stale={spinner}
      onShowHistogram={hasHistogram(field) ? onShow : undefined}
    />
  ));
}

function EntriesGroup({ set, title, refdata }: { set: FlatCodeSet; title: string; refdata: SearchRefdata }) {
  const { edit } = useSearchScreen();
  const { current, deferred } = useSearchStates();
  const { search } = current;
  const { results, spinner, resultsOutdated } = deferred;
  const aggregations = results?.aggregations;
  const chosen = search.codeSet[set];
  const selected = useMemo(() => chosen ?? [], [chosen]);
  const left = search.excludeCodeSet[set];
  const excluded = useMemo(() => left ?? [], [left]);
  const rows = useMemo(
    () => facetEntries(refdata.entries[set], selected, aggregations?.[set], aggregations?.[`${set}_all`], excluded),
    [refdata, set, selected, excluded, aggregations],
  );
  const onToggle = useCallback((code: string) => edit((s) => toggleCode(s, set, code)), [edit, set]);
  const onExclude = useCallback((code: string) => edit((s) => toggleExcluded(s, set, code)), [edit, set]);
  return (
    <FilterGroup title={title} active={selected.length + excluded.length}>
      <CodeFacet label={title} rows={rows} onToggle={onToggle} onExclude={onExclude} stale={spinner} outdated={resultsOutdated} />
    </FilterGroup>
  );
}

/** Memoised: it re-renders from the search state, not from every render of the screen. */
export const Sidebar = memo(function Sidebar() {
  const { update, edit, refdata } = useSearchScreen();
  const { current, deferred } = useSearchStates();
  const { search } = current;
  const { results, resultsOutdated } = deferred;
  const type = search.resultType;
  const onRange = useCallback((field: RangeField, value: string | undefined) => edit((s) => setRange(s, field, value)), [edit]);
  const onBool = useCallback((name: BoolFilter, value: boolean | undefined) => edit((s) => setBool(s, name, value)), [edit]);
  const bools = flagFields(type);
  const activeBools = bools.filter((name) => search.bool[name] !== undefined).length;
  return (
    <aside className="sidebar" aria-label="Filter">
      <TypeSwitch search={search} onSwitch={update} />
      {refdata ? (
        <>
          {/* The result type's code sets in declaration order: a tree's editor, a flat set's entries (search-fields.ts). */}
          {codeSetsOf(type).map((set) =>
            CODE_SETS[set].kind === "tree" ? (
              <TreeGroup key={set} set={set as TreeCodeSet} title={CODE_SETS[set].label} />
            ) : (
              <EntriesGroup key={set} set={set as FlatCodeSet} title={CODE_SETS[set].label} refdata={refdata} />
            ),
          )}
        </>
      ) : (
        <p className="sidebar__loading" aria-busy="true">
          Filtren laddas…
        </p>
      )}
      {RANGE_GROUP_NAMES.map((group) =>
        RANGE_GROUPS[group].limitedCompanies && !limitedCompanyFiltersApply(search) ? null : (
          <RangeGroup
            key={group}
            title={RANGE_GROUPS[group].title[type]}
            fields={rangeGroupFields(group, type)}
            search={search}
            onChange={onRange}
          />
        ),
      )}
      <FilterGroup title="Egenskaper" active={activeBools}>
        <BoolFilters
          names={bools}
          values={search.bool}
          aggregations={resultsOutdated ? undefined : results?.aggregations}
          hitCount={resultsOutdated ? undefined : results?.hitCount}
          type={type}
          onChange={onBool}
        />
      </FilterGroup>
      {type === "COMPANY" ? <MatchOptions search={search} onChange={update} /> : null}
    </aside>
  );
});

function MatchOptions({ search, onChange }: { search: Search; onChange: (s: Search) => void }) {
  return (
    <FilterGroup title="Sökalternativ" active={(search.bool.useMainSni ? 0 : 1) + (search.bool.useLocation ? 0 : 1)}>
      <label className="check-row">
        <input
          type="checkbox"
          checked={!search.bool.useMainSni}
          onChange={(e) => onChange(setMatchOption(search, "useMainSni", !e.target.checked))}
        />
        <span>Sök även på bibranscher</span>
      </label>
      <label className="check-row">
        <input
          type="checkbox"
          checked={!search.bool.useLocation}
          onChange={(e) => onChange(setMatchOption(search, "useLocation", !e.target.checked))}
        />
        <span>Sök även på arbetsställenas plats</span>
      </label>
    </FilterGroup>
  );
}
