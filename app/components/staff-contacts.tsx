/** Staff contact details (spec §1: listed on the public pages). */
import { telHref } from "#shared/publisher-text";
import { usePublisher } from "../lib/publisher-context";

export function StaffContacts() {
  const { staff } = usePublisher();
  return (
    <ul className="contact-list">
      {staff.map((person) => (
        <li key={person.email} className="contact-card">
          <p className="contact-card__name">{person.name}</p>
          <p className="contact-card__role">{person.role}</p>
          <p>
            <a href={telHref(person.phone)}>{person.phone}</a>
            <br />
            <a href={`mailto:${person.email}`}>{person.email}</a>
          </p>
        </li>
      ))}
    </ul>
  );
}
