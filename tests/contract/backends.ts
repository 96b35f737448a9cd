/** The backends the conformance suite runs against: embedded always, Elasticsearch when ELASTICSEARCH_URL is set. */
import type { SearchBackend } from "../../search-index/backend";
import { embeddedBackendOf, openEmbeddedFixture } from "./embedded-fixture";

export interface ContractBackend {
  name: string;
  open(): Promise<{ backend: SearchBackend; close(): Promise<void> }>;
}

export const contractBackends: ContractBackend[] = [
  {
    name: "embedded",
    async open() {
      const fixture = await openEmbeddedFixture();
      return { backend: await embeddedBackendOf(fixture), close: () => fixture.close() };
    },
  },
];
