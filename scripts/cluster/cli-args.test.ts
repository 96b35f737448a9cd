import { describe, expect, it } from "vitest";
import { parseCliArgs } from "./cli-args";
import { ClusterError } from "./cluster-error";

/** The BAD_ARGS line parseCliArgs throws for argv. */
function rejection(argv: string[]): string {
  try {
    parseCliArgs(argv);
  } catch (error) {
    expect(error).toBeInstanceOf(ClusterError);
    expect((error as ClusterError).code).toBe("BAD_ARGS");
    expect((error as ClusterError).isInputError).toBe(true);
    return (error as ClusterError).message;
  }
  throw new Error(`accepted ${argv.join(" ")}`);
}

describe("parseCliArgs", () => {
  it("defaults to one node with 512 MB on port 9400", () => {
    expect(parseCliArgs([])).toEqual({ nodes: 1, heap: 512, port: 9400, fresh: false, stop: false, help: false });
  });

  it("reads every flag, in both --flag value and --flag=value forms", () => {
    expect(parseCliArgs(["--nodes", "3", "--heap=1g", "--port", "9600", "--fresh"])).toEqual({
      nodes: 3,
      heap: 1024,
      port: 9600,
      fresh: true,
      stop: false,
      help: false,
    });
  });

  it("reads heap sizes in m and g, either case", () => {
    expect(parseCliArgs(["--heap", "768m"]).heap).toBe(768);
    expect(parseCliArgs(["--heap", "2G"]).heap).toBe(2048);
  });

  it("takes --stop with a port", () => {
    expect(parseCliArgs(["--stop", "--port", "9601"])).toMatchObject({ stop: true, port: 9601 });
    expect(parseCliArgs(["--stop"])).toMatchObject({ stop: true, port: 9400 });
  });

  it("takes -h and --help", () => {
    expect(parseCliArgs(["-h"]).help).toBe(true);
    expect(parseCliArgs(["--help"]).help).toBe(true);
  });

  it.each([
    [["--bogus"], "unknown option --bogus (see --help)"],
    [["-x"], "unknown option -x (see --help)"],
    [["extra"], "unexpected argument extra (see --help)"],
    [["--nodes"], "--nodes needs a value (see --help)"],
    [["--port"], "--port needs a value (see --help)"],
    [["--fresh=yes"], "--fresh takes no value (see --help)"],
    [["--nodes", "2"], '--nodes: expected 1 or 3, got "2" (see --help)'],
    [["--heap", "512"], '--heap: expected a size like 512m or 1g, got "512" (see --help)'],
    [["--heap", "1.5g"], '--heap: expected a size like 512m or 1g, got "1.5g" (see --help)'],
    [["--heap", "128m"], '--heap: at least 256m, got "128m" (see --help)'],
    [["--heap", "64g"], '--heap: at most 31g, got "64g" (see --help)'],
    [["--port", "http"], '--port: expected a port number, got "http" (see --help)'],
    [["--port", "80"], '--port: expected a port from 1024 to 65000, got "80" (see --help)'],
    [["--port", "70000"], '--port: expected a port from 1024 to 65000, got "70000" (see --help)'],
    [["--stop", "--nodes", "3"], "--stop takes only --port (see --help)"],
    [["--stop", "--fresh"], "--stop takes only --port (see --help)"],
  ])("refuses %j with one line", (argv, message) => {
    const line = rejection(argv);
    expect(line).toBe(message);
    expect(line).not.toContain("\n");
  });
});
