import * as z from "zod/mini";
import { describe, expect, it } from "vitest";
import {
  filterChoice,
  filterDay,
  filterId,
  filterText,
  listFilterProblems,
  readListFilters,
} from "./list-filters";

const schema = z.object({
  q: filterText(10),
  role: filterChoice(["user", "partner", "admin"], "all"),
});

const read = (query: string) => readListFilters(new URL(`https://rcl.example/list?${query}`), schema);

describe("readListFilters", () => {
  it("reads each filter from its query parameter", () => {
    expect(read("q=Harbour&role=partner")).toEqual({ q: "Harbour", role: "partner" });
    expect(read("role=all")).toEqual({ q: "", role: "all" });
  });

  it("falls back to each filter's default when it is missing or not understood", () => {
    expect(read("")).toEqual({ q: "", role: "all" });
    expect(read("role=owner&q=")).toEqual({ q: "", role: "all" });
    expect(read("role=PARTNER")).toEqual({ q: "", role: "all" });
  });

  it("cleans a search's text: no control characters, trimmed, cut to its length", () => {
    expect(read(`q=${encodeURIComponent("  Fjord\u0000 ")}`).q).toBe("Fjord");
    expect(read("q=abcdefghijklmnop").q).toBe("abcdefghij");
  });

  it("ignores parameters the list does not filter by", () => {
    expect(read("page=2&sort=name")).toEqual({ q: "", role: "all" });
  });
});

describe("listFilterProblems", () => {
  const days = z.object({
    status: filterChoice(["open", "closed"], "all"),
    from: filterDay(),
    partner: filterId(),
  });
  const problems = (query: string) =>
    listFilterProblems(new URL(`https://rcl.example/list?${query}`), days, {
      status: "status not understood",
      from: "from not understood",
      partner: "partner not understood",
    });

  it("names each filter given but set aside, in the order of its sentences", () => {
    expect(problems("partner=nobody&status=gone&from=2027-02-31")).toEqual([
      "status not understood",
      "from not understood",
      "partner not understood",
    ]);
  });

  it("says nothing of filters left blank, set to their default or understood", () => {
    expect(problems("")).toEqual([]);
    expect(problems("status=all&from=%20&partner=")).toEqual([]);
    expect(problems("status=open&from=2027-06-15&partner=0F8FAD5B-D9CB-469F-A165-70867728950E")).toEqual([]);
  });
});

describe("filterDay and filterId", () => {
  const schema = z.object({ from: filterDay(), partner: filterId() });
  const read = (query: string) => readListFilters(new URL(`https://rcl.example/list?${query}`), schema);

  it("keeps a real day from 1900 on, trimmed", () => {
    expect(read("from=%202028-02-29%20").from).toBe("2028-02-29");
    for (const day of ["2027-02-29", "1899-12-31", "2027-6-15", "tomorrow"])
      expect(read(`from=${day}`).from).toBe("");
  });

  it("keeps an id in lower case, and nothing else", () => {
    expect(read("partner=0F8FAD5B-D9CB-469F-A165-70867728950E").partner).toBe(
      "0f8fad5b-d9cb-469f-a165-70867728950e",
    );
    expect(read("partner=0f8fad5b").partner).toBe("");
  });
});
