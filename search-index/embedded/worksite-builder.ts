/** Worksite columns from column facts; needs the sealed companies (registrations, name words). */
import { tokenize } from "../text";
import type { BuildContext } from "./build-context";
import type { WorksiteFacts } from "./column-facts";
import type { CompanyColumnsBuilder } from "./company-builder";
import { EntityColumnsBuilder } from "./entity-builder";
import { Growable } from "./growable";

export class WorksiteColumnsBuilder extends EntityColumnsBuilder {
  /** Final position of each worksite's company. */
  readonly company = new Growable(Uint32Array);
  readonly employeeRange = new Growable(Uint8Array);
  readonly activeFrom = new Growable(Float64Array);

  constructor(
    context: BuildContext,
    private readonly companies: CompanyColumnsBuilder,
  ) {
    super(context);
  }

  /** Adds a worksite; returns its company's final position. */
  add(facts: WorksiteFacts): number {
    const position = this.companies.positionOf(facts.orgSeqNo);
    if (position < 0) throw new Error(`worksite ${facts.id}: unknown company orgSeqNo ${facts.orgSeqNo}`);
    const flags = facts.flags | this.companies.registrationFlagsAt(position);
    const companyName = this.companies.names[this.companies.insertionOf(position)] ?? "";
    const words = new Set(facts.words);
    for (const word of tokenize(companyName)) words.add(word);
    this.addCommon(facts.id, flags, facts.sniCodes, facts.municipalityCode, [...words]);
    this.company.push(position);
    this.employeeRange.push(this.context.codeIndex("employeeRange", facts.employeeRangeCode));
    this.activeFrom.push(facts.activeFrom);
    return position;
  }
}
