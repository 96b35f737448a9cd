/** Worksite columns from source records; needs the sealed companies (figures, registrations, name words). */
import type { WorksiteCompanyInfo } from "../documents";
import type { WorksiteSourceRecord } from "../records";
import type { BuildContext } from "./build-context";
import type { CompanyColumnsBuilder } from "./company-builder";
import { dateNumber } from "../company-values";
import { bit, EntityColumnsBuilder } from "./entity-builder";
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

  /** Adds a worksite and returns its company's facts for the worksite document. */
  add(source: WorksiteSourceRecord): WorksiteCompanyInfo {
    const position = this.companies.positionOf(source.orgSeqNo);
    if (position < 0) throw new Error(`worksite ${source.cfarNo}: unknown company orgSeqNo ${source.orgSeqNo}`);
    const company = this.companies.infoAt(position);
    const flags =
      bit("hasPhone", source.phoneNumber !== null && source.phoneNumber !== "") |
      bit("headquarters", source.headquarters) |
      bit("fTax", company.fTaxReg) |
      bit("vatReg", company.vatReg) |
      bit("employerReg", company.employerReg);
    this.addCommon(Number(source.cfarNo), flags, source.sniCodes, source.municipalityCode, [source.name, company.name]);
    this.company.push(position);
    this.employeeRange.push(this.context.codeIndex("employeeRange", source.employeeRangeCode));
    this.activeFrom.push(dateNumber(source.activeFrom));
    return company;
  }
}
