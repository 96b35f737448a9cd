/** A worksite's detail content (spec §3 worksite record): identity, addresses, industries, size and its company. */
import { formatDate, formatMoney, formatNumber, formatRegistration, formatSniCode } from "#shared/format";
import type { WorksiteDetail as Worksite } from "#shared/search/result-schemas";
import { CompanyLink } from "./company-link";
import { DetailSection, Facts, joinAddress } from "./detail-parts";
import { FindSimilarButton } from "./find-similar-button";

export function WorksiteDetail({ detail }: { detail: Worksite }) {
  return (
    <>
      <p className="detail__subtitle">
        {detail.headquarters ? <span className="tag">Huvudkontor</span> : null}
        {`CFAR-nummer ${detail.cfarNo}`}
      </p>
      <DetailSection title="Kontaktuppgifter">
        <Facts
          items={[
            ["Postadress", joinAddress(detail.streetAddress, detail.zip, detail.city, detail.careOf)],
            ["Besöksadress", joinAddress(detail.visitingStreetAddress, detail.visitingZip, detail.visitingCity)],
            ["Telefon", detail.phoneNumber],
            ["Kommun", `${detail.municipalityName}, ${detail.countyName}`],
          ]}
        />
      </DetailSection>
      <DetailSection title="Arbetsstället">
        <Facts
          items={[
            ["Storleksklass", detail.employeeRange],
            ["Startdatum", formatDate(detail.activeFrom)],
          ]}
        />
      </DetailSection>
      <DetailSection title="Bransch">
        {detail.sniCodes.length === 0 ? (
          <p className="muted">Ingen registrerad bransch</p>
        ) : (
          <ul className="sni-list">
            {detail.sniCodes.map((code, i) => (
              <li key={code}>{`${formatSniCode(code)} ${detail.sniNames[i] ?? ""}`}</li>
            ))}
          </ul>
        )}
      </DetailSection>
      <DetailSection title="Företaget">
        <Facts
          items={[
            ["Namn", detail.companyName],
            ["Organisationsnummer", detail.orgNo],
            ["Omsättning", detail.companyTurnover === null ? null : formatMoney(detail.companyTurnover)],
            [
              "Resultat efter finansnetto",
              detail.companyEarningsAfterNetInterestIncome === null ? null : formatMoney(detail.companyEarningsAfterNetInterestIncome),
            ],
            ["Anställda", detail.companyNumberOfEmployees === null ? null : formatNumber(detail.companyNumberOfEmployees)],
            ["F-skatt", formatRegistration(detail.companyFTax)],
            ["Momsregistrerad", formatRegistration(detail.companyVatReg)],
            ["Arbetsgivaravgifter", formatRegistration(detail.companySocSec)],
          ]}
        />
        <p>
          <CompanyLink orgNo={detail.orgNo} orgSeqNo={detail.orgSeqNo}>{`Visa företaget ${detail.companyName}`}</CompanyLink>
        </p>
        <p>
          <FindSimilarButton orgSeqNo={detail.orgSeqNo} name={detail.companyName} />
        </p>
      </DetailSection>
    </>
  );
}
