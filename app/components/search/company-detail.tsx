/**
 * A company's detail content (spec §2 "Detail content", §8): identity and addresses, phones, seat, registration dates,
 * tax registrations, industries, group tree, board members, beneficial owners with their status messages, business
 * description, credit grade, financial periods and annual reports (none for a sole trader, form code EN).
 */
import { formatCreditGrade, formatDate, formatRegistration, formatSniCode } from "#shared/format";
import type { CompanyDetail as Company } from "#shared/search/result-schemas";
import { openWithPreflight } from "../../lib/api";
import { beneficialMessages } from "../../lib/search/beneficial-messages";
import { annualReportHref } from "../../lib/search/search-calls";
import { WatchButton } from "../monitoring/watch-button";
import { DetailSection, Facts, joinAddress } from "./detail-parts";
import { FinancialSection } from "./financial-section";
import { FindSimilarButton } from "./find-similar-button";
import { GroupTree } from "./group-tree";

function People({ detail }: { detail: Company }) {
  return (
    <DetailSection title="Befattningshavare">
      {detail.boardMembers.length === 0 ? (
        <p className="muted">Inga befattningshavare</p>
      ) : (
        <ul className="people">
          {detail.boardMembers.map((member, i) => (
            <li key={`${member.name}-${i}`}>
              <span className="people__name">{`${member.name}, ${member.age} år`}</span>
              <span className="people__roles">{member.roles.join(", ")}</span>
            </li>
          ))}
        </ul>
      )}
    </DetailSection>
  );
}

function BeneficialOwners({ detail }: { detail: Company }) {
  const messages = beneficialMessages(detail);
  return (
    <DetailSection title="Verkliga huvudmän">
      {detail.beneficialOwners.length ? (
        <ul className="people">
          {detail.beneficialOwners.map((owner, i) => (
            <li key={`${owner.name}-${i}`}>
              <span className="people__name">{`${owner.name}, ${owner.age} år`}</span>
              <span className="people__roles">{owner.extent}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {messages.map((message) => (
        <p key={message} className="detail-note">
          {message}
        </p>
      ))}
    </DetailSection>
  );
}

function AnnualReports({ detail }: { detail: Company }) {
  return (
    <DetailSection title="Årsredovisningar">
      {detail.annualReports.length === 0 ? (
        <p className="muted">Inga tillgängliga årsredovisningar</p>
      ) : (
        <ul className="report-list">
          {detail.annualReports.map((report) => {
            const href = annualReportHref(report.refNo, detail.orgNo, report.periodEnd);
            return (
              <li key={report.refNo}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  onClick={(event) => {
                    event.preventDefault();
                    void openWithPreflight(href);
                  }}
                >
                  {`Årsredovisning ${formatDate(report.periodEnd)}`}
                  <span className="visually-hidden"> (öppnas i en ny flik)</span>
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </DetailSection>
  );
}

export function CompanyDetail({ detail }: { detail: Company }) {
  const isSoleTrader = detail.form === "EN";
  return (
    <>
      <p className="detail__subtitle">{`${detail.orgNo} · ${detail.formText}`}</p>
      <p className="detail__watch">
        <WatchButton orgSeqNo={detail.orgSeqNo} name={detail.name} />
        <FindSimilarButton orgSeqNo={detail.orgSeqNo} name={detail.name} />
      </p>
      <DetailSection title="Kontaktuppgifter">
        <Facts
          items={[
            ["Postadress", joinAddress(detail.streetAddress, detail.zip, detail.city, detail.careOf)],
            ["Besöksadress", joinAddress(detail.visitingStreetAddress, detail.visitingZip, detail.visitingCity)],
            ["Telefon", detail.phoneNumbers.join(", ")],
            ["Säte", `${detail.seatMunicipalityText}, ${detail.seatCountyText}`],
          ]}
        />
      </DetailSection>
      <DetailSection title="Registrering">
        <Facts
          items={[
            ["Registreringsdatum", formatDate(detail.createdAndRegistered.createdDate)],
            ["Registrerat hos Bolagsverket", formatDate(detail.createdAndRegistered.registeredDate)],
            ["F-skatt", formatRegistration(detail.fTax)],
            ["Momsregistrerad", formatRegistration(detail.vatReg)],
            ["Arbetsgivaravgifter", formatRegistration(detail.socSec)],
            ["Kreditbetyg", detail.scoring === null ? null : formatCreditGrade(detail.scoring)],
          ]}
        />
        {detail.scoring !== null ? (
          <p className="muted">
            Kreditbetyget är en enkel bedömning utifrån senaste årets bokslut och betalningsanmärkningar, ingen garanti.
          </p>
        ) : null}
      </DetailSection>
      <DetailSection title="Bransch">
        {detail.sniCodes.length === 0 ? (
          <p className="muted">Ingen registrerad bransch</p>
        ) : (
          <ul className="sni-list">
            {detail.sniCodes.map((sni) => (
              <li key={sni.sniCode}>{`${formatSniCode(sni.sniCode)} ${sni.description}`}</li>
            ))}
          </ul>
        )}
      </DetailSection>
      {detail.businessDescription ? (
        <DetailSection title="Verksamhet">
          <p>{detail.businessDescription}</p>
        </DetailSection>
      ) : null}
      <DetailSection title="Ekonomi">
        <FinancialSection detail={detail} />
      </DetailSection>
      {detail.companyGroupTree ? (
        <DetailSection title="Koncern">
          <GroupTree root={detail.companyGroupTree} />
        </DetailSection>
      ) : null}
      <People detail={detail} />
      <BeneficialOwners detail={detail} />
      {isSoleTrader ? null : <AnnualReports detail={detail} />}
    </>
  );
}
