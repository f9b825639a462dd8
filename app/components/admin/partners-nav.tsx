import { href } from "react-router";
import { partnerApplicationsPath } from "~/lib/paths";
import { SectionNav } from "./admin-page";

/** Partners and their applications are two sections of one admin page. */
export function PartnersNav({ pendingApplications }: { pendingApplications: number }) {
  return (
    <SectionNav
      label="Partners sections"
      links={[
        { to: href("/dashboard/admin/partners"), label: "Partners", end: true },
        {
          to: partnerApplicationsPath(),
          label: `Applications (${pendingApplications} pending)`,
        },
      ]}
    />
  );
}
