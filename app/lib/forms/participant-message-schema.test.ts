import * as core from "zod/v4/core";
import { describe, expect, it } from "vitest";
import { participantMessageSchema, peopleCount, recipientChoiceFrom } from "./participant-message-schema";

describe("the recipient choice in an address", () => {
  it("reads a known choice and falls back to captains of confirmed teams otherwise", () => {
    expect(recipientChoiceFrom(new URLSearchParams("audience=everyone&teams=both"))).toEqual({
      audience: "everyone",
      teams: "both",
    });
    expect(recipientChoiceFrom(new URLSearchParams("audience=all&teams=cancelled"))).toEqual({
      audience: "captains",
      teams: "confirmed",
    });
    expect(recipientChoiceFrom(new URLSearchParams())).toEqual({ audience: "captains", teams: "confirmed" });
  });
});

describe("the participant message form", () => {
  const valid = { subject: "Arrival", body: "See you at 8:30.", audience: "captains", teams: "both" };

  it("makes the subject one line and trims the message", () => {
    const result = core.safeParse(participantMessageSchema, {
      ...valid,
      subject: " Arrival\r\n on  Saturday ",
      body: "\n Hello \n",
    });
    expect(result.success && result.data).toMatchObject({ subject: "Arrival on Saturday", body: "Hello" });
  });

  it("allows 20,000 characters of message and no more", () => {
    expect(core.safeParse(participantMessageSchema, { ...valid, body: "x".repeat(20_000) }).success).toBe(
      true,
    );
    const result = core.safeParse(participantMessageSchema, { ...valid, body: "x".repeat(20_001) });
    expect(result.error?.issues[0]?.message).toBe("The message can be at most 20,000 characters.");
  });

  it("says a person or people", () => {
    expect(peopleCount(1)).toBe("1 person");
    expect(peopleCount(0)).toBe("0 people");
    expect(peopleCount(14)).toBe("14 people");
  });
});
