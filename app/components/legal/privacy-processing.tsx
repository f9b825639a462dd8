import { m } from "~/paraglide/messages";

/** One purpose of processing; each text is a message, called when the list renders. */
type Processing = {
  title: () => string;
  data: () => string;
  purpose: () => string;
  basis: () => string;
};

const PROCESSING: Processing[] = [
  {
    title: m.privacy_processing_account_title,
    data: m.privacy_processing_account_data,
    purpose: m.privacy_processing_account_purpose,
    basis: m.privacy_processing_account_basis,
  },
  {
    title: m.privacy_processing_bookings_title,
    data: m.privacy_processing_bookings_data,
    purpose: m.privacy_processing_bookings_purpose,
    basis: m.privacy_processing_bookings_basis,
  },
  {
    title: m.privacy_processing_messages_title,
    data: m.privacy_processing_messages_data,
    purpose: m.privacy_processing_messages_purpose,
    basis: m.privacy_processing_messages_basis,
  },
  {
    title: m.privacy_processing_emails_title,
    data: m.privacy_processing_emails_data,
    purpose: m.privacy_processing_emails_purpose,
    basis: m.privacy_processing_emails_basis,
  },
  {
    title: m.privacy_processing_security_title,
    data: m.privacy_processing_security_data,
    purpose: m.privacy_processing_security_purpose,
    basis: m.privacy_processing_security_basis,
  },
];

/** What the site collects for each purpose, why, and on which legal basis. */
export function ProcessingList() {
  return (
    <>
      {PROCESSING.map((item, index) => (
        // A fixed list, never reordered: its place is its key.
        <div key={index}>
          <h3>{item.title()}</h3>
          <dl className="mt-2 space-y-2">
            <div>
              <dt className="font-semibold text-slate-900">{m.legal_what()}</dt>
              <dd>{item.data()}</dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-900">{m.legal_why()}</dt>
              <dd>{item.purpose()}</dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-900">{m.legal_basis()}</dt>
              <dd>{item.basis()}</dd>
            </div>
          </dl>
        </div>
      ))}
    </>
  );
}
