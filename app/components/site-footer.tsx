/** Footer (spec §1): address, customer service, copyright, publisher line and links to the terms and the policy. */
import { Link } from "@remix-run/react";
import { COMPANY, telHref } from "../lib/company-info";

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div>
          <p className="site-footer__title">{COMPANY.name}</p>
          <address>
            {COMPANY.street}
            <br />
            {COMPANY.postal}
          </address>
        </div>
        <div>
          <p className="site-footer__title">Kundservice</p>
          <p>
            <a href={telHref(COMPANY.customerServicePhone)}>{COMPANY.customerServicePhone}</a>
            <br />
            <a href={`mailto:${COMPANY.customerServiceEmail}`}>{COMPANY.customerServiceEmail}</a>
            <br />
            {COMPANY.customerServiceHours}
          </p>
        </div>
        <nav aria-label="Villkor">
          <ul className="site-footer__links">
            <li>
              <Link to="/anvandarvillkor">Användarvillkor</Link>
            </li>
            <li>
              <Link to="/personuppgiftspolicy">Personuppgiftspolicy</Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="site-footer__legal">
        <p>
          © {Math.max(year, COMPANY.foundedYear)} {COMPANY.name}. Alla rättigheter förbehållna.
        </p>
        <p>{COMPANY.publisherLine}</p>
      </div>
    </footer>
  );
}
