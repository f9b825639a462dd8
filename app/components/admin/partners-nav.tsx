import { href } from "react-router";
import { partnerApplicationsPath } from "~/lib/paths";
import { SectionNav } from "./admin-page";
import { m } from "~/paraglide/messages";

/** Partners and their applications are two sections of one admin page. */
export function PartnersNav({ pendingApplications }: { pendingApplications: number }) {
  return (
    <SectionNav
      label={m.admin_partners_sections()}
      links={[
        { to: href("/dashboard/admin/partners"), label: m.admin_partners_tab(), end: true },
        {
          to: partnerApplicationsPath(),
          label: m.admin_applications_tab({ count: pendingApplications }),
        },
      ]}
    />
  );
}
