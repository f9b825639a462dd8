import { href, Link } from "react-router";
import { mailtoHref, type SiteContact } from "~/lib/contact-links";
import { SITE_NAME } from "~/lib/meta";
import { CompanyDetails } from "./company-details";
import { LegalPage, type LegalSection } from "./legal-page";
import { CookieList } from "./privacy-cookies";
import { ProcessingList } from "./privacy-processing";

/** Change this whenever the text below changes in substance. */
const LAST_UPDATED = "2026-11-27";

/** The privacy notice, naming the data controller with its details from site settings. */
export function PrivacyNotice({ company }: { company: SiteContact | null }) {
  return (
    <LegalPage
      title="Privacy Notice"
      lastUpdated={LAST_UPDATED}
      intro={
        <p>
          This notice explains what personal data {SITE_NAME} collects when you use our website and book
          events, why we do it, who we share it with, how long we keep it and what rights you have.
        </p>
      }
      sections={sections(company)}
    />
  );
}

function sections(company: SiteContact | null): LegalSection[] {
  const email = company?.contactEmail;
  const writeToUs = email ? (
    <>
      write to us at <a href={mailtoHref(email)}>{email}</a>
    </>
  ) : (
    "write to us"
  );

  return [
    {
      id: "controller",
      title: "Who is responsible for your data",
      body: (
        <>
          <p>
            {SITE_NAME} is the data controller for the personal data described in this notice. We are a Danish
            company and follow the EU General Data Protection Regulation (GDPR) and the Danish Data Protection
            Act (databeskyttelsesloven).
          </p>
          <CompanyDetails settings={company} />
          <p>
            We have not appointed a data protection officer, as the law does not require one for a business
            like ours. For any question about your data, {writeToUs}.
          </p>
        </>
      ),
    },
    {
      id: "what-and-why",
      title: "What we collect and why",
      body: (
        <>
          <p>
            We only collect what we need to run the marketplace. Most of it you give us yourself; data about
            team members comes from the person who registers the team. If you register colleagues, please tell
            them and point them to this notice.
          </p>
          <ProcessingList />
          <p>
            Please do not write health information, such as allergies or medical conditions, in booking notes
            or messages. If a participant has needs the partner must know about, agree them directly with the
            partner.
          </p>
        </>
      ),
    },
    {
      id: "legal-bases",
      title: "Our legal bases",
      body: (
        <ul>
          <li>
            <strong>Contract, art. 6(1)(b):</strong> when we need the data to give you an account, carry out a
            booking you make, or take steps you ask for before a contract.
          </li>
          <li>
            <strong>Legal obligation, art. 6(1)(c):</strong> when the law requires us to keep data. The main
            example is the Danish Bookkeeping Act (bogføringsloven), which requires us to keep invoices and
            other accounting records for 5 years from the end of the financial year they relate to.
          </li>
          <li>
            <strong>Legitimate interests, art. 6(1)(f):</strong> when we, or a partner, have a fair reason
            that does not override your interests: answering messages, running events for company customers,
            and keeping the site secure. You can object to this processing at any time (see your rights
            below).
          </li>
        </ul>
      ),
    },
    {
      id: "recipients",
      title: "Who receives your data",
      body: (
        <>
          <p>We never sell personal data. We only share it with:</p>
          <ul>
            <li>
              <strong>The partner who runs the event you book:</strong> the booking, billing details, the team
              captain&apos;s contact details and the roster, so the partner can plan the event, keep
              participants safe and, where it invoices you, send the invoice. The partner is responsible for
              its own use of the data.
            </li>
            <li>
              <strong>A partner you write to:</strong> your inquiry, when you use a partner&apos;s contact
              form.
            </li>
            <li>
              <strong>Our data processors:</strong> the provider that hosts our servers and database, and the
              provider that delivers our e-mails. They process data only on our instructions, under a data
              processing agreement (GDPR art. 28).
            </li>
            <li>
              <strong>Accountants and authorities:</strong> our accountant and auditor, and public authorities
              such as the Danish Tax Agency (Skattestyrelsen), when the law requires it.
            </li>
          </ul>
          <p>
            Our processors store data within the EU/EEA. If we ever use a provider outside the EU/EEA, we will
            only do so with a lawful transfer basis, such as an EU adequacy decision or the EU standard
            contractual clauses, and we will update this notice first.
          </p>
        </>
      ),
    },
    {
      id: "retention",
      title: "How long we keep your data",
      body: (
        <ul>
          <li>
            <strong>Account:</strong> until you delete it on your profile page. Deleting it removes your
            profile, your sessions, the team registrations made through your account and our copies of e-mails
            sent to you, at once.
          </li>
          <li>
            <strong>Invoices:</strong> invoices for bookings are accounting records, kept in the accounting
            system for 5 years from the end of the financial year they belong to, as the Danish Bookkeeping
            Act requires, also after an account is deleted.
          </li>
          <li>
            <strong>Contact messages and partner applications:</strong> as long as we need them to answer you
            or to handle the application; you can ask us to delete them at any time.
          </li>
          <li>
            <strong>Changes made for a partner:</strong> when you manage a partner or act as an admin, each
            change you make is recorded with your e-mail address and the time, so partners and RCL can see who
            changed what. These records stay after your account is deleted.
          </li>
          <li>
            <strong>Sessions:</strong> until you log out, or 30 days after your last visit.
          </li>
          <li>
            <strong>Rate-limit counters:</strong> replaced when their short time window (at most an hour)
            ends.
          </li>
        </ul>
      ),
    },
    {
      id: "your-rights",
      title: "Your rights",
      body: (
        <>
          <p>Under the GDPR you have the right to:</p>
          <ul>
            <li>
              <strong>access</strong> the data we hold about you (art. 15);
            </li>
            <li>
              have wrong data <strong>corrected</strong> (rectification, art. 16);
            </li>
            <li>
              have your data <strong>erased</strong> (art. 17), unless we must keep it, for example for the
              accounts;
            </li>
            <li>
              have our use of your data <strong>restricted</strong> (art. 18);
            </li>
            <li>
              receive your data in a machine-readable format and move it elsewhere (
              <strong>portability</strong>, art. 20);
            </li>
            <li>
              <strong>object</strong> to processing based on our legitimate interests (art. 21).
            </li>
          </ul>
          <p>
            You can do much of this yourself: on your{" "}
            <Link to={href("/dashboard/profile")}>profile page</Link> you can correct your details, download a
            copy of your data and delete your account. For anything else, {writeToUs}. We answer within one
            month and may ask you to confirm who you are before we hand out data.
          </p>
        </>
      ),
    },
    {
      id: "automated-decisions",
      title: "No automated decisions",
      body: (
        <p>
          We do not make decisions about you based solely on automated processing, including profiling, that
          have legal or similarly significant effects (GDPR art. 22). Rate limits that briefly pause repeated
          sign-in attempts or form submissions are a security measure, not a decision about you.
        </p>
      ),
    },
    {
      id: "cookies",
      title: "Cookies",
      body: (
        <>
          <p>
            We use two cookies, both strictly necessary for the service you ask for: one keeps you signed in,
            the other carries a short message from one page to the next. Because they are strictly necessary,
            Danish cookie rules do not require consent, which is why you see no cookie banner.
          </p>
          <CookieList />
          <p>
            We do not use analytics, advertising or social media tracking cookies, tracking pixels or similar
            technologies. Fonts and images are served from our own site, so visiting a page does not send your
            data to third parties. Links to our social media profiles only take you there when you click them.
          </p>
        </>
      ),
    },
    {
      id: "complaints",
      title: "How to complain",
      body: (
        <>
          <p>
            If you are unhappy with how we handle your data, please contact us first so we can try to put it
            right. You always have the right to complain to the Danish Data Protection Agency:
          </p>
          <address className="rounded-lg border border-slate-200 p-5 not-italic">
            <strong>Datatilsynet</strong>
            <br />
            Carl Jacobsens Vej 35
            <br />
            2500 Valby
            <br />
            <a href="https://www.datatilsynet.dk" rel="noopener noreferrer">
              www.datatilsynet.dk
            </a>
            <br />
            <a href="mailto:dt@datatilsynet.dk">dt@datatilsynet.dk</a>
          </address>
        </>
      ),
    },
    {
      id: "changes",
      title: "Changes to this notice",
      body: (
        <p>
          We update this notice when we change how we use personal data or when the law changes. The date at
          the top shows the latest version. If a change matters to you, we will tell you by e-mail or on the
          site before it takes effect. Our <Link to={href("/terms")}>terms of use</Link> explain the rules for
          using the site and booking events.
        </p>
      ),
    },
  ];
}
