import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SuggestAnswer } from "#shared/api-contracts/suggest";
import type { ResultType } from "#shared/search/search-fields";
import { SUGGEST_DEBOUNCE_MS, SuggestController } from "./suggest-controller";

const answerFor = (text: string, type: ResultType = "COMPANY"): SuggestAnswer => ({
  text,
  type,
  records: [{ id: "1", name: `${text} AB`, city: "Kalmar", orgNo: "556000-0001" }],
  industries: [],
  places: [],
});

interface Call {
  text: string;
  type: ResultType;
  signal: AbortSignal;
  resolve: (answer: SuggestAnswer) => void;
  reject: (error: unknown) => void;
}

function harness() {
  const calls: Call[] = [];
  const answers: (SuggestAnswer | null)[] = [];
  const controller = new SuggestController({
    fetch: (text, type, signal) => new Promise((resolve, reject) => calls.push({ text, type, signal, resolve, reject })),
    onAnswer: (answer) => answers.push(answer),
  });
  return { controller, calls, answers };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

describe("SuggestController (issue 26: debounced, latest request wins)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("asks once, for the last text, when typing pauses", async () => {
    const { controller, calls, answers } = harness();
    controller.request("p", "COMPANY");
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS - 1);
    controller.request("pi", "COMPANY");
    controller.request(" piz ", "COMPANY");
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS - 1);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((call) => [call.text, call.type])).toEqual([["piz", "COMPANY"]]);
    calls[0]?.resolve(answerFor("piz"));
    await settle();
    expect(answers).toEqual([answerFor("piz")]);
  });

  it("does not ask again for the same trimmed text and type, but does for the other type", async () => {
    const { controller, calls } = harness();
    controller.request("pizz", "COMPANY");
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS);
    controller.request("pizz ", "COMPANY");
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS);
    expect(calls).toHaveLength(1);
    controller.request("pizz", "WORKSITE");
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS);
    expect(calls.map((call) => call.type)).toEqual(["COMPANY", "WORKSITE"]);
  });

  it("answers null at once for blank text, without asking", async () => {
    const { controller, calls, answers } = harness();
    controller.request("pizz", "COMPANY");
    controller.request("   ", "COMPANY");
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS * 2);
    expect(calls).toHaveLength(0);
    expect(answers).toEqual([null]);
  });

  it("aborts the request in flight when the text changes and drops its answer even if it arrives last", async () => {
    const { controller, calls, answers } = harness();
    controller.request("pizz", "COMPANY");
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS);
    controller.request("pizzeria", "COMPANY");
    expect(calls[0]?.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS);
    calls[1]?.resolve(answerFor("pizzeria"));
    await settle();
    calls[0]?.resolve(answerFor("pizz"));
    await settle();
    expect(answers).toEqual([answerFor("pizzeria")]);
  });

  it("drops an older answer that arrives first, too", async () => {
    const { controller, calls, answers } = harness();
    controller.request("kal", "COMPANY");
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS);
    controller.request("kalmar", "COMPANY");
    calls[0]?.resolve(answerFor("kal"));
    await settle();
    expect(answers).toEqual([]);
  });

  it("answers null when the latest request fails, and nothing for a failed older one", async () => {
    const { controller, calls, answers } = harness();
    controller.request("a1", "COMPANY");
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS);
    controller.request("a2", "COMPANY");
    calls[0]?.reject(new Error("aborted"));
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS);
    calls[1]?.reject(new Error("network"));
    await settle();
    expect(answers).toEqual([null]);
  });

  it("cancel drops what is pending and in flight, and the same text may be asked again", async () => {
    const { controller, calls, answers } = harness();
    controller.request("volvo", "COMPANY");
    controller.cancel();
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS);
    expect(calls).toHaveLength(0);
    controller.request("volvo", "COMPANY");
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS);
    controller.cancel();
    expect(calls[0]?.signal.aborted).toBe(true);
    calls[0]?.resolve(answerFor("volvo"));
    await settle();
    expect(answers).toEqual([]);
    controller.request("volvo", "COMPANY");
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS);
    expect(calls).toHaveLength(2);
  });
});
