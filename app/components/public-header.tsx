/** Header for signed-out visitors on public pages (spec §2): links Hem, Om oss, Kontakt. */
import { NavLink } from "@remix-run/react";
import { Logo } from "./logo";
import { SiteMenu } from "./site-menu";

export function PublicHeader() {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Logo />
        <SiteMenu variant="public">
          <NavLink to="/" end>
            Hem
          </NavLink>
          <NavLink to="/om">Om oss</NavLink>
          <NavLink to="/kontakt">Kontakt</NavLink>
        </SiteMenu>
      </div>
    </header>
  );
}
