import { randomUUID } from "node:crypto";
import { log } from "#server/log";

/** One e-invoice as an access point takes it: the UBL and who sends it to whom. */
type Einvoice = {
  invoiceId: string;
  number: string;
  /** The seller's CVR (Peppol scheme 0184). */
  senderCvr: string;
  /** The buyer's EAN/GLN (Peppol scheme 0088). */
  receiverEan: string;
  xml: string;
};

/**
 * Where e-invoices leave RCL for the Peppol network: a certified access point's API
 * (ADR 035 lists the ones a deployment would plug in). `send` resolves with the access
 * point's id for the message once it has taken it, and throws when it did not, so the
 * job queue tries again.
 */
export type AccessPoint = { name: string; send(einvoice: Einvoice): Promise<{ messageId: string }> };

/**
 * The access point of development, the demo and the tests: it takes every e-invoice and
 * writes one log line, as no certified access point is reachable from here.
 */
export function createLoggingAccessPoint(): AccessPoint {
  return {
    name: "log",
    async send(einvoice) {
      const messageId = `log-${randomUUID()}`;
      log.info(
        `E-invoice ${einvoice.number} from CVR ${einvoice.senderCvr} to EAN ${einvoice.receiverEan} taken (${messageId}, ${einvoice.xml.length} bytes).`,
      );
      return { messageId };
    },
  };
}
