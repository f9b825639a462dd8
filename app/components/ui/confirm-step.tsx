import { lazy, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { Form, Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { useDialogOnDemand } from "~/components/ui/dialog-on-demand";
import { cn } from "~/lib/utils";

const ConfirmDialog = lazy(() => import("./confirm-dialog"));

type ConfirmStepOptions = {
  /** The id of the question on the page (for `askHref`'s `#…`); its heading's is `${id}-question`. */
  id: string;
  /** The page at the question, for browsers without JavaScript (`…?cancel=1`). */
  askHref: string;
  /** The page without the question: the "keep" link of the question on the page. */
  backHref: string;
  /** The page was opened at the question (`?cancel=1`). */
  asked: boolean;
  /** The action's answer to this question's last submit, if it refused. */
  lastResult: unknown;
  /** The link that asks ("Cancel event…"). */
  label: ReactNode;
  heading: string;
  consequence: string;
  /** The way out without acting ("Keep the event"). */
  keepLabel: string;
  /** A step that destroys or takes away: red link and question. */
  danger?: boolean;
  /** The question's heading level on the page, under the section that offers it. */
  headingLevel?: 2 | 3;
  /** The question's form, given its "keep" control (a button in the dialog, a link on the page). */
  renderForm: (keep: ReactNode) => ReactNode;
};

/**
 * `askHref` as a GET form: where it goes (its path and `#…`; none for this page), the
 * query's other parameters as hidden fields and the last one as the button's own.
 */
function askForm(askHref: string) {
  const [address = "", hash] = askHref.split("#");
  const [path = "", query = ""] = address.split("?");
  const params = [...new URLSearchParams(query)];
  const [name, value] = params.pop() ?? [];
  return { action: `${path}${hash ? `#${hash}` : ""}` || undefined, hidden: params, name, value };
}

/**
 * "Ask first": an action behind its question. With JavaScript the button opens the
 * question in a dialog where the person is; without, its GET form opens the page at the
 * same question (`askHref`), and a refusal sent without JavaScript shows there again.
 * Gives the page the button, for its actions, and the question on the page when it is
 * asked there (then the button is gone).
 */
export function useConfirmStep({
  id,
  askHref,
  backHref,
  asked,
  lastResult,
  label,
  heading,
  consequence,
  keepLabel,
  danger = false,
  headingLevel = 2,
  renderForm,
}: ConfirmStepOptions) {
  const trigger = useRef<HTMLButtonElement>(null);
  const [usedDialog, setUsedDialog] = useState(false);
  const { open, show, dialog } = useDialogOnDemand((state) => (
    <ConfirmDialog
      {...state}
      heading={heading}
      consequence={consequence}
      keepLabel={keepLabel}
      renderForm={renderForm}
      returnFocusTo={trigger}
    />
  ));
  const onPage = !open && (asked || (Boolean(lastResult) && !usedDialog));

  const openDialog = (event: MouseEvent) => {
    event.preventDefault();
    setUsedDialog(true);
    show();
  };

  const ask = askForm(askHref);
  const link = onPage ? null : (
    <>
      <Form method="get" action={ask.action} className="contents">
        {ask.hidden.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button
          ref={trigger}
          type="submit"
          name={ask.name}
          value={ask.value}
          onClick={openDialog}
          aria-haspopup="dialog"
          className={buttonVariants({ variant: danger ? "outline-destructive" : "outline" })}
        >
          {label}
        </button>
      </Form>
      {/* Outside the form: React passes events up through the dialog's portal, so its own
          form's submit would otherwise reach this one too. */}
      {dialog}
    </>
  );

  const headingId = `${id}-question`;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const question = onPage ? (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn(
        "space-y-3 rounded-md border p-4",
        danger ? "border-red-300 bg-red-50" : "border-water-600/40 bg-white",
      )}
    >
      <Heading id={headingId} className="font-semibold break-words text-navy-900">
        {heading}
      </Heading>
      <p className="text-sm text-slate-700">{consequence}</p>
      {renderForm(
        <Link to={backHref} className={buttonVariants({ variant: "outline" })}>
          {keepLabel}
        </Link>,
      )}
    </section>
  ) : null;

  return { link, question };
}

/**
 * The end of a question's form (`renderForm`): its submit ("Cancel the team") with the
 * way out beside it (`keep`: the dialog's close button, or the link back to the page).
 */
export function QuestionActions({ keep, children }: { keep: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-2">
      {children}
      {keep}
    </div>
  );
}
