/** Footer (spec §1): address, customer service, copyright, publisher line and links to the terms and the policy. */
import { Link } from "@remix-run/react";
import { publisherLine, telHref } from "#shared/publisher-text";
import { usePublisher } from "../lib/publisher-context";

/** The copyright line never shows a year before the service started. */
const FIRST_YEAR = 2026;

export function SiteFooter() {
  const publisher = usePublisher();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div>
          <p className="site-footer__title">{publisher.name}</p>
          <address>
            {publisher.street}
            <br />
            {publisher.postalAddress}
          </address>
        </div>
        <div>
          <p className="site-footer__title">Kundservice</p>
          <p>
            <a href={telHref(publisher.customerServicePhone)}>{publisher.customerServicePhone}</a>
            <br />
            <a href={`mailto:${publisher.customerServiceEmail}`}>{publisher.customerServiceEmail}</a>
            <br />
            {publisher.customerServiceHours}
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
          © {Math.max(year, FIRST_YEAR)} {publisher.name}. Alla rättigheter förbehållna.
        </p>
        <p>{publisherLine(publisher)}</p>
      </div>
    </footer>
  );
}
