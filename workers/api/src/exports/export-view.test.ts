import { describe, expect, it } from "vitest";
import type { ExportJobRow } from "#shared/export-job";
import { toExtractionJob, toExtractionJobListItem } from "./export-view";

const row = (over: Partial<ExportJobRow>): ExportJobRow => ({
  id: "job-1",
  user_id: "user-1",
  request_hash: "h",
  status: "READY",
  result_type: "COMPANY",
  serialized_search: "",
  exclude: 1,
  id_numbers_json: "[]",
  list_files_key: null,
  reserved_count: 129,
  refunded_count: 0,
  row_count: null,
  file_name: "urval-foretag-20261126-0230.xlsx",
  r2_key: null,
  file_size: null,
  attempts: 0,
  lease_token: null,
  lease_until: null,
  error_code: null,
  created_at: 0,
  finished_at: null,
  expires_at: 0,
  format: "xlsx",
  columns_json: null,
  charged_count: 120,
  ids_key: null,
  rows_written: 0,
  heartbeat_at: null,
  ...over,
});

describe("an export job as the API answers it", () => {
  it("reports the rows written: the heartbeat's count while running, the file's once done", () => {
    expect(toExtractionJob(row({ status: "RUNNING", rows_written: 40 })).rowsWritten).toBe(40);
    expect(toExtractionJob(row({ status: "DONE", row_count: 129, rows_written: 100 })).rowsWritten).toBe(129);
  });

  it("reports the charge net of what the job gave back when it settled", () => {
    expect(toExtractionJob(row({})).chargedCount).toBe(120);
    expect(toExtractionJob(row({ status: "DONE", row_count: 5, refunded_count: 115 })).chargedCount).toBe(5);
    expect(toExtractionJob(row({ status: "ERROR", refunded_count: 120 })).chargedCount).toBe(0);
  });

  it("charges the reservation for a job from before the ledger", () => {
    expect(toExtractionJob(row({ charged_count: null, status: "DONE", row_count: 100, refunded_count: 29 })).chargedCount).toBe(100);
  });
});

describe("an export as Mina exporter lists it", () => {
  it("counts the rows already paid for in the period as free and offers the file only while it is kept", () => {
    const done = row({ status: "DONE", row_count: 129, r2_key: "exports/job-1.xlsx", expires_at: 1000 });
    expect(toExtractionJobListItem(done, "Alla företag", 999)).toMatchObject({ freeCount: 9, downloadable: true, summary: "Alla företag" });
    expect(toExtractionJobListItem(done, "Alla företag", 1000).downloadable).toBe(false);
    expect(toExtractionJobListItem(row({ status: "RUNNING", expires_at: 1000 }), "", 0).downloadable).toBe(false);
    expect(toExtractionJobListItem(row({ charged_count: null }), "", 0).freeCount).toBe(0);
  });
});
