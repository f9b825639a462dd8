import { describe, expect, it } from "vitest";
import { parseReference } from "./reference";

describe("parseReference", () => {
  it.each([
    ["RCL-7K3Q9P", { reference: "RCL-7K3Q9P", seat: null }],
    ["rcl-7k3q9p", { reference: "RCL-7K3Q9P", seat: null }],
    ["7k3q9p", { reference: "RCL-7K3Q9P", seat: null }],
    [" RCL 7K3 Q9P ", { reference: "RCL-7K3Q9P", seat: null }],
    ["RCL7K3Q9P", { reference: "RCL-7K3Q9P", seat: null }],
    ["RCL-7K3Q9P/3", { reference: "RCL-7K3Q9P", seat: 3 }],
    ["7k3q9p/12", { reference: "RCL-7K3Q9P", seat: 12 }],
    // Crockford's base 32 has no O, I or L: typed, they are the digits they look like.
    ["RCL-OK3Q9L", { reference: "RCL-0K3Q91", seat: null }],
  ])("reads %j", (input, expected) => {
    expect(parseReference(input)).toEqual(expected);
  });

  it.each([
    "",
    "RCL-",
    "RCL-7K3Q9",
    "RCL-7K3Q9PX",
    "RCL-7K3Q9U",
    "RCL-7K3Q9P/0",
    "RCL-7K3Q9P/",
    "RCL-7K3Q9P/x",
    "ABC-7K3Q9P",
  ])("refuses %j", (input) => {
    expect(parseReference(input)).toBeNull();
  });
});
