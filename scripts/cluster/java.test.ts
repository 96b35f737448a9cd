import { describe, expect, it } from "vitest";
import { javaCommand, parseJavaMajor } from "./java";

describe("parseJavaMajor", () => {
  it.each([
    ['openjdk version "17.0.15" 2025-04-15', 17],
    ['openjdk version "25" 2025-09-16', 25],
    ['openjdk version "21.0.2-ea" 2024-01-16', 21],
    ['java version "1.8.0_392"', 8],
    ["no version here", null],
  ])("reads %j as %j", (output, major) => {
    expect(parseJavaMajor(output)).toBe(major);
  });
});

describe("javaCommand", () => {
  it("prefers URVAL_JAVA, then JAVA_HOME, then java on PATH", () => {
    expect(javaCommand({ URVAL_JAVA: "/opt/jdk/bin/java", JAVA_HOME: "/usr/lib/jvm/x" })).toBe("/opt/jdk/bin/java");
    expect(javaCommand({ JAVA_HOME: "/usr/lib/jvm/x" })).toBe("/usr/lib/jvm/x/bin/java");
    expect(javaCommand({})).toBe("java");
  });
});
