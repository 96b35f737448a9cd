import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FilterGroup } from "./filter-group";

/** The heading button's text as a screen reader reads it (the badge's hidden word included). */
const buttonText = (active: number) =>
  renderToStaticMarkup(
    <FilterGroup title="Bolagsform" active={active}>
      <p>innehåll</p>
    </FilterGroup>,
  )
    .replace(/<p>.*<\/p>/, "")
    .replace(/<[^>]+>/g, "");

describe("FilterGroup", () => {
  it("says how many of the group's filters are chosen in Swedish: 1 vald, 2 valda (issue 38)", () => {
    expect(buttonText(1)).toBe("Bolagsform1 vald");
    expect(buttonText(2)).toBe("Bolagsform2 valda");
    expect(buttonText(0)).toBe("Bolagsform");
  });
});
