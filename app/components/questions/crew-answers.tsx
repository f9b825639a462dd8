import type { AnswerSheet } from "#server/questions/answer-sheet";
import { answerKeyOf } from "~/lib/questions";
import { m } from "~/paraglide/messages";

type Team = { id: string; roster: { id?: string; name: string }[] };

/**
 * A team's answers on the crew list (ADR 038): the team questions under the team, then
 * each rower's answers by seat number. Nothing when the event asks nothing.
 */
export function CrewAnswers({ team, sheet }: { team: Team; sheet: AnswerSheet }) {
  const { teamQuestions, rowerQuestions, texts } = sheet;
  if (teamQuestions.length === 0 && rowerQuestions.length === 0) return null;
  const none = <span className="text-slate-500">{m.questions_no_answer()}</span>;
  return (
    <div className="mt-3 space-y-3 border-t border-slate-200 pt-3 text-sm">
      {teamQuestions.length > 0 && (
        <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
          {teamQuestions.map((question) => (
            <div key={question.id} className="contents">
              <dt className="font-medium text-slate-700" lang={question.label.lang}>
                {question.label.text}
              </dt>
              <dd className="break-words text-slate-900">
                {texts[answerKeyOf(team.id, null, question.id)] ?? none}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {rowerQuestions.length > 0 && team.roster.length > 0 && (
        <table className="w-full text-left">
          <caption className="sr-only">{m.questions_crew_rower_caption()}</caption>
          <thead>
            <tr className="text-slate-600">
              <th scope="col" className="py-1 pr-3 font-medium">
                {m.questions_crew_rower()}
              </th>
              {rowerQuestions.map((question) => (
                <th
                  key={question.id}
                  scope="col"
                  className="py-1 pr-3 font-medium"
                  lang={question.label.lang}
                >
                  {question.label.text}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {team.roster.map((member, index) => (
              <tr key={member.id ?? index} className="border-t border-slate-100 align-top">
                <th scope="row" className="py-1 pr-3 font-normal break-words">
                  {index + 1}. {member.name}
                </th>
                {rowerQuestions.map((question) => (
                  <td key={question.id} className="py-1 pr-3 break-words">
                    {(member.id && texts[answerKeyOf(team.id, member.id, question.id)]) || none}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
