/**
 * Asks for the header box's suggestions as the user types (issue 26): each change waits SUGGEST_DEBOUNCE_MS for the
 * next one, then one request goes out for the trimmed text; a newer change aborts the request in flight, and an answer
 * that is not the latest request's is dropped even if it arrives. Text without anything but spaces asks nothing and
 * clears the suggestions. Timers and the call are injected, so tests drive it with fakes.
 */
import type { SuggestAnswer } from "#shared/api-contracts/suggest";
import type { ResultType } from "#shared/search/search-fields";

export const SUGGEST_DEBOUNCE_MS = 150;

export interface SuggestControllerDeps {
  fetch: (text: string, type: ResultType, signal: AbortSignal) => Promise<SuggestAnswer>;
  /** The latest request's answer; null when there is nothing to suggest (empty text, failure, cancelled). */
  onAnswer: (answer: SuggestAnswer | null) => void;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  delayMs?: number;
}

export class SuggestController {
  private latest = 0;
  private timer: unknown = null;
  private inFlight: AbortController | null = null;
  /** The text and type of the latest request, so an unchanged text (a trailing space) asks nothing new. */
  private asked: string | null = null;
  private readonly setTimer: (run: () => void, ms: number) => unknown;
  private readonly clearTimer: (timer: unknown) => void;

  constructor(private readonly deps: SuggestControllerDeps) {
    this.setTimer = deps.setTimer ?? ((run, ms) => setTimeout(run, ms));
    this.clearTimer = deps.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  }

  /** The box's text changed. */
  request(rawText: string, type: ResultType): void {
    const text = rawText.trim();
    const key = `${type}\n${text}`;
    if (key === this.asked) return;
    this.stop();
    this.asked = key;
    if (text === "") {
      this.deps.onAnswer(null);
      return;
    }
    const id = this.latest;
    this.timer = this.setTimer(() => {
      this.timer = null;
      void this.send(id, text, type);
    }, this.deps.delayMs ?? SUGGEST_DEBOUNCE_MS);
  }

  /** Drops whatever is pending or in flight (the search was submitted, the box was left). */
  cancel(): void {
    this.stop();
    this.asked = null;
  }

  private stop(): void {
    this.latest++;
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
    this.inFlight?.abort();
    this.inFlight = null;
  }

  private async send(id: number, text: string, type: ResultType): Promise<void> {
    const abort = new AbortController();
    this.inFlight = abort;
    let answer: SuggestAnswer | null = null;
    try {
      answer = await this.deps.fetch(text, type, abort.signal);
    } catch {
      // Suggestions are a convenience: a failed one shows none, and the search itself still works.
    }
    if (id !== this.latest) return;
    this.inFlight = null;
    this.deps.onAnswer(answer);
  }
}
