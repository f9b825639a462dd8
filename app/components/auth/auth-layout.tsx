import { ArrowLeft } from "~/components/icons/arrow-left";
import { CheckCircle2 } from "~/components/icons/circle-check";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { LanguageSwitch } from "~/components/site/language-switch";
import { localizedPath } from "~/lib/i18n/locale";
import { m } from "~/paraglide/messages";

/** The account pages: the form on one side, the pitch on the other (stacked on phones). */
export function AuthLayout({
  children,
  panelTitle,
  panelPoints,
}: {
  children: ReactNode;
  panelTitle: string;
  panelPoints: string[];
}) {
  return (
    <div className="grid min-h-screen lg:grid-cols-2">
      <main id="main" className="flex flex-col px-4 py-8 sm:px-10">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Link
            to={localizedPath("/")}
            className="inline-flex items-center gap-2 text-sm text-water-600 hover:underline"
          >
            <ArrowLeft className="size-4" aria-hidden="true" /> {m.auth_back_to_home()}
          </Link>
          <LanguageSwitch />
        </div>
        <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center py-10">{children}</div>
      </main>
      <aside
        aria-label={panelTitle}
        className="hidden bg-navy-900 text-white lg:flex lg:flex-col lg:justify-center lg:px-16"
      >
        <h2 className="text-3xl font-bold">{panelTitle}</h2>
        <ul className="mt-8 space-y-4 text-lg text-navy-100">
          {panelPoints.map((point) => (
            <li key={point} className="flex items-start gap-3">
              <CheckCircle2 className="mt-1 size-5 shrink-0 text-teal-accent" aria-hidden="true" />
              {point}
            </li>
          ))}
        </ul>
      </aside>
    </div>
  );
}

/** A message above an account form: an error (alert) or news (status). */
export function FormNotice({ tone, children }: { tone: "error" | "success"; children: ReactNode }) {
  return tone === "error" ? (
    <div role="alert" className="mt-6 rounded-md bg-red-50 p-4 text-sm text-red-800">
      {children}
    </div>
  ) : (
    <div role="status" className="mt-6 rounded-md bg-teal-accent/10 p-4 text-sm text-teal-900">
      {children}
    </div>
  );
}
