import { href, Link } from "react-router";
import { mailtoHref, type SiteContact } from "~/lib/contact-links";
import { SITE_NAME } from "~/lib/meta";
import { CompanyDetails } from "./company-details";
import { LegalPage, type LegalSection } from "./legal-page";

/** Change this whenever the text below changes in substance. */
const LAST_UPDATED = "2026-11-21";

/** The terms of use, with the company's identity and contact points from site settings. */
export function TermsOfUse({ company }: { company: SiteContact | null }) {
  return (
    <LegalPage
      title="Terms of Use"
      lastUpdated={LAST_UPDATED}
      intro={
        <p>
          These terms explain how you may use the {SITE_NAME} website and what applies when you book team
          spots at events run by our partners. We have kept them short and in plain language.
        </p>
      }
      sections={sections(company)}
    />
  );
}

function sections(company: SiteContact | null): LegalSection[] {
  const email = company?.contactEmail;
  return [
    {
      id: "who-we-are",
      title: "Who we are",
      body: (
        <>
          <p>
            The website is run by {SITE_NAME} (&quot;RCL&quot;, &quot;we&quot;, &quot;us&quot;), a Danish
            company that runs a marketplace for corporate rowing events, team building and networking
            throughout Denmark.
          </p>
          <CompanyDetails settings={company} />
        </>
      ),
    },
    {
      id: "using-the-site",
      title: "Using the site",
      body: (
        <>
          <p>
            You can browse events and partners without an account. By using the site you accept these terms.
            If you book or act on behalf of a company, you confirm that you are allowed to do so, and the
            company is bound by the booking.
          </p>
          <p>
            The site is made for businesses and their employees. If you book as a private person, the
            mandatory rights you have as a consumer under Danish law still apply, and nothing in these terms
            limits them.
          </p>
        </>
      ),
    },
    {
      id: "accounts",
      title: "Your account",
      body: (
        <ul>
          <li>You must be at least 18 years old and give correct information when you sign up.</li>
          <li>
            Keep your password to yourself. You are responsible for what happens in your account until you
            tell us that someone else has access to it.
          </li>
          <li>
            You can download your data and delete your account from your profile page at any time. Bookings
            and invoices we must keep by law are kept as described in our{" "}
            <Link to={href("/privacy")}>privacy notice</Link>.
          </li>
          <li>
            We may suspend or close an account that breaks these terms, for example after misuse or false
            bookings. Where we can, we warn you first.
          </li>
        </ul>
      ),
    },
    {
      id: "bookings",
      title: "Booking team spots",
      body: (
        <>
          <p>
            RCL is a marketplace. Each event is planned and run by one of our partners: rowing clubs, event
            organisers, venues and coaching services. The event page names the partner.
          </p>
          <ul>
            <li>
              When you register a team, you make a booking with the partner who runs the event. The contract
              for the event itself is between your company and that partner. RCL passes on your registration
              and handles the booking on the platform.
            </li>
            <li>
              A registration is binding once it is confirmed on screen and by e-mail. If the event is full,
              your team may be put on a waiting list and is only booked if a spot opens and we confirm it.
            </li>
            <li>
              The event page tells you the team size, what is included, the registration deadline and any
              requirements, for example that participants can swim or must follow the coaches&apos;
              instructions on the water. Please read it before you book, and share it with your team.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "prices-and-invoicing",
      title: "Prices and invoicing",
      body: (
        <ul>
          <li>Prices are per team and shown in the currency stated on the event page.</li>
          <li>
            You receive an invoice after booking. Your booking confirmation says who issues it (RCL or the
            partner) and when payment is due. Please give the right billing details when you book: company
            name, CVR number, and for public institutions an EAN number, plus any purchase order (PO)
            reference you need on the invoice.
          </li>
          <li>
            If an invoice is not paid on time, Danish rules on late payment between businesses apply,
            including interest and reminder fees.
          </li>
        </ul>
      ),
    },
    {
      id: "cancellations",
      title: "Cancellations and changes",
      body: (
        <>
          <p>
            Each event has its own cancellation terms, set by the partner and shown on the event page. They
            decide whether, and how much, you can get back if you cancel a team spot. Read them before you
            book.
          </p>
          <ul>
            <li>
              You can cancel a team spot from My Bookings in your dashboard or by writing to us. A
              cancellation counts from the time we receive it.
            </li>
            <li>
              You may change the people on your team until the event, as long as the team still meets the
              event&apos;s rules.
            </li>
            <li>
              Rowing depends on wind and weather. A partner may move an event indoors, change the programme or
              cancel it for safety reasons. If a partner cancels, we tell you as soon as we know, and the
              event&apos;s terms decide whether you get a refund or a new date.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "partner-content",
      title: "Partners and their content",
      body: (
        <>
          <p>
            Partners write their own profiles and event pages, and they are responsible for them being correct
            and lawful. They are also responsible for running their events safely, with qualified coaches,
            suitable equipment, insurance and any permits needed.
          </p>
          <p>
            We review events before they are published, but we cannot check every detail. If you think a page
            is wrong or breaks the law, please tell us
            {email ? (
              <>
                {" at "}
                <a href={mailtoHref(email)}>{email}</a>.
              </>
            ) : (
              "."
            )}
          </p>
        </>
      ),
    },
    {
      id: "acceptable-use",
      title: "Acceptable use",
      body: (
        <>
          <p>When you use the site, you must not:</p>
          <ul>
            <li>
              make bookings you do not intend to keep, or book in someone else&apos;s name without consent;
            </li>
            <li>send spam, harassing or unlawful messages through the contact and inquiry forms;</li>
            <li>
              try to break into accounts or systems, get around rate limits, or scrape the site in a way that
              puts load on it;
            </li>
            <li>upload or publish content that infringes others&apos; rights or that you may not share;</li>
            <li>
              use contact details of other participants or partners for marketing they did not agree to.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "our-content",
      title: "Our content",
      body: (
        <p>
          Texts, design, logos and images on the site belong to RCL or our partners. You may share links to
          pages and use event information for your own planning, but not copy the content for commercial use
          without permission.
        </p>
      ),
    },
    {
      id: "liability",
      title: "Liability",
      body: (
        <>
          <p>
            We work to keep the site available and correct, but we cannot promise it will always be online or
            free of errors.
          </p>
          <ul>
            <li>
              The partner is responsible for the event it runs, including safety on and off the water. Claims
              about an event are made against the partner.
            </li>
            <li>
              RCL is liable under the general rules of Danish law for our own errors in running the platform.
              Towards business customers we are not liable for indirect losses such as lost profit or lost
              working time, and our liability for a booking is limited to the amount paid for it.
            </li>
            <li>
              These limits do not apply where Danish law does not allow them, for example in case of gross
              negligence, intent or personal injury.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "law-and-venue",
      title: "Danish law and disputes",
      body: (
        <p>
          These terms and any booking made through the site are governed by Danish law. We would rather solve
          a disagreement by talking, so please contact us first. If we cannot agree, disputes go to the Danish
          courts, with the district court (byret) for RCL&apos;s registered address as the first instance.
          Consumers may also bring a case at their own home court or complain to the public consumer complaint
          bodies at Nævnenes Hus.
        </p>
      ),
    },
    {
      id: "changes",
      title: "Changes to these terms",
      body: (
        <p>
          We may update these terms when the service or the law changes. The date at the top shows the latest
          version. Important changes are announced on the site or by e-mail before they take effect. A booking
          is always governed by the terms that applied when it was made.
        </p>
      ),
    },
    {
      id: "contact",
      title: "Contact",
      body: (
        <>
          <p>Questions about these terms or a booking? Write or call us:</p>
          <CompanyDetails settings={company} />
          <p>
            You can also use our <Link to={href("/contact")}>contact form</Link>.
          </p>
        </>
      ),
    },
  ];
}
