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
