import { lazy, useRef, useState, type MouseEvent } from "react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { useDialogOnDemand } from "~/components/ui/dialog-on-demand";
import type { FormReply } from "~/lib/forms/use-app-form";
import { CANCEL_EVENT_CONSEQUENCE, CancelEventForm } from "./cancel-event-form";
import { cancelEventPath, editEventPath } from "./paths";

const CancelEventDialog = lazy(() => import("./cancel-event-dialog"));

/**
 * "Cancel event…" of the event's page. With JavaScript its link opens the dialog where
 * the person is; without, it opens the page at the same question (`?cancel=1`), and a
 * refusal sent without JavaScript shows there again. Gives the page the link (for its
 * actions) and the question on the page, when it is asked there.
 */
export function useCancelEvent({
  eventId,
  title,
  asked,
  lastResult,
  busy,
}: {
  eventId: string;
  title: string;
  /** Opened at the question without JavaScript (`?cancel=1`). */
  asked: boolean;
  /** The action's answer to the last "cancel", if it refused. */
  lastResult: FormReply | null | undefined;
  busy: boolean;
}) {
  const path = editEventPath(eventId);
  const trigger = useRef<HTMLAnchorElement>(null);
  const [usedDialog, setUsedDialog] = useState(false);
  const { open, show, dialog } = useDialogOnDemand((state) => (
    <CancelEventDialog
      {...state}
      title={title}
      action={path}
      lastResult={lastResult}
      busy={busy}
      returnFocusTo={trigger}
    />
  ));
  const onPage = !open && (asked || (Boolean(lastResult) && !usedDialog));

  const openDialog = (event: MouseEvent) => {
    event.preventDefault();
    setUsedDialog(true);
    show();
  };

  const link = onPage ? null : (
    <>
      <Link
        ref={trigger}
        to={cancelEventPath(eventId)}
        onClick={openDialog}
        aria-haspopup="dialog"
        className={buttonVariants({ variant: "outline-destructive" })}
      >
        Cancel event…
      </Link>
      {dialog}
    </>
  );

  const question = onPage ? (
    <section
      aria-labelledby="cancel-event-question"
      className="space-y-3 rounded-md border border-red-300 bg-red-50 p-4"
    >
      <h2 id="cancel-event-question" className="font-semibold text-red-900">
        Cancel {title}?
      </h2>
      <p className="text-sm text-red-900">{CANCEL_EVENT_CONSEQUENCE}</p>
      <CancelEventForm
        action={path}
        lastResult={lastResult}
        busy={busy}
        keep={
          <Link to={path} className={buttonVariants({ variant: "outline" })}>
            Keep the event
          </Link>
        }
      />
    </section>
  ) : null;

  return { link, question };
}
