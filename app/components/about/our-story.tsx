import { PageSection } from "~/components/content/page-section";

export function OurStory() {
  return (
    <PageSection id="story-title" title="Our story" width="3xl">
      <div className="mt-6 space-y-4 text-lg leading-relaxed text-slate-700">
        <p>
          Rethink Corporate Life started in 2022 with a simple observation: the best conversations at work
          rarely happen in meeting rooms. Our founder had spent years in a racing eight and then a decade in
          consulting, and kept seeing the same thing. A crew learns in one morning what many teams spend a
          year of workshops trying to learn: you only move forward when everyone pulls together, in rhythm.
        </p>
        <p>
          Denmark is a country of harbours, lakes and fjords, with rowing clubs in towns all over the map.
          Many of them have boats, coaches and boathouses that are quiet on weekdays, while companies search
          for team days that are more than another escape room. We built RCL to bring the two together.
        </p>
        <p>
          Today we work throughout Denmark, from the harbour in Copenhagen to the lakes around Silkeborg and
          the fjords of Jutland. Our partners run coached taster sessions, indoor rowing challenges, corporate
          regattas and networking evenings by the water. Companies find and book team spots in one place;
          partners get the reach and the tools to fill their boats.
        </p>
      </div>
    </PageSection>
  );
}
