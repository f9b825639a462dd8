import type { TeamQuestionsView } from "#server/questions/team-questions";
import { AnswersForm } from "~/components/questions/answers-form";
import { ProfileSection } from "~/components/profile/profile-section";
import { formatDate, formatTime } from "~/lib/dates";
import type { FormReply } from "~/lib/forms/use-app-form";
import { answerText } from "~/lib/questions";
import { m } from "~/paraglide/messages";

/**
 * A team's questions (ADR 038), the same on the booking's page and on the captain's crew
 * page: a form while the answers may change, the saved answers after, and who saved them
 * last, as either may change what the other gave.
 */
export function TeamQuestions({
  questions,
  reply,
  description,
}: {
  questions: TeamQuestionsView;
  reply: FormReply | null | undefined;
  description: string;
}) {
  const words = { yes: m.questions_yes(), no: m.questions_no() };
  const { lastSaved } = questions;
  // A form sent after the answers closed (the booking cancelled, the event over) says why here.
  const refusal = questions.open ? undefined : reply?.error?.[""]?.[0];
  return (
    <ProfileSection id="questions" title={m.questions_team_heading()} description={description}>
      {lastSaved && (
        <p className="text-sm text-slate-600">
          {(lastSaved.by === "captain" ? m.questions_saved_by_captain : m.questions_saved_by_booker)({
            when: `${formatDate(lastSaved.at)}, ${formatTime(lastSaved.at)}`,
          })}
        </p>
      )}
      {questions.open ? (
        <AnswersForm
          name="team-answers"
          intent="answers"
          questions={questions.list}
          answers={questions.answers}
          reply={reply}
        />
      ) : (
        <>
          {refusal && (
            <p role="alert" className="mb-3 rounded-md bg-red-50 p-3 text-sm text-red-800">
              {refusal}
            </p>
          )}
          <dl className="space-y-3 text-sm">
            {questions.list.map((question) => (
              <div key={question.id}>
                <dt className="font-medium text-slate-900" lang={question.label.lang}>
                  {question.label.text}
                </dt>
                <dd className="text-slate-700">
                  {answerText(question, questions.answers[question.id], words) || m.questions_no_answer()}
                </dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </ProfileSection>
  );
}
