import type { ReactNode } from "react";

type Processing = {
  title: string;
  data: ReactNode;
  purpose: ReactNode;
  basis: ReactNode;
};

const PROCESSING: Processing[] = [
  {
    title: "Your account",
    data: "Name, e-mail address, company (if you give it), your role on the site, and your password, which we only store as a one-way hash that nobody can read back.",
    purpose: "To create your account, let you sign in and show you your bookings and dashboard.",
    basis: "Contract, art. 6(1)(b).",
  },
  {
    title: "Team bookings and invoicing",
    data: "Team name, company, billing company, CVR number, EAN number for public institutions, purchase order reference, billing e-mail, the team captain's name, e-mail and phone number, the names (and e-mail addresses, if given) of the people on the team roster, and any notes you add.",
    purpose:
      "To register your team, pass the booking on to the partner who runs the event, send confirmations and practical information, invoice the booking and keep our accounts.",
    basis:
      "Contract, art. 6(1)(b); for contact people and team members of a company customer, legitimate interests, art. 6(1)(f); for invoices and accounts, legal obligation, art. 6(1)(c).",
  },
  {
    title: "Contact messages and partner applications",
    data: "Name, e-mail address, company, subject and message, and for event inquiries a preferred date and group size. For partner applications also the organisation's name, type, location and website, and the contact person's phone number.",
    purpose:
      "To answer you, to forward an inquiry to the partner you wrote to, and to assess an application to become a partner.",
    basis:
      "Legitimate interests in answering the people who contact us, art. 6(1)(f); for partner applications, steps before a contract, art. 6(1)(b).",
  },
  {
    title: "E-mails we send",
    data: "Your e-mail address and the content of the e-mail, for example a booking confirmation, a reply to your message or a password reset link.",
    purpose:
      "To send the service e-mails the site needs. We do not send newsletters or marketing e-mails; if we ever do, we will ask for your consent first.",
    basis: "Contract, art. 6(1)(b), and legitimate interests, art. 6(1)(f).",
  },
  {
    title: "Security logs and rate limiting",
    data: "IP address, time, the page or form requested, browser type, sign-in attempts, and reports of errors in your browser (the page and the error's message). Rate-limit counters are keyed by IP address or e-mail address.",
    purpose:
      "To keep the site and your account safe: to stop password guessing and spam, to find and fix errors, and to investigate misuse.",
    basis: "Legitimate interests in running a secure service, art. 6(1)(f).",
  },
];

/** What the site collects for each purpose, why, and on which legal basis. */
export function ProcessingList() {
  return (
    <>
      {PROCESSING.map((item) => (
        <div key={item.title}>
          <h3>{item.title}</h3>
          <dl className="mt-2 space-y-2">
            <div>
              <dt className="font-semibold text-slate-900">What</dt>
              <dd>{item.data}</dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-900">Why</dt>
              <dd>{item.purpose}</dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-900">Legal basis (GDPR)</dt>
              <dd>{item.basis}</dd>
            </div>
          </dl>
        </div>
      ))}
    </>
  );
}
