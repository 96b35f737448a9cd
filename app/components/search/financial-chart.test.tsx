import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FinancialChart } from "./financial-chart";

const render = (points: Parameters<typeof FinancialChart>[0]["points"]) => renderToStaticMarkup(<FinancialChart points={points} />);
const bars = (html: string, kind: string) => html.match(new RegExp(`chart__bar--${kind}"`, "g"))?.length ?? 0;

describe("FinancialChart", () => {
  it("draws no bar for a figure a period does not have, and says 'uppgift saknas' instead of zero", () => {
    const html = render([
      { period: "2022-12", turnover: null, result: null },
      { period: "2023-12", turnover: 12_000_000, result: -400_000 },
    ]);
    expect(bars(html, "turnover")).toBe(1);
    expect(bars(html, "loss")).toBe(1);
    expect(bars(html, "result")).toBe(0);
    expect(html).toContain(": omsättning uppgift saknas, resultat uppgift saknas;");
    expect(html).not.toContain("omsättning 0 kr");
  });

  it("draws a real zero as a bar", () => {
    const html = render([{ period: "2023-12", turnover: 0, result: 0 }]);
    expect(bars(html, "turnover")).toBe(1);
    expect(html).toContain("omsättning 0 kr");
  });
});
