import { describe, expect, it } from "vitest";
import { colorsWanted } from "./log-colors";

const pipe = { isTTY: false };
/** A terminal that shows colour unless the environment says otherwise, as Node decides. */
const terminal = { isTTY: true, hasColors: (env?: object) => !(env && "NO_COLOR" in env) };

describe("colorsWanted", () => {
  it("writes plain text into a pipe or a file, whatever TERM says", () => {
    expect(colorsWanted(pipe, { TERM: "xterm-256color" })).toBe(false);
  });

  it("colours a pipe only when FORCE_COLOR asks for it", () => {
    expect(colorsWanted(pipe, { FORCE_COLOR: "1" })).toBe(true);
    expect(colorsWanted(pipe, { FORCE_COLOR: "" })).toBe(true);
    expect(colorsWanted(pipe, { FORCE_COLOR: "0" })).toBe(false);
    expect(colorsWanted(pipe, { FORCE_COLOR: "false" })).toBe(false);
  });

  it("leaves a terminal to Node's own rules, NO_COLOR among them", () => {
    expect(colorsWanted(terminal, {})).toBe(true);
    expect(colorsWanted(terminal, { NO_COLOR: "1" })).toBe(false);
  });
});
