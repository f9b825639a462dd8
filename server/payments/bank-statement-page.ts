/**
 * The server side of the bank statement page, shared by the partner area (a partner's
 * account) and the admin area (RCL's own): what the loader reads and what the action
 * runs, for the signed-in actor and the account it may use.
 */
import type { Submission } from "@conform-to/react";
import { data } from "react-router";
import type { LoadContext } from "#server/context";
import { m } from "~/paraglide/messages";
import type { Actor } from "#server/auth/actor";
import { invalidField } from "#server/errors";
import { redirectAfter, runIntent } from "#server/http/run-intent";
import { statementOwner, type StatementOwnerRequest } from "./bank-accounts";
import { importBankStatement } from "./import-bank-statement";
import { matchBankLine } from "./match-bank-line";
import { bankStatementPage } from "./queries";
import { MAX_STATEMENT_MEGABYTES } from "./read-bank-statement";

export async function loadBankStatementPage(
  context: LoadContext,
  { actor, owner, page }: { actor: Actor; owner: StatementOwnerRequest; page: number },
) {
  const account = await statementOwner(context.db, actor, owner);
  return {
    ...(await bankStatementPage(context.db, { account, page })),
    page,
    maxMegabytes: MAX_STATEMENT_MEGABYTES,
  };
}

/**
 * "upload" stores and matches a statement file and answers with what it did; "match"
 * matches one line by hand and goes back to `path` with a toast. The file is never sent
 * back with a refusal: a browser cannot be handed a file to keep in its field.
 */
export function runBankStatementIntent(
  context: LoadContext,
  { formData, submission }: { formData: FormData; submission: Submission<Record<string, unknown>> },
  { actor, owner, path }: { actor: Actor; owner: StatementOwnerRequest; path: string },
) {
  return runIntent(
    submission,
    {
      upload: async () => {
        const file = formData.get("file");
        if (!(file instanceof File) || (file.size === 0 && file.name === "")) {
          throw invalidField("file", m.bank_file_required());
        }
        const result = await importBankStatement(context, {
          actor,
          owner,
          file: new Uint8Array(await file.arrayBuffer()),
        });
        return data({ uploaded: result });
      },
      match: redirectAfter(path, "bank-line-matched", (input) =>
        matchBankLine(context, { actor, owner, lineId: input.lineId, input }),
      ),
    },
    { record: () => statementOwner(context.db, actor, owner), hideFields: { upload: ["file"] } },
  );
}
