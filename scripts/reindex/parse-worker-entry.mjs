// Entry of a parse-pool worker thread: TypeScript through tsx, whatever loader the parent process uses (tsx, vitest).
import { register } from "tsx/esm/api";

register();
await import("./parse-worker.ts");
