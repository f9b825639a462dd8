import type { ReactNode } from "react";
import { Link } from "react-router";
import { ArrowLeft } from "~/components/icons/arrow-left";
import { buttonVariants } from "~/components/ui/button";
import { formatDate, formatTime } from "~/lib/dates";
import type { FormReply } from "~/lib/forms/use-app-form";

/**
 * The frame of one record's page in a workspace (an event, a registration, an inquiry):
 * the way back to its list, the heading, its facts on one line, then the content.
 */
export function RecordPage({
  back,
  title,
  facts,
  below,
  children,
}: {
  back: { to: string; label: string };
  title: ReactNode;
  /** The status badge and the record's key facts, wrapped on a narrow screen. */
  facts: ReactNode;
  /** A line under the facts, still part of the header. */
  below?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main id="main" className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <Link to={back.to} className={buttonVariants({ variant: "ghost", size: "sm" })}>
        <ArrowLeft aria-hidden="true" /> {back.label}
      </Link>
      <header className="space-y-2">
        <h1 className="text-2xl font-bold break-words text-navy-900 sm:text-3xl">{title}</h1>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">{facts}</div>
        {below}
      </header>
      {children}
    </main>
  );
}

/**
 * The action's answer to one of a page's forms (`intents`), when that form was the one
 * sent: the reply carries the intent it was sent with, so each form shows only its own.
 */
export function replyTo(answer: unknown, ...intents: string[]): FormReply | undefined {
  if (typeof answer !== "object" || answer === null || !("initialValue" in answer)) return undefined;
  const reply = answer as FormReply;
  const intent = reply.initialValue?.intent;
  return typeof intent === "string" && intents.includes(intent) ? reply : undefined;
}

/** Every message of a refused reply, field or form alike: for forms whose fields are not on the page. */
export function refusalMessages(reply: FormReply | null | undefined): string[] {
  if (!reply) return [];
  return Object.values(reply.error ?? {})
    .flat()
    .filter((message): message is string => Boolean(message));
}

/** A refused button's answer (submit, archive, delete), where the page has no form summary for it. */
export function RefusalAlert({ messages, heading }: { messages: string[]; heading?: ReactNode }) {
  if (messages.length === 0) return null;
  return (
    <div role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
      {heading && <p className="font-semibold">{heading}</p>}
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}

/** An instant as the workspaces show it: "June 15, 2027, 9:00 AM", machine-readable too. */
export function DateTime({ value }: { value: Date }) {
  return (
    <time dateTime={value.toISOString()}>
      {formatDate(value)}, {formatTime(value)}
    </time>
  );
}
