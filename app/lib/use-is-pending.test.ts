import { describe, expect, it } from "vitest";
import { isPending } from "./use-is-pending";

type Case = Parameters<typeof isPending>[0];

function submitting(formAction: string, fields: Record<string, string> = {}): Case {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return { state: "submitting", formAction, formData, formMethod: "POST" };
}

const idle: Case = { state: "idle", formAction: undefined, formData: undefined, formMethod: undefined };
const followingLink: Case = {
  state: "loading",
  formAction: undefined,
  formData: undefined,
  formMethod: undefined,
};
const asking = (formAction: string): Case => ({
  state: "loading",
  formAction,
  formData: new FormData(),
  formMethod: "GET",
});

describe("isPending", () => {
  it("is false while nothing is under way", () => {
    expect(isPending(idle)).toBe(false);
    expect(isPending(idle, { formAction: "/login" })).toBe(false);
  });

  it("counts any navigation, a link's too, without options", () => {
    expect(isPending(followingLink)).toBe(true);
    expect(isPending(submitting("/signup"))).toBe(true);
  });

  it("counts only a submission to the path, whatever its query string", () => {
    expect(isPending(submitting("/login?redirectTo=%2Fdashboard"), { formAction: "/login" })).toBe(true);
    expect(isPending(submitting("/login"), { formAction: "/login" })).toBe(true);
    expect(isPending(submitting("/signup"), { formAction: "/login" })).toBe(false);
    expect(isPending(submitting("/login/more"), { formAction: "/login" })).toBe(false);
    expect(isPending(followingLink, { formAction: "/login" })).toBe(false);
  });

  it("counts only a submission of the method", () => {
    expect(isPending(asking("/dashboard/partner/events/1/messages"), { formMethod: "GET" })).toBe(true);
    expect(
      isPending(asking("/dashboard/partner/events/1/messages"), {
        formAction: "/dashboard/partner/events/1/messages",
        formMethod: "GET",
      }),
    ).toBe(true);
    expect(
      isPending(submitting("/dashboard/partner/events/1/messages"), {
        formAction: "/dashboard/partner/events/1/messages",
        formMethod: "GET",
      }),
    ).toBe(false);
    expect(isPending(followingLink, { formMethod: "GET" })).toBe(false);
  });

  it("counts only the submission of the intent", () => {
    const approving = submitting("/dashboard/admin/events/1", { intent: "approve" });
    expect(isPending(approving, { intent: "approve" })).toBe(true);
    expect(isPending(approving, { intent: "cancel" })).toBe(false);
    expect(isPending(approving, { formAction: "/dashboard/admin/events/1", intent: "approve" })).toBe(true);
    expect(isPending(approving, { formAction: "/dashboard/admin/events/2", intent: "approve" })).toBe(false);
  });

  it("stays true while the page a submission leads to loads", () => {
    const loading: Case = { ...submitting("/login"), state: "loading" };
    expect(isPending(loading, { formAction: "/login" })).toBe(true);
  });
});
