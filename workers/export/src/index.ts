import { ExportJobMessageSchema } from "../../shared/export-job";
import { describeError, log } from "../../shared/log";
import type { ExportEnv } from "./env";

const DEAD_LETTER_QUEUE = "urval-export-dead";

/**
 * Queue consumer for export jobs. Never throws: each message is validated, then acked or retried on its own.
 * The XLSX pipeline arrives with the exports issue; until then a job message is validated and acknowledged.
 */
export default {
  async queue(batch, _env, _ctx) {
    for (const message of batch.messages) {
      const parsed = ExportJobMessageSchema.safeParse(message.body);
      if (!parsed.success) {
        log("error", "export message rejected", { queue: batch.queue, messageId: message.id });
        message.ack();
        continue;
      }
      try {
        const isDeadLetter = batch.queue === DEAD_LETTER_QUEUE;
        log("info", isDeadLetter ? "export dead letter" : "export job received", { jobId: parsed.data.jobId, attempts: message.attempts });
        message.ack();
      } catch (error) {
        log("error", "export job failed", { jobId: parsed.data.jobId, ...describeError(error) });
        message.retry({ delaySeconds: Math.min(300, 5 * 2 ** message.attempts) });
      }
    }
  },
} satisfies ExportedHandler<ExportEnv, unknown>;
