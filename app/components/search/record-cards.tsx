/**
 * Result cards (spec §2, §3): a company card (at most 2 phone numbers, credit grade 'n av 4') and a worksite card.
 * The name opens the detail pane; in selection mode a checkbox marks the record for export; a company card has
 * 'Bevaka företaget' / 'Sluta bevaka' (issue 16).
 */
import { memo, type ReactNode } from "react";
import { formatAddress, formatBoolean, formatCreditGrade, formatDate, formatMoney, formatNumber, formatSniCode } from "#shared/format";
import type { CompanyRecord, WorksiteRecord } from "#shared/search/result-schemas";
import { WatchButton } from "../monitoring/watch-button";

/** Spec §2, §9: cards show at most 2 phone numbers. */
export const MAX_CARD_PHONES = 2;

interface CardShellProps {
  id: string;
  name: string;
  subtitle: ReactNode;
  isOpen: boolean;
  /** Selection mode is on: the card shows its checkbox. */
  marking: boolean;
  marked: boolean;
  onToggleMark: (id: string) => void;
  onOpen: (id: string) => void;
  children: ReactNode;
  /** Below the facts (a company card's 'Bevaka företaget', issue 16). */
  actions?: ReactNode;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === "") return null;
  return (
    <div className="card-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function CardShell({ id, name, subtitle, isOpen, marking, marked, onToggleMark, onOpen, children, actions }: CardShellProps) {
  return (
    <article
      className={isOpen ? "record-card record-card--open" : "record-card"}
      aria-current={isOpen ? "true" : undefined}
      data-record-id={id}
    >
      {marking ? (
        <input
          type="checkbox"
          className="record-card__mark"
          checked={marked}
          onChange={() => onToggleMark(id)}
          aria-label={`Markera ${name}`}
        />
      ) : null}
      <div className="record-card__body">
        <h3 className="record-card__name">
          <button type="button" className="record-card__open" onClick={() => onOpen(id)} aria-expanded={isOpen}>
            {name}
          </button>
        </h3>
        <p className="record-card__subtitle">{subtitle}</p>
        <dl className="record-card__facts">{children}</dl>
        {actions}
      </div>
    </article>
  );
}

const sniText = (codes: string[], names: string[]) =>
  codes.length === 0
    ? "Ingen registrerad bransch"
    : `${formatSniCode(codes[0] ?? "")} ${names[0] ?? ""}${codes.length > 1 ? ` (+${codes.length - 1})` : ""}`;

const money = (value: number | null) => (value === null ? null : formatMoney(value));

type Common = Omit<CardShellProps, "id" | "name" | "subtitle" | "children" | "actions">;

/** Cards are memoised: appending a page renders only the new ones. */
export const CompanyCard = memo(function CompanyCard({ record, ...shell }: { record: CompanyRecord } & Common) {
  const phones = record.phoneNumbers.slice(0, MAX_CARD_PHONES);
  const manager = record.managerName ? `${record.managerName}${record.managerAge ? `, ${record.managerAge} år` : ""}` : null;
  return (
    <CardShell
      id={String(record.orgSeqNo)}
      name={record.name}
      subtitle={`${record.orgNo} · ${record.municipalityName}, ${record.countyName}`}
      actions={<WatchButton orgSeqNo={record.orgSeqNo} name={record.name} />}
      {...shell}
    >
      <Fact label="Adress">{formatAddress(record.streetAddress, record.zip, record.city, record.careOf)}</Fact>
      <Fact label="Telefon">{phones.length ? phones.join(", ") : null}</Fact>
      <Fact label="Bransch">{sniText(record.sniCodes, record.sniNames)}</Fact>
      <Fact label={record.managerTitle ?? "Befattningshavare"}>{manager}</Fact>
      <Fact label="Omsättning">{money(record.turnover)}</Fact>
      <Fact label="Resultat">{money(record.earnings)}</Fact>
      <Fact label="Anställda">{record.numEmployees === null ? null : formatNumber(record.numEmployees)}</Fact>
      <Fact label="Kreditbetyg">{record.scoring === null ? null : formatCreditGrade(record.scoring)}</Fact>
      <Fact label="Registreringsdatum">{formatDate(record.createdDate)}</Fact>
      <Fact label="Koncernmoder">{record.companyGroupMotherName}</Fact>
      <Fact label="F-skatt">{formatBoolean(record.fTaxReg)}</Fact>
      <Fact label="Moms">{formatBoolean(record.vatReg)}</Fact>
    </CardShell>
  );
});

export const WorksiteCard = memo(function WorksiteCard({ record, ...shell }: { record: WorksiteRecord } & Common) {
  const subtitle = (
    <>
      {record.headquarters ? <span className="tag">Huvudkontor</span> : null}
      {`${record.companyName} (${record.orgNo}) · ${record.municipalityName}, ${record.countyName}`}
    </>
  );
  return (
    <CardShell id={record.cfarNo} name={record.name} subtitle={subtitle} {...shell}>
      <Fact label="Adress">{formatAddress(record.streetAddress, record.zip, record.city, record.careOf)}</Fact>
      <Fact label="Telefon">{record.phoneNumber}</Fact>
      <Fact label="Bransch">{sniText(record.sniCodes, record.sniNames)}</Fact>
      <Fact label="Storleksklass">{record.employeeRange}</Fact>
      <Fact label="Startdatum">{formatDate(record.activeFrom)}</Fact>
      <Fact label="Företagets omsättning">{money(record.companyTurnover)}</Fact>
      <Fact label="Företagets resultat">{money(record.companyEarningsAfterNetInterestIncome)}</Fact>
      <Fact label="Företagets anställda">
        {record.companyNumberOfEmployees === null ? null : formatNumber(record.companyNumberOfEmployees)}
      </Fact>
      <Fact label="F-skatt">{formatBoolean(record.companyFTax)}</Fact>
      <Fact label="Moms">{formatBoolean(record.companyVatReg)}</Fact>
    </CardShell>
  );
});
