import type { getUserForAdmin } from "#server/users/queries";
import type { FormReply } from "~/lib/forms/use-app-form";

/** What the admin's page about one person shows. */
export type AdminUserView = NonNullable<Awaited<ReturnType<typeof getUserForAdmin>>>;

/** The last refused form of the page, if it was one of `intents`. */
export type ResultOf = (...intents: string[]) => FormReply | undefined;
