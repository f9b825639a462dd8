import { useState, useSyncExternalStore } from "react";
import { Form, useSubmit } from "react-router";
import { useIsPending } from "~/lib/use-is-pending";
import { Button } from "~/components/ui/button";
import {
  AUDIENCE_LABELS,
  MESSAGE_AUDIENCES,
  MESSAGE_TEAMS,
  peopleCount,
  TEAMS_LABELS,
  type RecipientChoice as Choice,
} from "~/lib/forms/participant-message-schema";
import { m } from "~/paraglide/messages";

const legendClass = "text-sm font-medium text-slate-700";
const radioClass = "size-4 accent-water-600";

/**
 * Who receives the message, as a GET form: the choice lives in the address and the
 * server counts the people it reaches. Without JavaScript "Update count" reloads the
 * page with the new count; with it, every change does so in place, and the message
 * being written below stays as it is.
 */
export function RecipientChoice({
  action,
  choice,
  count,
}: {
  action: string;
  choice: Choice;
  count: number;
}) {
  const submit = useSubmit();
  // The live count is a GET of this page; the send (a POST to the same address) is not counting.
  const counting = useIsPending({ formAction: action, formMethod: "GET" });
  const hydrated = useHydrated();
  const selected = useSelection(choice);

  const pick = (form: HTMLFormElement | null, next: Choice) => {
    selected.set(next);
    if (form) void submit(form, { replace: true, preventScrollReset: true });
  };

  return (
    <Form
      method="get"
      action={action}
      aria-labelledby="recipients-heading"
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="recipients-heading" className="text-lg font-semibold text-navy-900">
        {m.messages_recipients()}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <fieldset className="space-y-2">
          <legend className={legendClass}>{m.messages_who()}</legend>
          {MESSAGE_AUDIENCES.map((audience) => (
            <label key={audience} className="flex items-start gap-2 text-sm text-slate-700">
              <input
                type="radio"
                name="audience"
                value={audience}
                checked={selected.value.audience === audience}
                onChange={(event) => pick(event.currentTarget.form, { ...selected.value, audience })}
                className={radioClass}
              />
              {AUDIENCE_LABELS[audience]}
            </label>
          ))}
        </fieldset>
        <fieldset className="space-y-2">
          <legend className={legendClass}>{m.messages_teams()}</legend>
          {MESSAGE_TEAMS.map((teams) => (
            <label key={teams} className="flex items-start gap-2 text-sm text-slate-700">
              <input
                type="radio"
                name="teams"
                value={teams}
                checked={selected.value.teams === teams}
                onChange={(event) => pick(event.currentTarget.form, { ...selected.value, teams })}
                className={radioClass}
              />
              {TEAMS_LABELS[teams]}
            </label>
          ))}
        </fieldset>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <p aria-live="polite" aria-busy={counting} className="text-sm text-slate-800">
          {counting ? (
            m.messages_counting()
          ) : (
            <>
              {m.messages_will_reach_before()}
              <strong>{peopleCount(count)}</strong>
              {m.messages_will_reach_after()}
            </>
          )}
        </p>
        {!hydrated && (
          <Button type="submit" variant="outline" size="sm">
            {m.messages_update_count()}
          </Button>
        )}
      </div>
    </Form>
  );
}

/**
 * The radios' state: what the person picked, until the page's own choice changes (the
 * count for the pick arrived, or going back in history showed another choice).
 */
function useSelection(choice: Choice) {
  const [value, set] = useState(choice);
  const [shown, setShown] = useState(choice);
  if (shown.audience !== choice.audience || shown.teams !== choice.teams) {
    setShown(choice);
    set(choice);
  }
  return { value, set };
}

const stayPut = () => () => {};

/** False in the server's HTML and while hydrating (so both agree), true afterwards. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    stayPut,
    () => true,
    () => false,
  );
}
