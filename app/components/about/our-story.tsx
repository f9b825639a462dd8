import { PageSection } from "~/components/content/page-section";
import { m } from "~/paraglide/messages";

export function OurStory() {
  return (
    <PageSection id="story-title" title={m.about_story_title()} width="3xl">
      <div className="mt-6 space-y-4 text-lg leading-relaxed text-slate-700">
        <p>{m.about_story_p1()}</p>
        <p>{m.about_story_p2()}</p>
        <p>{m.about_story_p3()}</p>
      </div>
    </PageSection>
  );
}
