import type { ComponentProps } from "react";
import { Form, useLocation } from "react-router";

/**
 * A list's filters: a GET form whose fields start from the address. Its inputs are
 * uncontrolled, so the form is remade whenever the query changes ("Clear", back and
 * forward); otherwise the old values would stay in the fields and be sent again.
 */
export function FilterForm(props: Omit<ComponentProps<typeof Form>, "method">) {
  const { search } = useLocation();
  return <Form key={search} method="get" {...props} />;
}

/** Why some of the address's filters were set aside (a date that is no date), above the list. */
export function FilterProblems({ problems }: { problems: string[] }) {
  if (problems.length === 0) return null;
  return (
    <div role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      {problems.map((problem) => (
        <p key={problem}>{problem}</p>
      ))}
    </div>
  );
}
