import { href } from "react-router";
import { requireArea } from "#server/auth/viewer";
import { orNotFound } from "#server/http/respond";
import { statementListPage } from "#server/settlements/queries";
import { StatementList } from "~/components/statements/statement-list";
import { pageOf } from "~/components/ui/pagination";
import { workspacePageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/statements";

const PATH = href("/dashboard/partner/statements");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "partner");
  const url = new URL(request.url);
  return orNotFound(statementListPage(context.db, { actor, area: "partner", url, page: pageOf(url) }));
}

export const meta: Route.MetaFunction = workspacePageMeta(m.statements_title, PATH);

/** The partner's monthly statements (every partner's for an admin), with their files. */
export default function PartnerStatements({ loaderData }: Route.ComponentProps) {
  return <StatementList data={loaderData} intro={m.statements_partner_intro()} listPath={PATH} />;
}
