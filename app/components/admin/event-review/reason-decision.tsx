import { lazy, useRef, type MouseEvent } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { useDialogOnDemand } from "~/components/ui/dialog-on-demand";
import type { FormReply } from "~/lib/forms/use-app-form";
import { ReasonForm, type ReasonDecisionText, type ReasonIntent } from "./reason-form";

const ReasonDialog = lazy(() => import("./reason-dialog"));

/** The address parameter that shows a decision's form on the page, for browsers without JavaScript. */
const DECIDE = "decide";

/**
 * Unpublish or cancel. With JavaScript the button opens a dialog where the admin is;
 * without, it is a link to this page with the form shown in place (`?decide=…`), and a
 * refused submit comes back to that same address with its messages.
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
}) {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const inline = searchParams.get(DECIDE) === intent;
  const trigger = useRef<HTMLAnchorElement>(null);
  const { show, dialog } = useDialogOnDemand((state) => (
    <ReasonDialog
      {...state}
      intent={intent}
      version={version}
      text={text}
      lastResult={lastResult}
      returnFocusTo={trigger}
    />
  ));
  const sectionId = `decide-${intent}`;

  if (inline) {
    const back = new URLSearchParams(searchParams);
    back.delete(DECIDE);
    const backTo = `${location.pathname}${back.size > 0 ? `?${back.toString()}` : ""}`;
    return (
      <section
        id={sectionId}
        aria-labelledby={`${sectionId}-title`}
        className="space-y-3 rounded-md border-2 border-red-300 bg-white p-4"
      >
        <h3 id={`${sectionId}-title`} className="font-semibold text-red-900">
          {text.question}
        </h3>
        <p className="text-sm text-red-900">{text.consequence}</p>
        <ReasonForm intent={intent} version={version} text={text} lastResult={lastResult} />
        <Link to={backTo} className={buttonVariants({ variant: "outline" })}>
          Go back
        </Link>
      </section>
    );
  }

  const open = (event: MouseEvent) => {
    event.preventDefault();
    show();
  };
  const params = new URLSearchParams(searchParams);
  params.set(DECIDE, intent);
  return (
    <>
      <Link
        ref={trigger}
        to={`?${params.toString()}#${sectionId}`}
        onClick={open}
        aria-haspopup="dialog"
        className={buttonVariants({ variant: "outline-destructive" })}
      >
        {text.start}
      </Link>
      {dialog}
    </>
  );
}
