import { Link } from "react-router";
import { requireUser } from "#server/auth/viewer";
import { documentsByBooking } from "#server/invoices/queries";
import { listMyRegistrations } from "#server/registrations/queries";
import { BookingList } from "~/components/bookings/booking-list";
import { buttonVariants } from "~/components/ui/button";
import { baseUrlFromMatches, pageMeta } from "~/lib/meta";
import { BOOKINGS_PATH } from "~/lib/paths";
import { localizedPath } from "~/lib/i18n/locale";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/index";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireUser(request, context);
  const bookings = await listMyRegistrations(context.db, actor, context.baseUrl);
  const registrationIds = [...bookings.upcoming, ...bookings.past, ...bookings.cancelled].map(({ id }) => id);
  const documents = await documentsByBooking(context.db, { actor, view: "booker", registrationIds });
  return { ...bookings, documents };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(baseUrlFromMatches(matches), {
    title: m.bookings_title,
    description: m.bookings_meta_description,
    path: BOOKINGS_PATH,
  }),
  { name: "robots", content: "noindex" },
];

export default function MyBookings({ loaderData }: Route.ComponentProps) {
  const { upcoming, past, cancelled, documents } = loaderData;
  const none = upcoming.length === 0 && past.length === 0 && cancelled.length === 0;
  return (
    <main id="main" className="mx-auto w-full max-w-5xl space-y-8 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <header>
        <h1 className="text-2xl font-bold text-navy-900 sm:text-3xl">{m.bookings_title()}</h1>
        <p className="mt-1 text-slate-600">{m.bookings_intro()}</p>
      </header>

      {none ? (
        <section className="rounded-lg border border-slate-200 bg-white p-6 text-center shadow-sm">
          <h2 className="text-lg font-semibold text-navy-900">{m.bookings_none_title()}</h2>
          <p className="mt-2 text-sm text-slate-600">{m.bookings_none_body()}</p>
          <Link to={localizedPath("/events")} className={`${buttonVariants()} mt-4`}>
            {m.bookings_browse_events()}
          </Link>
        </section>
      ) : (
        <>
          <BookingList
            title={m.bookings_upcoming()}
            bookings={upcoming}
            documents={documents}
            emptyMessage={m.bookings_upcoming_empty()}
          />
          <BookingList
            title={m.bookings_past()}
            bookings={past}
            documents={documents}
            emptyMessage={m.bookings_past_empty()}
          />
          {/* Shown only when there are some: a cancelled booking is neither upcoming nor past. */}
          {cancelled.length > 0 && (
            <BookingList
              title={m.bookings_cancelled()}
              bookings={cancelled}
              documents={documents}
              emptyMessage={m.bookings_cancelled_empty()}
            />
          )}
        </>
      )}
    </main>
  );
}
