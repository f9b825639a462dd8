import type { RegistrationServices } from "#server/registrations/register-team";
import type { PaymentProvider } from "./providers/payment-provider";

/** What the payment commands need: the booking's services and the configured provider. */
export type PaymentServices = RegistrationServices & { payments: PaymentProvider };

/** How long a booking's places are held while its booker pays. */
export const HOLD_MINUTES = 15;

/** How long a team moved up from the waitlist has to pay for its place, when it chose to pay online. */
export const PROMOTED_HOLD_HOURS = 24;
