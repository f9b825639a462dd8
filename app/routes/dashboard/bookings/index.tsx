import { Link } from "react-router";
import { requireUser } from "#server/auth/viewer";
import { listMyRegistrations } from "#server/registrations/queries";
import { BookingList } from "~/components/bookings/booking-list";
import { buttonVariants } from "~/components/ui/button";
import { baseUrlFromMatches, pageMeta } from "~/lib/meta";
import { BOOKINGS_PATH } from "~/lib/paths";
import type { Route } from "./+types/index";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireUser(request, context);
  return listMyRegistrations(context.db, actor, context.baseUrl);
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(baseUrlFromMatches(matches), {
    title: "My Bookings",
    description: "Your team registrations: upcoming, past and cancelled, with edits and calendar files.",
    path: BOOKINGS_PATH,
  }),
  { name: "robots", content: "noindex" },
];

export default function MyBookings({ loaderData }: Route.ComponentProps) {
  const { upcoming, past, cancelled } = loaderData;
  const none = upcoming.length === 0 && past.length === 0 && cancelled.length === 0;
  return (
    <main id="main" className="mx-auto w-full max-w-5xl space-y-8 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <header>
        <h1 className="text-2xl font-bold text-navy-900 sm:text-3xl">My Bookings</h1>
        <p className="mt-1 text-slate-600">
          Your teams' registrations. You can edit a team and its roster until the event's registration
          deadline, and cancel until the event starts.
        </p>
      </header>

      {none ? (
        <section className="rounded-lg border border-slate-200 bg-white p-6 text-center shadow-sm">
          <h2 className="text-lg font-semibold text-navy-900">No bookings yet</h2>
          <p className="mt-2 text-sm text-slate-600">
            When you register a team for an event, it appears here.
          </p>
          <Link to="/events" className={`${buttonVariants()} mt-4`}>
            Browse events
          </Link>
        </section>
      ) : (
        <>
          <BookingList
            title="Upcoming"
            bookings={upcoming}
            emptyMessage="No upcoming bookings. Browse the events to register a team."
          />
          <BookingList title="Past" bookings={past} emptyMessage="No past bookings yet." />
          {/* Shown only when there are some: a cancelled booking is neither upcoming nor past. */}
          {cancelled.length > 0 && (
            <BookingList title="Cancelled" bookings={cancelled} emptyMessage="No cancelled bookings." />
          )}
        </>
      )}
    </main>
  );
}
