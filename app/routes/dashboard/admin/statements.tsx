import { href } from "react-router";
import { requireArea } from "#server/auth/viewer";
import { orNotFound } from "#server/http/respond";
import { statementListPage } from "#server/settlements/queries";
import { StatementList } from "~/components/statements/statement-list";
import { pageOf } from "~/components/ui/pagination";
import { workspacePageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/statements";

const PATH = href("/dashboard/admin/statements");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "admin");
  const url = new URL(request.url);
  return orNotFound(statementListPage(context.db, { actor, area: "admin", url, page: pageOf(url) }));
}

export const meta: Route.MetaFunction = workspacePageMeta(m.statements_title, PATH);

/** Every partner's monthly statements, filtered by month and partner, with their files. */
export default function AdminStatements({ loaderData }: Route.ComponentProps) {
  return <StatementList data={loaderData} intro={m.statements_admin_intro()} listPath={PATH} />;
}
