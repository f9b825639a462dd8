import type { ReactNode } from "react";
import { SectionHeading } from "~/components/content/page-section";

function Statement({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg bg-white p-6 shadow-sm sm:p-8">
      <SectionHeading id={id} size="md">
        {title}
      </SectionHeading>
      <p className="mt-4 leading-relaxed text-slate-700">{children}</p>
    </section>
  );
}

export function MissionAndVision() {
  return (
    <div className="bg-navy-50">
      <div className="mx-auto grid max-w-5xl gap-6 px-4 py-16 sm:px-6 md:grid-cols-2">
        <Statement id="mission-title" title="Our mission">
          To make it easy for companies in Denmark to bring people together through shared experiences on and
          by the water: events that build trust across departments, welcome complete beginners and leave room
          for real conversations.
        </Statement>
        <Statement id="vision-title" title="Our vision">
          A Danish working life where colleagues, and professionals from different companies, meet as crews
          rather than job titles, and where every club and venue that wants to host them is easy to find and
          book.
        </Statement>
      </div>
    </div>
  );
}
