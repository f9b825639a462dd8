import { formatInstant } from "~/lib/dates";
import { m } from "~/paraglide/messages";

type ReviewNote = { id: string; note: string; writtenAt: Date | string; writtenBy: string | null };

/** Every note an admin sent the partner about the event, oldest first, with when and by whom. */
export function ReviewNotes({ notes }: { notes: ReviewNote[] }) {
  if (notes.length === 0) return null;
  return (
    <section aria-labelledby="review-notes" className="space-y-3">
      <h2 id="review-notes" className="text-lg font-semibold text-navy-900">
        {m.review_notes_heading()}
      </h2>
      <ol className="space-y-3">
        {notes.map((note) => {
          const writtenAt = new Date(note.writtenAt);
          return (
            <li key={note.id} className="rounded-md border border-slate-200 p-4 text-sm">
              <p className="text-slate-600">
                <time dateTime={writtenAt.toISOString()}>{formatInstant(writtenAt)}</time>
                {note.writtenBy ? m.review_note_by({ name: note.writtenBy }) : ""}
              </p>
              <p className="mt-1 whitespace-pre-line text-slate-900">{note.note}</p>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
