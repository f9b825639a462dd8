import type { ReactNode } from "react";
import { SectionHeading } from "~/components/content/page-section";
import { m } from "~/paraglide/messages";

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
        <Statement id="mission-title" title={m.about_mission_title()}>
          {m.about_mission_body()}
        </Statement>
        <Statement id="vision-title" title={m.about_vision_title()}>
          {m.about_vision_body()}
        </Statement>
      </div>
    </div>
  );
}
