import { Link } from "react-router";
import { Button } from "~/components/ui/button";

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden bg-navy-900 text-white">
      <img
        src="/images/hero.svg"
        alt=""
        width={1600}
        height={900}
        fetchPriority="high"
        className="absolute inset-0 -z-10 size-full object-cover opacity-70"
      />
      <div className="mx-auto max-w-7xl px-4 py-24 sm:px-6 sm:py-32 lg:py-40">
        <div className="max-w-2xl">
          <h1 id="hero-title" className="text-4xl font-bold tracking-tight sm:text-5xl lg:text-6xl">
            Rethink Corporate Life
          </h1>
          <p className="mt-6 text-lg text-navy-100 sm:text-xl">
            Corporate rowing events, team building and strategic networking throughout Denmark. Bring your
            team together on the water and build connections that last.
          </p>
          <div className="mt-10 flex flex-wrap gap-4">
            <Button asChild size="lg">
              <Link to="/events">Discover Events</Link>
            </Button>
            <Button asChild size="lg" variant="outline-light">
              <Link to="/partners">Join as Partner</Link>
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
