/** Header for signed-out visitors on public pages (spec §2): links Hem, Om oss, Kontakt. */
import { NavLink } from "@remix-run/react";
import { Logo } from "./logo";

export function PublicHeader() {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Logo />
        <nav aria-label="Huvudmeny" className="site-nav">
          <NavLink to="/" end>
            Hem
          </NavLink>
          <NavLink to="/om">Om oss</NavLink>
          <NavLink to="/kontakt">Kontakt</NavLink>
        </nav>
      </div>
    </header>
  );
}
