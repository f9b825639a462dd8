import type { ReactNode } from "react";
import { useLocation, useSearchParams } from "react-router";
import { useConfirmStep } from "~/components/ui/confirm-step";
import type { FormReply } from "~/lib/forms/use-app-form";
import { m } from "~/paraglide/messages";
import { ReasonForm, type ReasonDecisionText, type ReasonIntent } from "./reason-form";

/** The address parameter that shows a decision's form on the page, for browsers without JavaScript. */
const DECIDE = "decide";

/**
 * Unpublish or cancel, asked first with a reason (`useConfirmStep`): with JavaScript in a
 * dialog, without on this page at `?decide=…`, where a refused submit comes back with its
 * messages. Gives the link and, when asked on the page, the question in its place.
 */
export function ReasonDecision({
  intent,
  version,
  text,
  lastResult,
}: {
  intent: ReasonIntent;
  version: number;
  text: ReasonDecisionText;
  lastResult?: FormReply;
}): ReactNode {
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const id = `decide-${intent}`;
  const ask = new URLSearchParams(searchParams);
  ask.set(DECIDE, intent);
  const back = new URLSearchParams(searchParams);
  back.delete(DECIDE);
  const { link, question } = useConfirmStep({
    id,
    askHref: `?${ask.toString()}#${id}`,
    backHref: `${pathname}${back.size > 0 ? `?${back.toString()}` : ""}`,
    asked: searchParams.get(DECIDE) === intent,
    lastResult,
    label: text.start,
    heading: text.question,
    consequence: text.consequence,
    keepLabel: m.review_go_back(),
    danger: true,
    headingLevel: 3,
    renderForm: (keep) => (
      <ReasonForm intent={intent} version={version} text={text} lastResult={lastResult} keep={keep} />
    ),
  });
  return question ?? link;
}
